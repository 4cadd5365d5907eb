import type { CatalogueImportItem, CreateCatalogueImport } from '../entities/catalogue-import.js';
import { getDb } from '../service.js';
import { writtenUnlessConditionFailed } from '../../lib/errors.js';

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
