import { limitRefusal, type PlanLimit } from '../../shared/plans.js';
import { releaseStorageBytes, reserveStorageBytes } from '../data/access/plans.js';
import { PaymentRequired } from '../lib/errors.js';
import { labelCount } from './company-plan-view.js';
import { companyPlan, plansAbove } from './entitlements.js';

/** The form field a limit's refusal names (the user's words: the field they filled in to pass it). */
const LIMIT_FIELDS: Record<PlanLimit, string> = {
  max_users: 'email',
  max_labels: 'name',
  file_storage_capacity: 'file',
  free_promos: 'promo',
};

const MIB = 1024 * 1024;

async function refusal(companyId: string, limit: PlanLimit): Promise<PaymentRequired> {
  const plan = await companyPlan(companyId);
  const max = plan.limits[limit] ?? 0;
  const message = limitRefusal(limit, plan.name, max, await plansAbove(limit, max));
  return new PaymentRequired(message, { [LIMIT_FIELDS[limit]]: [message] });
}

/**
 * Refuses (402, the limit's refusal naming its field) a write that would take the company to `wouldBe`
 * of a limit its plan sets lower, e.g. the 4th user on a 3-user plan. Callers count what the write
 * would make (members + pending invitations + this one) and call it just before writing; admins'
 * own writes are exempt, so callers skip it for them.
 */
export async function assertWithinLimit(companyId: string, limit: PlanLimit, wouldBe: number): Promise<void> {
  const plan = await companyPlan(companyId);
  const max = plan.limits[limit];
  if (max === null || wouldBe <= max) return;
  throw await refusal(companyId, limit);
}

/**
 * Counts a file's declared size against the company's file_storage_capacity at its presign: one
 * atomic conditional ADD on the company's usage counter, so uploads presigned at once can never pass
 * the capacity together. Refused with 402 when it would.
 */
async function reserveStorage(companyId: string, bytes: number): Promise<void> {
  const plan = await companyPlan(companyId);
  const capacityMiB = plan.limits.file_storage_capacity;
  const capacity = capacityMiB === null ? null : capacityMiB * MIB;
  if (!(await reserveStorageBytes(companyId, Math.max(0, Math.ceil(bytes)), capacity))) {
    throw await refusal(companyId, 'file_storage_capacity');
  }
}

/** Gives a deleted file's bytes back to the company's storage counter. */
export async function releaseStorage(companyId: string, bytes: number): Promise<void> {
  if (bytes > 0) await releaseStorageBytes(companyId, Math.ceil(bytes));
}

/**
 * After a tenant presign was made: counts the declared size of the file (the body's `size`) against
 * the company's storage, refusing the URL (402) when the plan's capacity would be passed. An admin's
 * upload is counted but never refused (admins are not limited by plans).
 */
export async function chargeUpload(tenantId: string, isAdmin: boolean, body: unknown): Promise<void> {
  const size = body && typeof body === 'object' ? (body as { size?: unknown }).size : undefined;
  if (typeof size !== 'number' || !Number.isFinite(size) || size <= 0) return;
  if (isAdmin) await reserveStorageBytes(tenantId, Math.ceil(size), null);
  else await reserveStorage(tenantId, size);
}

/**
 * Before a member creates a label: the company's labels plus this one must fit max_labels. Counted
 * before the write, so two creates at the same instant may both pass (approximate, as docs/plans.md says).
 */
export async function assertLabelRoom(companyId: string, isAdmin: boolean): Promise<void> {
  if (isAdmin) return;
  await assertWithinLimit(companyId, 'max_labels', (await labelCount(companyId)) + 1);
}

/**
 * The promos a company may send a month under its plan (null: no limit; admins are not limited), and
 * the 402 a send that would pass it answers. The promos area counts sends in the same transaction that
 * marks a promo sent, so this only says where the limit is.
 */
export async function freePromos(companyId: string, isAdmin: boolean) {
  const max = isAdmin ? null : (await companyPlan(companyId)).limits.free_promos;
  return { max, refusal: () => refusal(companyId, 'free_promos') };
}
