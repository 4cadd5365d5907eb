import type { Role } from '../../shared/constants.js';
import { getDb } from '../data/service.js';

type CompanyItem = NonNullable<Awaited<ReturnType<ReturnType<ReturnType<typeof getDb>['entities']['Company']['get']>['go']>>['data']>;

/** A user's companies with the role they hold in each, sorted by company name. */
export async function membershipsOf(userId: string): Promise<{ company: CompanyItem; role: Role }[]> {
  const db = getDb();
  const memberships = (await db.entities.CompanyUser.query.byUser({ userId }).go({ pages: 'all' })).data;
  if (!memberships.length) return [];
  const companies = (await db.entities.Company.get(memberships.map((m) => ({ companyId: m.companyId }))).go()).data;
  const roleIn = new Map(memberships.map((m) => [m.companyId, m.role]));
  return companies
    .map((company) => ({ company, role: roleIn.get(company.companyId) ?? 'user' }))
    .sort((a, b) => a.company.name.localeCompare(b.company.name));
}
