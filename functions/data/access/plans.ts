import type { CompanyItem } from '../entities/company.js';
import type { CreatePlan, PlanItem, UpdatePlan } from '../entities/plan.js';
import { writtenUnlessConditionFailed } from '../../lib/errors.js';
import { getDb } from '../service.js';
import { LISTS, listsChangedAfterWrite } from '../list-cache.js';

/** Every query of subscription plans and of a company's counted usage, by name. */

const plans = () => getDb().entities.Plan;
const usage = () => getDb().entities.CompanyUsage;

export async function getPlanItem(planId: string): Promise<PlanItem | null> {
  return (await plans().get({ planId }).go()).data;
}

/** Every plan (a handful: one page). */
export async function listPlanItems(): Promise<PlanItem[]> {
  return (await plans().query.all({}).go({ pages: 'all' })).data;
}

/** Creates a plan; false when one with this id exists already. */
export async function createPlanItem(plan: CreatePlan): Promise<boolean> {
  const created = await writtenUnlessConditionFailed(() => plans().create(plan).go());
  if (created) await listsChangedAfterWrite([LISTS.plans]);
  return created;
}

/** Sets fields of a plan and removes the `cleared` ones; a `limits` map replaces the stored one whole (a limit left out is unlimited). */
export async function patchPlanItem(
  planId: string,
  changes: UpdatePlan,
  cleared: readonly ('statement_descriptor' | 'stripe_id')[] = [],
): Promise<void> {
  const patch = plans().patch({ planId }).set(changes);
  await (cleared.length ? patch.remove([...cleared]) : patch).go();
  await listsChangedAfterWrite([LISTS.plans]);
}

export async function deletePlanItem(planId: string): Promise<void> {
  await plans().delete({ planId }).go();
  await listsChangedAfterWrite([LISTS.plans]);
}

/** The declared bytes of the files a company has uploaded (0 before its first). */
export async function storageBytesUsed(companyId: string): Promise<number> {
  return (await usage().get({ companyId }).go()).data?.storage_bytes ?? 0;
}

/**
 * Adds `bytes` to the company's storage counter in one conditional write: the counter stays at or
 * under `capacityBytes` (null: no cap). False when the addition would pass the cap (nothing changes).
 */
export async function reserveStorageBytes(
  companyId: string,
  bytes: number,
  capacityBytes: number | null,
): Promise<boolean> {
  const add = () => usage().update({ companyId }).add({ storage_bytes: bytes });
  if (capacityBytes === null) return writtenUnlessConditionFailed(() => add().go());
  if (bytes > capacityBytes) return false;
  const room = capacityBytes - bytes;
  return writtenUnlessConditionFailed(() =>
    add()
      .where(({ storage_bytes }, { notExists, lte }) => `${notExists(storage_bytes)} OR ${lte(storage_bytes, room)}`)
      .go(),
  );
}

/** Takes `bytes` off the company's storage counter when a file goes; a counter that would go below zero is zeroed. */
export async function releaseStorageBytes(companyId: string, bytes: number): Promise<void> {
  const taken = await writtenUnlessConditionFailed(() =>
    usage()
      .update({ companyId })
      .subtract({ storage_bytes: bytes })
      .where(({ storage_bytes }, { gte }) => gte(storage_bytes, bytes))
      .go(),
  );
  if (!taken) await usage().upsert({ companyId, storage_bytes: 0 }).go();
}

/** Every company's plan fields (which plan each is on: counted before a plan is deleted). */
export async function companiesPlanFields(): Promise<
  { companyId: string; subscription_id?: string; subscription?: CompanyItem['subscription'] }[]
> {
  return (
    await getDb()
      .entities.Company.query.all({})
      .go({ pages: 'all', attributes: ['companyId', 'subscription_id', 'subscription'] })
  ).data;
}
