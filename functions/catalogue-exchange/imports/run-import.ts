import { ulid } from 'ulid';
import {
  addChunkProgress,
  claimCatalogueImport,
  getCatalogueImport,
  markCatalogueImportDone,
  releaseCatalogueImport,
  updateCatalogueImport,
} from '../../data/access/catalogue-imports.js';
import type { CatalogueImportItem } from '../../data/entities/catalogue-import.js';
import { createImportRecord, getImportRecord } from '../../data/access/imports.js';
import { HttpError } from '../../lib/errors.js';
import { log } from '../../lib/logger.js';
import { pushToUser } from '../../realtime/push.js';
import type { ImportContext, ImportModel, MappedRow, PlannedRecord } from '../import-model.js';
import { importerFor } from '../importers.js';
import { loadPlan, savePlan } from './import-files.js';
import { CHUNK_RECORDS, leaseFrom, nextStep, recordsAdded } from './lease.js';
import { isWritable, planCounts, planImport, type ImportPlan } from './pipeline.js';
import { queueImportStep, type ImportStep } from './queue.js';

/**
 * The catalogue import worker's steps. `plan` reads the file again (the catalogue may have changed
 * since the preview), keeps the records to write beside the file and queues chunk 0; each chunk
 * writes its records (a record that fails does not stop the others), moves the progress forward,
 * pushes it to the user and queues the next; the last one adds the import to the history.
 *
 * Each step runs under a lease on the job (lease.ts). The step that runs is the one the job's state
 * asks for, whatever the message said: a re-delivered plan once records are being written carries
 * on with the next chunk instead of planning again, and a re-delivered chunk already counted moves
 * on to the next one or finishes. The lease is let go before the next step is queued, so that step
 * never finds it held.
 */
/**
 * Records of a chunk written side by side: each is its own transaction and the time goes to round
 * trips. They contend on nothing shared (the release importer marks lists changed once per chunk).
 */
const WRITES_AT_ONCE = 16;

type ImportProgress = {
  type: 'catalogue_import.progress';
  import_id: string;
  done: number;
  total: number;
  status: string;
  added: number;
  message?: string;
};

const addedMessage = (n: number) => `${n} records were added`;

function progressOf(job: CatalogueImportItem): ImportProgress {
  return {
    type: 'catalogue_import.progress',
    import_id: job.importId,
    done: job.done ?? 0,
    total: job.total ?? 0,
    status: job.status,
    added: recordsAdded(job),
    ...(job.status === 'done' ? { message: addedMessage(recordsAdded(job)) } : {}),
    ...(job.status === 'failed' && job.message ? { message: job.message } : {}),
  };
}

async function push(tenantId: string, importId: string): Promise<void> {
  const job = await getCatalogueImport(tenantId, importId);
  if (job) await pushToUser(job.userId, progressOf(job));
}

const contextOf = (job: CatalogueImportItem): ImportContext => ({
  tenantId: job.tenantId,
  userId: job.userId,
  importId: job.importId,
});

/** The part of a plan the chunks need: the records to write and the rows behind them. */
type StoredPlan = { records: PlannedRecord[]; rows: Record<number, MappedRow> };

async function planStep(job: CatalogueImportItem): Promise<ImportStep | undefined> {
  let plan: ImportPlan;
  try {
    plan = await planImport(
      {
        tenantId: job.tenantId,
        userId: job.userId,
        model: job.model as ImportModel,
        file: { key: job.fileKey, filename: job.filename, size: job.filesize },
        columnMap: job.columnMap ? (JSON.parse(job.columnMap) as Record<string, string>) : undefined,
      },
      job.importId,
    );
  } catch (error) {
    // The file's own problems (unreadable, no rows) end the import with the reason; others are retried.
    if (!(error instanceof HttpError)) throw error;
    await updateCatalogueImport(job.tenantId, job.importId, { status: 'failed', message: error.message });
    await push(job.tenantId, job.importId);
    return undefined;
  }
  const records = plan.records.filter(isWritable);
  // Rows are numbered from 2 (the header is row 1): rows[i] is row i + 2.
  const rows: Record<number, MappedRow> = {};
  for (const record of records) for (const n of record.rows) rows[n] = plan.rows[n - 2];
  await savePlan(job.tenantId, job.importId, { records, rows } satisfies StoredPlan);
  const counts = planCounts(plan);
  const chunks = Math.ceil(records.length / CHUNK_RECORDS);
  await updateCatalogueImport(job.tenantId, job.importId, {
    // Writing even with nothing to write: finish() then marks it done once it is in the history.
    status: 'writing',
    total: records.length,
    invalid: counts.invalid,
    duplicates: counts.duplicates,
    chunks,
  });
  if (!chunks) {
    await finish(job.tenantId, job.importId);
    return undefined;
  }
  await push(job.tenantId, job.importId);
  return { tenantId: job.tenantId, importId: job.importId, step: 'chunk', chunk: 0 };
}

/** Rows of a stored plan as the model's `write` reads them: `rows[n - 2]` is row n. */
function rowsFor(stored: StoredPlan): MappedRow[] {
  const rows: MappedRow[] = [];
  for (const [n, row] of Object.entries(stored.rows)) rows[Number(n) - 2] = row;
  return rows;
}

/**
 * Writes one chunk; answers the step that follows (none once the import is finished). Safe to run
 * twice: records already written are found, not written again, and the counts move once.
 */
export async function chunkStep(job: CatalogueImportItem, chunk: number): Promise<ImportStep | undefined> {
  if (job.status === 'done' || job.status === 'failed') return undefined;
  const stored = (await loadPlan(job.tenantId, job.importId)) as StoredPlan;
  const importer = importerFor(job.model as ImportModel);
  const rows = rowsFor(stored);
  const slice = stored.records.slice(chunk * CHUNK_RECORDS, (chunk + 1) * CHUNK_RECORDS);
  let added = 0;
  let failed = 0;
  const writeOne = async (record: PlannedRecord) => {
    try {
      // Read after the await: `added += await …` would add to a stale total when records run side by side.
      const n = await importer.write(contextOf(job), record, rows);
      added += n;
    } catch (error) {
      // One record's refusal (its UPC taken meanwhile) must not stop the others.
      failed += 1;
      log().warn('catalogue import record not written', {
        importId: job.importId,
        key: record.key,
        reason: error instanceof Error ? error.message : String(error),
      });
    }
  };
  // A few records side by side, each taking the next as soon as it is done (no waiting for the
  // slowest of a batch): each is its own transaction, and the time goes to round trips.
  let next = 0;
  const writer = async () => {
    while (next < slice.length) await writeOne(slice[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(WRITES_AT_ONCE, slice.length) }, writer));
  await importer.afterWrites?.(contextOf(job));
  const doneAtLeast = Math.min(stored.records.length, (chunk + 1) * CHUNK_RECORDS);
  await addChunkProgress(job.tenantId, job.importId, { added, failed, doneAtLeast });
  if (chunk + 1 < Math.ceil(stored.records.length / CHUNK_RECORDS)) {
    await push(job.tenantId, job.importId);
    return { tenantId: job.tenantId, importId: job.importId, step: 'chunk', chunk: chunk + 1 };
  }
  await finish(job.tenantId, job.importId);
  return undefined;
}

/** The records the import made besides its planned ones (a release's new artists and writers), counted by what exists. */
async function countNamed(job: CatalogueImportItem): Promise<number> {
  const importer = importerFor(job.model as ImportModel);
  if (!importer.countAlsoCreated) return 0;
  const stored = (await loadPlan(job.tenantId, job.importId)) as StoredPlan;
  return importer.countAlsoCreated(contextOf(job), stored.records);
}

/**
 * Adds the import to the imports history once, then marks it done with its final count and tells the user.
 * In that order: a worker that dies between the two leaves the job writing, and the step run again finds
 * the history record and only marks it done.
 */
async function finish(tenantId: string, importId: string): Promise<void> {
  const job = await getCatalogueImport(tenantId, importId);
  if (!job || job.status === 'done') return;
  const done = { ...job, status: 'done', named: await countNamed(job) };
  if (!(await getImportRecord(importId))) {
    await createImportRecord({
      importId,
      userId: job.userId,
      filename: job.filename,
      filesize: job.filesize,
      records: recordsAdded(done),
      type: job.model,
    });
  }
  await markCatalogueImportDone(tenantId, importId, done.named);
  await pushToUser(job.userId, progressOf(done));
}

/** Runs the step the job's state asks for; answers the step to queue after it, if any. */
async function carryOn(job: CatalogueImportItem): Promise<ImportStep | undefined> {
  const next = nextStep(job);
  switch (next.step) {
    case 'plan':
      if (job.status !== 'planning') await updateCatalogueImport(job.tenantId, job.importId, { status: 'planning' });
      return planStep(job);
    case 'chunk':
      return chunkStep(job, next.chunk);
    case 'finish':
      await finish(job.tenantId, job.importId);
      return undefined;
    case 'none':
      return undefined;
  }
}

/**
 * Runs one message of the catalogue import queue: takes the job's lease (a job finished, or held
 * by a live worker, is left alone and the message is done), runs the step the job needs, lets the
 * lease go (also when the step failed, so the queue's retry can take it) and only then queues the
 * next step. A worker that dies before queueing leaves the job's message to come back (in AWS) or
 * the job to be resumed (resume.ts): either runs the step the job still needs.
 */
export async function runImportStep(message: ImportStep): Promise<void> {
  const owner = ulid();
  const job = await claimCatalogueImport(message.tenantId, message.importId, { until: leaseFrom(), owner });
  if (!job) {
    log().info('catalogue import step left alone: finished, missing or held by a live worker', {
      importId: message.importId,
      step: message.step,
    });
    return;
  }
  let next: ImportStep | undefined;
  try {
    next = await carryOn(job);
  } finally {
    await releaseCatalogueImport(job.tenantId, job.importId, owner);
  }
  if (next) await queueImportStep(next);
}
