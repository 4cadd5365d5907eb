import { ulid } from 'ulid';
import type { z } from 'zod';
import { COMPANY_TAGS } from '../../shared/constants.js';
import { canonicalTags } from '../../shared/company-tags.js';
import { MESSAGES } from '../../shared/messages.js';
import type { companyInput, CompanyUpdate } from '../../shared/schemas/company.js';
import * as companies from '../data/access/companies.js';
import { hasLabels } from '../data/access/labels.js';
import { getUsers } from '../data/access/users.js';
import { BadRequest, Conflict, InvalidField, NotFound } from '../lib/errors.js';
import { setCompanySubscription } from '../plans/company-plan.js';
import { findPlan } from '../plans/entitlements.js';
import { storedChanges } from '../reference/record-shape.js';
import { companyShape } from './company-shape.js';

/** Admin management of companies (tenants) and their users. */

/** A plan the admin picks must exist, however recently saved (the field is named in the refusal). */
async function assertPlanExists(planId: string): Promise<void> {
  if (!(await findPlan(planId))) {
    throw new InvalidField('subscription_id', 'Subscription plan not found');
  }
}
async function load(companyId: string) {
  const found = await companies.getCompany(companyId);
  if (!found) throw new NotFound('Company');
  return found;
}

const withCanonicalTags = <T extends { tags?: string[] }>(input: T): T =>
  input.tags ? { ...input, tags: canonicalTags(input.tags, COMPANY_TAGS) } : input;

export async function createCompany(input: z.infer<typeof companyInput>) {
  const companyId = ulid();
  const { subscription_id: planId, ...fields } = input;
  if (planId) await assertPlanExists(planId);
  const { set } = await storedChanges(companyShape(companyId), withCanonicalTags(fields));
  await companies.createCompany({ ...(set as { name: string }), companyId });
  if (planId) await setCompanySubscription(companyId, { planId, status: 'active', provider: 'admin' });
  return { companyId, message: 'Company Added' };
}

/**
 * Updates a company and, when `company_users` is given, its memberships to exactly that list:
 * new users are added, roles changed, users left out removed, all in one transaction.
 */
export async function updateCompany(companyId: string, input: CompanyUpdate) {
  const before = await load(companyId);
  const { company_users: wanted, subscription_id: planId, ...changes } = withCanonicalTags(input);
  if (planId) await assertPlanExists(planId);
  const { set: fields, remove } = await storedChanges(companyShape(companyId), changes, before);
  const current = await companies.membersOf(companyId);
  const roleNow = new Map(current.map((m) => [m.userId, m.role]));
  let added = 0;
  if (wanted) {
    const ids = [...new Set(wanted.map((w) => w.user_id))];
    if (ids.length !== wanted.length)
      throw new BadRequest('A user is listed twice', { company_users: ['A user is listed twice'] });
    const users = await getUsers(ids);
    const unknown = ids.filter((id) => !users.some((u) => u.userId === id));
    if (unknown.length)
      throw new BadRequest(`Unknown users: ${unknown.join(', ')}`, {
        company_users: [`Unknown users: ${unknown.join(', ')}`],
      });
    added = wanted.filter((w) => !roleNow.has(w.user_id)).length;
  }
  await companies.updateCompanyAndMembers(companyId, {
    set: fields,
    remove,
    put: (wanted ?? [])
      .filter((w) => roleNow.get(w.user_id) !== w.role)
      .map((w) => ({ userId: w.user_id, role: w.role })),
    removeUsers: (wanted ? current.filter((m) => !wanted.some((w) => w.user_id === m.userId)) : []).map(
      (m) => m.userId,
    ),
  });
  // The admin's plan picker: the one writer of a company's plan (a no-op pick keeps the billing state).
  if (planId && planId !== before.subscription_id) {
    await setCompanySubscription(companyId, { planId, status: 'active', provider: 'admin' });
  }
  return { message: added > 0 ? MESSAGES.newUserAddedToCompany : MESSAGES.companyUpdated };
}

/** A company with labels is refused: its catalogue would be left without a tenant. */
export async function deleteCompany(companyId: string) {
  const company = await load(companyId);
  if (await hasLabels(companyId)) throw new Conflict(`${company.name} still has labels; delete or move them first`);
  const members = await companies.membersOf(companyId);
  await companies.deleteCompanyAndMembers(
    companyId,
    members.map((m) => m.userId),
  );
  return { message: `Company ${company.name} deleted` };
}
