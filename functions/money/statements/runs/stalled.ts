import { QUEUES } from '../../../../infra/resources.js';
import type { StatementRunItem } from '../../../data/entities/statements.js';

/**
 * How long a run may show no progress before it counts as stopped: no delivery of its messages
 * runs longer than the worker's timeout, and a publishing run moves with every account finished.
 */
export const STALL_SECONDS = QUEUES.statementRun.workerTimeoutSeconds;

/** Previewing or publishing with no sign of progress for longer than any one step takes. */
export function runIsStalled(run: Pick<StatementRunItem, 'status' | 'updatedAt' | 'createdAt'>, now = Date.now()) {
  if (run.status !== 'previewing' && run.status !== 'publishing') return false;
  const since = Date.parse(run.updatedAt ?? run.createdAt ?? '');
  return !Number.isFinite(since) || now - since > STALL_SECONDS * 1000;
}
