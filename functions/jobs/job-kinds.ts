/**
 * The contract every long-running job of the product keeps (royalty imports, statement runs,
 * catalogue imports and exports, deliveries, payment runs …): nothing it leaves half-done stays stuck.
 *
 * - Each kind lists the jobs it has left in a state that is not final (a scan over every tenant:
 *   the local cloud on start, and the admins' "Jobs" page).
 * - `resume` carries one such job on from where it stopped: it drops claims or leases that cannot
 *   be alive any more and queues the job's message again. The worker then runs it as a
 *   re-delivery, which finishes half-done work and does nothing twice. Resuming a job that has
 *   moved on (finished meanwhile) is a no-op.
 *
 * The local queue keeps its messages in memory only, so the local cloud resumes every unfinished
 * job on start. In AWS the queue is durable: a re-delivered message (after the visibility timeout)
 * takes over; the admins' Resume does the same by hand.
 */
export type JobKind =
  | 'royalty_import'
  | 'royalty_rematch'
  | 'statement_run'
  | 'catalogue_import'
  | 'catalogue_export'
  | 'delivery'
  | 'payment_run'
  | 'promo_send'
  | 'license_reminder';

/** One job in a state that is not final, as the admins' Jobs page lists it. */
export type UnfinishedJob = {
  kind: JobKind;
  tenantId: string;
  /** The job's own id within its tenant (import id, run id, delivery id …). */
  id: string;
  /** What it works on, in the user's words ("sales-2026-q2.csv", "Statements for Jul 2026"). */
  what: string;
  /** The state it is in, in the user's words ("Importing", "Publishing"). */
  state: string;
  /** When it entered that state or last showed a sign of life (ISO). */
  since: string;
  /** Who started it, when known (a user id). */
  startedBy?: string;
};

export type JobResumer = {
  kind: JobKind;
  /** How long a job of this kind may stay unfinished before it counts as stuck. */
  expectedSeconds: number;
  /** Every job of this kind in a state that is not final, in every tenant (a scan: admins and the local cloud only). */
  listUnfinished(): Promise<UnfinishedJob[]>;
  /**
   * Carries one job on from where it stopped (drops dead claims, queues its message again).
   * `onStart`: the local cloud has just started, so no worker of before can be alive and every
   * claim may be dropped; otherwise only a claim older than its lease is taken over.
   */
  resume(job: Pick<UnfinishedJob, 'tenantId' | 'id'>, options: { onStart: boolean }): Promise<void>;
};
