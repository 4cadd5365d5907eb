import type { StatementRunItem } from '../../../data/entities/statements.js';
import { pushToUser } from '../../../realtime/push.js';
import { runProgress } from '../api/present.js';

/**
 * Tells the user who started a run how far it is, over the WebSocket API: its status and a whole
 * percent. A scheduled run has nobody to tell; a failed push never fails the run.
 */
export async function pushRunProgress(
  run: Pick<StatementRunItem, 'tenantId' | 'runId' | 'userId' | 'status' | 'done' | 'skipped' | 'total' | 'error'>,
): Promise<void> {
  if (!run.userId) return;
  await pushToUser(run.userId, {
    type: 'StatementRun',
    statement_run: {
      id: run.runId,
      status: run.status,
      progress: runProgress(run),
      done: run.done ?? 0,
      skipped: run.skipped ?? 0,
      total: run.total ?? 0,
      error: run.error ?? null,
    },
  }).catch(() => 0);
}
