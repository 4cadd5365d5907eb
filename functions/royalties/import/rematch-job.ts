import { getImport } from '../../data/access/royalty-imports.js';
import {
  againImportJob,
  finishImportJob,
  importJobStep,
  requeueImportJob,
  startImportJob,
} from '../../data/access/royalty-import-jobs.js';
import { HttpError, NotFound } from '../../lib/errors.js';
import { log } from '../../lib/logger.js';
import { stoppedAfterAttempts } from '../../lib/queue-attempts.js';
import { rematchImport } from '../api/import-actions.js';
import type { ImportJobResult } from '../../data/entities/royalties.js';
import { type ImportJobMessage, queueImportJobMessage, staleRunBefore } from './run-claim.js';
import { ulid } from 'ulid';

/**
 * A finished import matched again in the import worker: asked for by "Re-match", by a match assigned by hand, or by
 * the exchange rates applied again (import-actions.ts queues it on the import, then sends its message). A re-match
 * rewrites the import's whole ledger file, which for a large report takes longer than an API request may.
 *
 * The message names the job by its claim. A delivery starts the job only while it is queued, or running with no sign
 * of life past the worker's timeout (its worker died): a duplicate delivery while it runs, or a late one of an earlier
 * job, does nothing. Running it again after a death is safe: a re-match reads the file the import points to, writes a
 * new one and points the import at it in one conditional write, so its lines are never stored twice.
 */
export type ImportJobOutcome = 'done' | 'again' | 'failed' | 'skipped';

/** The progress the import's page shows: started, lines matched, file and sums written (100 when it is recorded). */
const STEP_PROGRESS = { matched: 60, written: 90 } as const;

export async function runImportJob(
  { tenantId, importId, token }: ImportJobMessage,
  { lastAttempt = false }: { lastAttempt?: boolean } = {},
): Promise<ImportJobOutcome> {
  if (!(await startImportJob(tenantId, importId, token, staleRunBefore()))) return 'skipped';
  try {
    const { id: _id, ...result } = await rematchImport(tenantId, importId, async (step) => {
      await importJobStep(tenantId, importId, token, STEP_PROGRESS[step]);
    });
    return await finishOrAgain({ tenantId, importId, token }, result);
  } catch (error) {
    // Deleted meanwhile: there is nothing left to re-match, nor to record the job on.
    if (error instanceof NotFound) return 'skipped';
    // Refused in the user's words (statements being published, the import changed by someone else): said on the page.
    if (error instanceof HttpError) {
      await finishImportJob(tenantId, importId, token, { error: error.message });
      return 'failed';
    }
    if (lastAttempt) {
      const reason = stoppedAfterAttempts(
        'royaltyImport',
        'The re-match',
        'Re-match the import again; if it stops again, contact support.',
      );
      await finishImportJob(tenantId, importId, token, { error: reason }).catch((failed) =>
        log().error('re-match not recorded as stopped', { tenantId, importId, error: failed }),
      );
    } else {
      // The message comes again: its next delivery takes the job over.
      await requeueImportJob(tenantId, importId, token).catch(() => undefined);
    }
    throw error;
  }
}

/** How often the end is recorded when asks keep changing what the job runs as next (each a read and a write). */
const FINISH_ATTEMPTS = 5;

/**
 * Records the job done, or, when something was asked while it ran (a match assigned, rates applied, a re-match:
 * `job_again`), queues it once more as that ask in one write and sends its message: this run read the catalogue,
 * rules and rates before the ask, and the user's change must reach the lines.
 */
async function finishOrAgain(
  { tenantId, importId, token }: ImportJobMessage,
  result: ImportJobResult,
): Promise<ImportJobOutcome> {
  for (let attempt = 0; attempt < FINISH_ATTEMPTS; attempt += 1) {
    if (await finishImportJob(tenantId, importId, token, { result })) return 'done';
    const item = await getImport(tenantId, importId);
    // Another job took over (resumed, or deleted meanwhile): its own run records the end.
    if (item?.job_token !== token || item.job_status !== 'running') return 'skipped';
    if (!item.job_again) continue;
    const next = ulid();
    if (await againImportJob(tenantId, importId, token, { kind: item.job_again, next })) {
      await queueImportJobMessage({ tenantId, importId, token: next });
      return 'again';
    }
  }
  throw new Error('the re-match could not record its end: asked again too often while it finished');
}
