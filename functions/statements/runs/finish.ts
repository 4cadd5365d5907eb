import { getRun, moveRun } from '../../data/access/statements.js';
import type { StatementRunItem } from '../../data/entities/statements.js';
import { pushRunProgress } from './progress.js';

/** Every account of the run is counted: published, or left out as stated already by another statement. */
const allCounted = (run: Pick<StatementRunItem, 'done' | 'skipped' | 'total'>) =>
  (run.done ?? 0) + (run.skipped ?? 0) >= (run.total ?? 0);

/**
 * After an account was counted: the run is published once every account is (only a publishing
 * run moves, so the last two finishing at once publish it once), and its user sees the percent.
 */
export async function accountCounted(tenantId: string, runId: string): Promise<void> {
  const run = await getRun(tenantId, runId);
  if (!run) return;
  if (allCounted(run) && run.status === 'publishing') {
    await moveRun(tenantId, runId, ['publishing'], { status: 'published', publishedAt: new Date().toISOString() });
  }
  // Read again: the last two accounts finishing together both push the run as it ends, published.
  const now = await getRun(tenantId, runId);
  if (now) await pushRunProgress(now);
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
