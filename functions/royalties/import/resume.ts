import { ENV } from '../../../infra/resources.js';
import { getImport, listProcessingImports, releaseRunClaims } from '../../data/access/royalty-imports.js';
import type { JobResumer } from '../../jobs/job-kinds.js';
import { requireEnv } from '../../lib/clients.js';
import { queueImport, runIsAlive } from './run-claim.js';

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
