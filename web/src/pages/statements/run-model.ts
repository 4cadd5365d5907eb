import type { RunStatus, StatementRun } from '../../../../shared/schemas/statement-views';
import { wholePercent } from '../royalties/royalty-model';

/** While the worker is on a run the page re-reads it (the WebSocket push makes it sooner). */
export const isRunActive = (status: RunStatus | undefined) => status === 'previewing' || status === 'publishing';

/** How often an active run is re-read when no push arrives. */
export const RUN_POLL_MS = 2500;

/**
 * The run a pushed message is about: `{ type: 'StatementRun', run: { id, progress } }` or a flat
 * `run_id`/`id` (the runs slice's push), else null.
 */
export function pushedRun(message: Record<string, unknown>): { id: string; progress?: number } | null {
  const run = message.run ?? message.statement_run;
  if (run && typeof run === 'object' && typeof (run as { id?: unknown }).id === 'string') {
    const { id, progress } = run as { id: string; progress?: unknown };
    return typeof progress === 'number' ? { id, progress } : { id };
  }
  const id = message.run_id ?? message.id;
  if (typeof id !== 'string') return null;
  return typeof message.progress === 'number' ? { id, progress: message.progress } : { id };
}

/** A publishing run's progress as a whole percent: the run's own figure, else done of total. */
export function runPercent(
  run: Pick<StatementRun, 'progress' | 'done' | 'total' | 'status'> & { skipped?: number },
  pushed?: number,
): number {
  if (run.status === 'published') return 100;
  const fromCounts = run.total > 0 ? ((run.done + (run.skipped ?? 0)) / run.total) * 100 : 0;
  return wholePercent(Math.max(pushed ?? 0, run.progress ?? 0, fromCounts));
}
