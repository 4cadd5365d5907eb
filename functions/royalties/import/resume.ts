import { ENV } from '../../../infra/resources.js';
import { listProcessingImports, releaseRunClaims } from '../../data/access/royalty-imports.js';
import { requireEnv } from '../../lib/clients.js';
import { queueImport } from './run-claim.js';

/**
 * Resumes the imports a stopped local cloud left processing (issue 15). The local queue (fauxqs)
 * keeps its messages in memory only, so a restart loses the message of an import under way, and
 * of its parts. On start no run of before can be alive: their claims are dropped and each import
 * is queued again. The worker then runs it as a redelivery: a whole report from the file, a large
 * one split again with its stored parts kept (a part is stored once), so every line is stored once.
 *
 * In AWS the queue is durable and this is not needed; a run that died is taken over by the
 * message's redelivery, or by the user's "Re-run import".
 */
export async function resumeUnfinishedImports(): Promise<number> {
  const bucket = requireEnv(ENV.ledgerBucket);
  const unfinished = await listProcessingImports();
  for (const item of unfinished) {
    await releaseRunClaims(item.tenantId, item.id);
    await queueImport(bucket, item.source_key);
  }
  return unfinished.length;
}
