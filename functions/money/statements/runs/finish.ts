import { claimProgressPush, getRun, moveRun } from '../../../data/access/statements.js';
import type { StatementRunItem } from '../../../data/entities/statements.js';
import { deleteObjectsUnder } from '../../../lib/bucket-objects.js';
import { log } from '../../../lib/logger.js';
import { runKeys, statementsBucket } from '../statement-keys.js';
import { runProgress } from '../api/present.js';
import { pushRunProgress } from './progress.js';
import { timed } from '../../../lib/step-timings.js';

/** Every account of the run is counted: published, or left out as stated already by another statement. */
const allCounted = (run: Pick<StatementRunItem, 'done' | 'skipped' | 'total'>) =>
  (run.done ?? 0) + (run.skipped ?? 0) >= (run.total ?? 0);

/**
 * After an account was counted: the run is published once every account is (only a publishing
 * run moves, so the last two finishing at once publish it once), and its user sees the percent.
 * The user is told when the whole percent moves and when the run ends, not after every statement: a run of a
 * thousand accounts pushed a thousand messages (and read its run again for each) to show a hundred figures. Steps
 * that finish side by side read the same count, so each percent is claimed on the run first and told once.
 */
export async function accountCounted(tenantId: string, runId: string): Promise<void> {
  const run = await getRun(tenantId, runId);
  if (!run) return;
  if (!allCounted(run)) {
    // A percent the read already shows told is not claimed again (the claim only moves upwards, so it would fail).
    const percent = runProgress(run);
    if (
      percentMoved(run) &&
      (run.pushed_percent ?? -1) < percent &&
      (await claimProgressPush(tenantId, runId, percent))
    )
      await timed('counted.push', () => pushRunProgress(run));
    return;
  }
  if (
    run.status === 'publishing' &&
    (await moveRun(tenantId, runId, ['publishing'], { status: 'published', publishedAt: new Date().toISOString() }))
  ) {
    await dropAccountFiles(tenantId, runId);
  }
  // Read again: the last two accounts finishing together both push the run as it ends, published.
  const now = await timed('counted.read_again', () => getRun(tenantId, runId));
  if (now) await timed('counted.push', () => pushRunProgress(now));
}

/**
 * Whether the count as read is the first at its whole percent. Counts read by two accounts at once may both be
 * past it, so a percent's push can be skipped; the next percent's push, or the end's, shows the run as it is.
 */
export function percentMoved(run: Pick<StatementRunItem, 'status' | 'done' | 'skipped' | 'total'>): boolean {
  const counted = (run.done ?? 0) + (run.skipped ?? 0);
  if (counted <= 1) return true;
  return runProgress(run) !== runProgress({ ...run, done: counted - 1, skipped: 0 });
}

/**
 * A published run's account records and CSVs were the account steps' input: each statement keeps its own
 * copy of its CSV, and a step delivered again once the run is published finds its statement published and
 * reads nothing. Kept, they doubled the storage of every statement. A failure to delete is logged, not
 * raised: the run is published either way.
 */
async function dropAccountFiles(tenantId: string, runId: string): Promise<void> {
  try {
    const { refused } = await deleteObjectsUnder(statementsBucket(), [runKeys.accounts(tenantId, runId)]);
    if (refused.length) log().warn('statement run account files not deleted', { tenantId, runId, refused });
  } catch (error) {
    log().warn('statement run account files not deleted', { tenantId, runId, error: String(error) });
  }
}

/**
 * Marks a run failed with a reason the user reads, unless it is published already (a late failure
 * of a re-delivered message does not undo it). Statements published before stay published.
 */
export async function failRun(tenantId: string, runId: string, reason: string): Promise<void> {
  if (
    await moveRun(tenantId, runId, ['previewing', 'preview_ready', 'publishing'], { status: 'failed', error: reason })
  ) {
    const run = await getRun(tenantId, runId);
    if (run) await pushRunProgress(run);
  }
}
