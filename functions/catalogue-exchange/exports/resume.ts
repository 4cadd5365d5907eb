import { QUEUES } from '../../../infra/resources.js';
import { getExportJob, listUnfinishedExportJobs } from '../../data/access/catalogue-export.js';
import type { JobResumer } from '../../jobs/job-kinds.js';
import { EXPORT_UNFINISHED } from '../../../shared/catalogue-exchange/exports.js';
import { queueExport } from './queue.js';

const STATES: Record<(typeof EXPORT_UNFINISHED)[number], string> = {
  queued: 'Waiting to start',
  running: 'Writing the file',
};

/** A worker writing an export is stopped by Lambda after this long, so a run older than it has no worker alive. */
const WORKER_LIMIT_MS = QUEUES.catalogueExport.workerTimeoutSeconds * 1000;

const isUnfinished = (status: string): boolean => (EXPORT_UNFINISHED as readonly string[]).includes(status);

/**
 * Catalogue exports as a resumable job. An export waits in the queue, then its worker writes the whole file
 * and marks it done; a worker that dies on the way leaves it "running", and the local queue loses the message
 * of an export still waiting. Resuming queues its message again: the worker writes the file from the start
 * under the same key (a file half written is never stored: it is uploaded only when whole), and an export
 * already done is left as it is, so a message delivered twice stores one file.
 *
 * On start no worker of before is alive, so every unfinished export is queued again. The admins' Resume
 * leaves an export alone while a worker may still be writing it (marked running within the worker's time
 * limit), so a live run is not doubled.
 */
export const catalogueExportJobs: JobResumer = {
  kind: 'catalogue_export',
  expectedSeconds: QUEUES.catalogueExport.workerTimeoutSeconds,
  async listUnfinished() {
    return (await listUnfinishedExportJobs()).map((job) => ({
      kind: 'catalogue_export' as const,
      tenantId: job.tenantId,
      id: job.id,
      what: job.filename,
      state: STATES[job.status as keyof typeof STATES] ?? 'Exporting',
      since: String(job.updatedAt ?? job.createdAt ?? ''),
      startedBy: job.userId,
    }));
  },
  async resume({ tenantId, id }, { onStart }) {
    const job = await getExportJob(tenantId, id);
    if (!job || !isUnfinished(job.status)) return;
    const since = Date.parse(String(job.updatedAt ?? job.createdAt ?? ''));
    const mayBeAlive = job.status === 'running' && Date.now() - since < WORKER_LIMIT_MS;
    if (!onStart && mayBeAlive) return;
    await queueExport({ tenantId, exportId: id });
  },
};
