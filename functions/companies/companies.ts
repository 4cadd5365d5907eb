import type { z } from 'zod';
import type { AdminCompany, AdminCompanyRow, CompanyPageField } from '../../shared/schemas/company-views.js';
import { getCompany as loadCompany, listCompanies, membersOf } from '../data/access/companies.js';
import { getUsers } from '../data/access/users.js';
import type { CompanyItem } from '../data/entities/company.js';
import { assertMember, type Caller } from '../lib/auth-context.js';
import { NotFound } from '../lib/errors.js';
import { listAnswer, listQuerySchema, pageOfQuery } from '../lib/list-query.js';
import { presentRecord } from '../reference/record-shape.js';
import { companyShape } from './company-shape.js';
import { membershipsOf } from './memberships.js';
import { effectivePlanId } from '../plans/entitlements.js';

/** What the company page shows beyond the list's fields. */
const COMPANY_PAGE_FIELDS: readonly CompanyPageField[] = [
  'contract_date',
  'self_billing',
  'self_billing_created_at',
  'self_billing_expires_at',
  'profile',
  'site_settings',
  'logo',
  'contract',
  'self_billing_agreement',
  'company_publishers',
  'company_rightsholders',
  'company_distributors',
];

/** Every listed field is present (null when unset), which is what the cast states. */
const pick = <K extends string>(record: Record<string, unknown>, fields: readonly K[]) =>
  Object.fromEntries(fields.map((f) => [f, record[f] ?? null])) as Record<K, unknown>;

function view(c: CompanyItem): AdminCompanyRow {
  return {
    id: c.companyId,
    name: c.name,
    email: c.email,
    tags: c.tags ?? [],
    distributed: c.distributed ?? false,
    deal_percentage: c.deal_percentage,
    registration_number: c.registration_number,
    vat_number: c.vat_number,
    vat_registered: c.vat_registered ?? false,
    currency: c.currency ?? 'GBP',
    country: c.country,
    ipi_name_number: c.ipi_name_number,
    cwr_sender_code: c.cwr_sender_code,
    subscription_id: effectivePlanId(c),
  };
}

export async function listMyCompanies(caller: Caller) {
  const list = (await membershipsOf(caller.user.userId)).map(({ company, role }) => ({ ...view(company), role }));
  return { companies: list, total_count: list.length };
}

/** A company page: its fields and its users with their roles. Members and admins only. */
export async function getCompany(caller: Caller, companyId: string) {
  await assertMember(caller, companyId);
  return companyPage(companyId);
}

/** A company with its users and their roles; callers have already checked access. */
export async function companyPage(companyId: string): Promise<{ company: AdminCompany }> {
  const company = await loadCompany(companyId);
  if (!company) throw new NotFound('Company');
  const members = await membersOf(companyId);
  const users = await getUsers(members.map((m) => m.userId));
  const byId = new Map(users.map((u) => [u.userId, u]));
  const { companyId: _id, createdAt: _c, updatedAt: _u, ...stored } = company;
  const shaped = await presentRecord(companyShape(companyId), stored as Record<string, unknown>);
  return {
    company: {
      ...view(company),
      ...pick(shaped, COMPANY_PAGE_FIELDS),
      company_users: members.map((m) => ({
        user_id: m.userId,
        role: m.role,
        name: byId.get(m.userId)?.name ?? '',
        email: byId.get(m.userId)?.email ?? '',
      })),
    },
  };
}

/** The admin's list of every company: paged, sorted and searched (name, e-mail) like every other list. */
export const adminCompaniesQuery = listQuerySchema(['name', 'email', 'currency'], {});

export async function listAllCompanies(query: z.output<typeof adminCompaniesQuery>) {
  const rows = (await listCompanies()).map(view);
  const page = pageOfQuery(rows, query, {
    searchFields: ['name', 'email'],
    tieBreaker: 'id',
  });
  return listAnswer('companies', page);
}
