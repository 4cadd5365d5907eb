import { getDb } from '../data/service.js';
import { assertMember, type Caller } from '../lib/auth-context.js';
import { NotFound } from '../lib/errors.js';

type CompanyItem = NonNullable<Awaited<ReturnType<ReturnType<ReturnType<typeof getDb>['entities']['Company']['get']>['go']>>['data']>;

function view(c: CompanyItem) {
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
  };
}

export async function listMyCompanies(caller: Caller) {
  const db = getDb();
  const memberships = await db.entities.CompanyUser.query.byUser({ userId: caller.user.userId }).go({ pages: 'all' });
  if (!memberships.data.length) return { companies: [], total_count: 0 };
  const found = await db.entities.Company.get(memberships.data.map((m) => ({ companyId: m.companyId }))).go();
  const role = new Map(memberships.data.map((m) => [m.companyId, m.role]));
  const list = found.data.map((c) => ({ ...view(c), role: role.get(c.companyId) })).sort((a, b) => a.name.localeCompare(b.name));
  return { companies: list, total_count: list.length };
}

/** A company page: its fields and its users with their roles. Members and admins only. */
export async function getCompany(caller: Caller, companyId: string) {
  await assertMember(caller, companyId);
  const db = getDb();
  const company = await db.entities.Company.get({ companyId }).go();
  if (!company.data) throw new NotFound('Company');
  const members = await db.entities.CompanyUser.query.byCompany({ companyId }).go({ pages: 'all' });
  const users = members.data.length ? (await db.entities.User.get(members.data.map((m) => ({ userId: m.userId }))).go()).data : [];
  const byId = new Map(users.map((u) => [u.userId, u]));
  return {
    company: {
      ...view(company.data),
      company_users: members.data.map((m) => ({ user_id: m.userId, role: m.role, name: byId.get(m.userId)?.name ?? '', email: byId.get(m.userId)?.email ?? '' })),
    },
  };
}

export async function listAllCompanies() {
  const all = await getDb().entities.Company.query.all({}).go({ pages: 'all' });
  const companies = all.data.map(view).sort((a, b) => a.name.localeCompare(b.name));
  return { companies, total_count: companies.length, total_pages: 1 };
}
