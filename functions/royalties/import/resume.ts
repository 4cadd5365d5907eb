import { ENV } from '../../../infra/resources.js';
import { getImport, listProcessingImports, releaseRunClaims } from '../../data/access/royalty-imports.js';
import type { JobResumer } from '../../jobs/job-kinds.js';
import { requireEnv } from '../../lib/clients.js';
import { listImportJobsUnderWay, requeueImportJob } from '../../data/access/royalty-import-jobs.js';
import { queueImport, queueImportJobMessage, runIsAlive, staleRunBefore } from './run-claim.js';

/**
 * Royalty imports as a resumable job. The local queue (fauxqs) keeps its messages in memory only,
 * so a restart loses the message of an import under way, and of its parts. On start no run of
 * before can be alive: their claims are dropped and each import is queued again. The worker then
 * runs it as a redelivery: a whole report from the file, a large one split again with its stored
 * parts kept (a part is stored once), so every line is stored once.
 *
 * In AWS the queue is durable: a run that died is taken over by the message's redelivery, by the
 * user's "Re-run import", or by an admin's Resume on the Jobs page (which leaves a live run alone).
 */
export const royaltyImportJobs: JobResumer = {
  kind: 'royalty_import',
  expectedSeconds: 30 * 60,
  async listUnfinished() {
    return (await listProcessingImports()).map((item) => ({
      kind: 'royalty_import' as const,
      tenantId: item.tenantId,
      id: item.id,
      // The report's name as the user uploaded it (the stored name starts with a unique prefix).
      what: item.filename.replace(/^[0-9A-Z]{26}-/, ''),
      state: 'Importing',
      since: String(item.running_since ?? item.updatedAt ?? item.createdAt ?? ''),
      startedBy: item.user_id,
    }));
  },
  async resume({ tenantId, id }, { onStart }) {
    const item = await getImport(tenantId, id);
    if (item?.status !== 'processing') return;
    if (!onStart && runIsAlive(item)) return;
    await releaseRunClaims(tenantId, id);
    await queueImport(requireEnv(ENV.ledgerBucket), item.source_key);
  },
};

/** What each kind of re-match is while under way, in the user's words. */
const JOB_STATES = { queued: 'Waiting to re-match', running: 'Re-matching' } as const;

/**
 * A finished import's re-match (rematch-job.ts) as a resumable job. On start no worker of before can be alive: a job
 * queued or running is queued again with its own claim, and its worker runs it (again) from the import's current
 * ledger file. Otherwise (the admins' Resume) a job running with a sign of life within the worker's timeout is left
 * alone; a queued one is sent again (its message may be lost), and a second delivery of it does nothing.
 */
export const royaltyRematchJobs: JobResumer = {
  kind: 'royalty_rematch',
  expectedSeconds: 30 * 60,
  async listUnfinished() {
    return (await listImportJobsUnderWay()).map((item) => ({
      kind: 'royalty_rematch' as const,
      tenantId: item.tenantId,
      id: item.id,
      what: item.filename.replace(/^[0-9A-Z]{26}-/, ''),
      state: JOB_STATES[item.job_status === 'running' ? 'running' : 'queued'],
      since: String(item.job_since ?? item.job_queued_at ?? item.updatedAt ?? ''),
      startedBy: item.job_user_id,
    }));
  },
  async resume({ tenantId, id }, { onStart }) {
    const item = await getImport(tenantId, id);
    if (item?.job_status !== 'queued' && item?.job_status !== 'running') return;
    const alive = item.job_status === 'running' && String(item.job_since ?? '') >= staleRunBefore();
    if (!onStart && alive) return;
    const token = await requeueImportJob(tenantId, id, item.job_token);
    if (token) await queueImportJobMessage({ tenantId, importId: id, token });
  },
};
