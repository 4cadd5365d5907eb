import { ulid } from 'ulid';
import type { AccountRef, RunKind } from '../../../../shared/schemas/statement-views.js';
import { createRun } from '../../../data/access/statements.js';
import type { StatementRunItem } from '../../../data/entities/statements.js';
import { queueRunMessages } from './queue.js';

export type RunRequest = {
  kind: RunKind;
  start_pay_period: string;
  end_pay_period: string;
  label_ids?: readonly string[];
  accounts?: readonly AccountRef[];
  /** Who started it (gets its progress); none for the schedule. */
  userId?: string;
  scheduled?: boolean;
  /**
   * Publish straight away, without a preview to look at first: one account's statement
   * (POST statements) and corrections (statements/{id}/new_version).
   */
  publishNow?: boolean;
  /** A correction: the statement the run's one statement replaces. */
  replacesId?: string;
  /** A fixed id (the schedule's, so starting the same scheduled run twice starts it once). */
  runId?: string;
};

/**
 * Starts a statement run: saved as previewing (or publishing, to publish straight away) and its
 * first step queued to the statement worker. Null when a run with the fixed id exists already.
 */
export async function startRun(tenantId: string, request: RunRequest): Promise<StatementRunItem | null> {
  const run = {
    tenantId,
    runId: request.runId ?? ulid(),
    kind: request.kind,
    status: request.publishNow ? ('publishing' as const) : ('previewing' as const),
    start_pay_period: request.start_pay_period,
    end_pay_period: request.end_pay_period,
    label_ids: [...(request.label_ids ?? [])],
    accounts: [...(request.accounts ?? [])],
    total: 0,
    done: 0,
    scheduled: request.scheduled ?? false,
    replaces_id: request.replacesId,
    userId: request.userId,
    createdAt: new Date().toISOString(),
  };
  if (!(await createRun(run))) return null;
  await queueRunMessages([{ type: request.publishNow ? 'publish' : 'preview', tenantId, runId: run.runId }]);
  return run;
}
