import { formatDate } from '../../../shared/format.js';
import { listConfirmingRuns } from '../../data/access/payouts.js';
import type { JobResumer } from '../../jobs/job-kinds.js';
import { finishConfirming } from './runs.js';

/**
 * Payment runs as a resumable job. Confirming a run records one payment per account, in the
 * request that confirms it: a crash (or a timeout) part-way leaves the run confirming with some
 * payments recorded. Such a run can never be cancelled, only finished: resuming records the
 * payments not recorded yet (each payment's id comes from the run and the account, so one already
 * recorded is found, never made again) and marks the run confirmed. Running beside a live
 * confirmation is safe for the same reason, so a live run needs no lease to be left alone.
 *
 * Drafts and exported runs are not listed: they wait for a person (export, confirm or cancel),
 * and nothing of theirs is half-done.
 */
export const paymentRunJobs: JobResumer = {
  kind: 'payment_run',
  expectedSeconds: 5 * 60,
  async listUnfinished() {
    return (await listConfirmingRuns()).map((run) => ({
      kind: 'payment_run' as const,
      tenantId: run.tenantId,
      id: run.runId,
      what: `Payment run of ${formatDate(run.execution_date)} (${run.items.length} statements)`,
      state: 'Marking paid',
      since: run.confirmingSince ?? run.updatedAt ?? run.createdAt ?? '',
      startedBy: run.confirmedBy,
    }));
  },
  async resume({ tenantId, id }) {
    await finishConfirming(tenantId, id);
  },
};
