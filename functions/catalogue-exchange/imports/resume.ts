import {
  dropCatalogueImportLease,
  getCatalogueImport,
  listUnfinishedCatalogueImports,
} from '../../data/access/catalogue-imports.js';
import type { JobResumer } from '../../jobs/job-kinds.js';
import { isFinished, leaseIsLive, resumeMessage } from './lease.js';
import { queueImportStep } from './queue.js';

const STATES: Record<string, string> = {
  queued: 'Waiting to start',
  planning: 'Checking the file',
  writing: 'Adding records',
};

/**
 * Catalogue imports as a resumable job. The local queue keeps its messages in memory only, so a
 * restart loses the message of an import under way: on start every unfinished import's lease is
 * dropped (no worker of before is alive) and a message is queued for it. The worker runs the step
 * the job's state asks for (plan, the next chunk, or finish), so it carries on from where it
 * stopped and writes no record twice.
 *
 * In AWS the queue is durable: a message re-delivered after its worker died takes the lapsed lease
 * over; the admins' Resume, and the user starting the same import again, do the same by hand (and
 * leave a job a live worker holds alone).
 */
export const catalogueImportJobs: JobResumer = {
  kind: 'catalogue_import',
  expectedSeconds: 30 * 60,
  async listUnfinished() {
    return (await listUnfinishedCatalogueImports()).map((job) => ({
      kind: 'catalogue_import' as const,
      tenantId: job.tenantId,
      id: job.importId,
      what: job.filename,
      state: STATES[job.status] ?? 'Importing',
      since: String(job.updatedAt ?? job.createdAt ?? ''),
      startedBy: job.userId,
    }));
  },
  async resume({ tenantId, id }, { onStart }) {
    const job = await getCatalogueImport(tenantId, id);
    if (!job || isFinished(job.status)) return;
    if (!onStart && leaseIsLive(job)) return;
    if (onStart) await dropCatalogueImportLease(tenantId, id);
    await queueImportStep(resumeMessage(job));
  },
};
