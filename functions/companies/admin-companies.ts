import { ulid } from 'ulid';
import type { z } from 'zod';
import { COMPANY_TAGS } from '../../shared/constants.js';
import { canonicalTags } from '../../shared/company-tags.js';
import { MESSAGES } from '../../shared/messages.js';
import type { companyInput, CompanyUpdate } from '../../shared/schemas/company.js';
import { getDb } from '../data/service.js';
import { writeTransaction } from '../data/transaction.js';
import { listsChanged, LISTS } from '../data/list-cache.js';
import { BadRequest, Conflict, NotFound } from '../lib/errors.js';
import { storedChanges } from '../reference/record-shape.js';
import { companyShape } from './company-shape.js';

/** Admin management of companies (tenants) and their users (spec 3 §3.7, §7.5). */
async function load(companyId: string) {
  const found = await getDb().entities.Company.get({ companyId }).go();
  if (!found.data) throw new NotFound('Company');
  return found.data;
}

const withCanonicalTags = <T extends { tags?: string[] }>(input: T): T => (input.tags ? { ...input, tags: canonicalTags(input.tags, COMPANY_TAGS) } : input);

export async function createCompany(input: z.infer<typeof companyInput>) {
  const companyId = ulid();
  const { set } = await storedChanges(companyShape(companyId), withCanonicalTags(input));
  await getDb().entities.Company.create({ ...(set as { name: string }), companyId }).go();
  return { companyId, message: 'Company Added' };
}

/**
 * Updates a company and, when `company_users` is given, its memberships to exactly that list:
 * new users are added, roles changed, users left out removed, all in one transaction.
 */
export async function updateCompany(companyId: string, input: CompanyUpdate) {
  const before = await load(companyId);
  const { company_users: wanted, ...changes } = withCanonicalTags(input);
  const { set: fields, remove } = await storedChanges(companyShape(companyId), changes, before);
  const current = (await getDb().entities.CompanyUser.query.byCompany({ companyId }).go({ pages: 'all' })).data;
  const roleNow = new Map(current.map((m) => [m.userId, m.role]));
  let added = 0;
  if (wanted) {
    const ids = [...new Set(wanted.map((w) => w.user_id))];
    if (ids.length !== wanted.length) throw new BadRequest('A user is listed twice', { company_users: ['A user is listed twice'] });
    const users = ids.length ? (await getDb().entities.User.get(ids.map((userId) => ({ userId }))).go()).data : [];
    const unknown = ids.filter((id) => !users.some((u) => u.userId === id));
    if (unknown.length) throw new BadRequest(`Unknown users: ${unknown.join(', ')}`, { company_users: [`Unknown users: ${unknown.join(', ')}`] });
    added = wanted.filter((w) => !roleNow.has(w.user_id)).length;
  }
  await writeTransaction(({ Company, CompanyUser, ListVersion }) => [
    (remove.length ? Company.patch({ companyId }).set(fields).remove(remove as never) : Company.patch({ companyId }).set(fields)).commit(),
    // LabelsAdmin shows company names beside labels.
    ...(fields.name ? listsChanged(ListVersion, [LISTS.allLabels]) : []),
    ...(wanted ?? [])
      .filter((w) => roleNow.get(w.user_id) !== w.role)
      .map((w) => CompanyUser.put({ userId: w.user_id, companyId, role: w.role }).commit()),
    ...(wanted ? current.filter((m) => !wanted.some((w) => w.user_id === m.userId)) : []).map((m) =>
      CompanyUser.delete({ userId: m.userId, companyId }).commit(),
    ),
  ]);
  return { message: added > 0 ? MESSAGES.newUserAddedToCompany : MESSAGES.companyUpdated };
}

/** A company with labels is refused: its catalogue would be left without a tenant. */
export async function deleteCompany(companyId: string) {
  const company = await load(companyId);
  const labels = await getDb().entities.Label.query.byTenant({ tenantId: companyId }).go({ limit: 1 });
  if (labels.data.length) throw new Conflict(`${company.name} still has labels; delete or move them first`);
  const members = (await getDb().entities.CompanyUser.query.byCompany({ companyId }).go({ pages: 'all' })).data;
  await writeTransaction(({ Company, CompanyUser }) => [
    Company.delete({ companyId }).commit(),
    ...members.map((m) => CompanyUser.delete({ userId: m.userId, companyId }).commit()),
  ]);
  return { message: `Company ${company.name} deleted` };
}
