import { inEachState } from '../entities/in-states-index.js';
import {
  CATALOGUE_IMPORT_UNFINISHED,
  type CatalogueImportItem,
  type CreateCatalogueImport,
} from '../entities/catalogue-import.js';
import { getDb } from '../service.js';
import { isConditionFailed, writtenUnlessConditionFailed } from '../../lib/errors.js';

/** Every query of catalogue import jobs (functions/catalogue-exchange/imports/), by name. */

const jobs = () => getDb().entities.CatalogueImport;

/** Creates a job; false when one with the id exists already (a start sent twice). */
export async function createCatalogueImport(job: CreateCatalogueImport): Promise<boolean> {
  return writtenUnlessConditionFailed(() => jobs().create(job).go());
}

/** A company's job; another company's reads as absent. */
export async function getCatalogueImport(tenantId: string, importId: string): Promise<CatalogueImportItem | null> {
  return (await jobs().get({ tenantId, importId }).go()).data;
}

type JobChanges = Partial<
  Pick<
    CatalogueImportItem,
    'status' | 'total' | 'done' | 'added' | 'invalid' | 'duplicates' | 'failed' | 'chunks' | 'message'
  >
>;

/** Saves a job's progress. */
export async function updateCatalogueImport(tenantId: string, importId: string, changes: JobChanges): Promise<void> {
  await jobs().patch({ tenantId, importId }).set(changes).go();
}

/**
 * Marks the job done with the records it made besides its planned ones (`named`), unless it is done already.
 * Set, never added: a finish step run twice counts them once.
 */
export async function markCatalogueImportDone(tenantId: string, importId: string, named: number): Promise<void> {
  await writtenUnlessConditionFailed(() =>
    jobs()
      .patch({ tenantId, importId })
      .set({ status: 'done', named })
      .where((a, op) => op.ne(a.status, 'done'))
      .go(),
  );
}

/**
 * Adds one chunk's counts and moves `done` forward to `doneAtLeast`, unless the job already got
 * that far (a retried chunk): answers the job as it now is.
 */
export async function addChunkProgress(
  tenantId: string,
  importId: string,
  counts: { added: number; failed: number; doneAtLeast: number },
): Promise<CatalogueImportItem | null> {
  await writtenUnlessConditionFailed(() =>
    jobs()
      .patch({ tenantId, importId })
      .add({ added: counts.added, failed: counts.failed })
      .set({ done: counts.doneAtLeast })
      .where((a, op) => op.lt(a.done, counts.doneAtLeast))
      .go(),
  );
  return getCatalogueImport(tenantId, importId);
}

/**
 * A worker's lease on an unfinished job for one step: taken when no lease is held or the one held
 * has lapsed (its worker died). The job as it now is, or null when it is finished, missing or in
 * the hands of a live worker.
 */
export async function claimCatalogueImport(
  tenantId: string,
  importId: string,
  lease: { until: string; owner: string },
): Promise<CatalogueImportItem | null> {
  const now = new Date().toISOString();
  try {
    const { data } = await jobs()
      .patch({ tenantId, importId })
      .set({ lease_until: lease.until, lease_owner: lease.owner })
      .where(
        (a, op) =>
          `(${op.eq(a.status, 'queued')} OR ${op.eq(a.status, 'planning')} OR ${op.eq(a.status, 'writing')}) AND ` +
          `(${op.notExists(a.lease_until)} OR ${op.lt(a.lease_until, now)})`,
      )
      .go({ response: 'all_new' });
    return data as CatalogueImportItem;
  } catch (error) {
    if (isConditionFailed(error)) return null;
    throw error;
  }
}

/** Lets go of a lease this run holds (another run's, taken over meanwhile, is left alone). */
export async function releaseCatalogueImport(tenantId: string, importId: string, owner: string): Promise<void> {
  await writtenUnlessConditionFailed(() =>
    jobs()
      .patch({ tenantId, importId })
      .remove(['lease_until', 'lease_owner'])
      .where((a, op) => op.eq(a.lease_owner, owner))
      .go(),
  );
}

/** Drops whatever lease a job holds: the local cloud has just started, so no worker of before is alive. */
export async function dropCatalogueImportLease(tenantId: string, importId: string): Promise<void> {
  await writtenUnlessConditionFailed(() =>
    jobs()
      .patch({ tenantId, importId })
      .remove(['lease_until', 'lease_owner'])
      .where((a, op) => op.exists(a.lease_until))
      .go(),
  );
}

/** Every job not finished, in every company (their sparse index: the local cloud's start and the admins' Jobs page). */
export async function listUnfinishedCatalogueImports(): Promise<CatalogueImportItem[]> {
  return inEachState(
    CATALOGUE_IMPORT_UNFINISHED,
    async (status) => (await jobs().query.unfinished({ status }).go({ pages: 'all' })).data,
  );
}
