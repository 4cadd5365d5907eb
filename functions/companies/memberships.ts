import type { Role } from '../../shared/constants.js';
import { getCompanies, membershipsOfUser } from '../data/access/companies.js';
import type { CompanyItem } from '../data/entities/company.js';

/** A user's companies with the role they hold in each, sorted by company name. */
export async function membershipsOf(userId: string): Promise<{ company: CompanyItem; role: Role }[]> {
  const memberships = await membershipsOfUser(userId);
  if (!memberships.length) return [];
  const companies = await getCompanies(memberships.map((m) => m.companyId));
  const roleIn = new Map(memberships.map((m) => [m.companyId, m.role]));
  return companies
    .map((company) => ({ company, role: roleIn.get(company.companyId) ?? 'user' }))
    .sort((a, b) => a.company.name.localeCompare(b.company.name));
}
