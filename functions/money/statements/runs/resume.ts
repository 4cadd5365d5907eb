import { accountKeyOf } from '../../accounts/account.js';
import { periodWords } from '../../../../shared/statement-periods.js';
import {
  getRun,
  getStatement,
  listActiveRuns,
  listUnfinishedStatements,
  readStatedPeriods,
  releaseStatementDocuments,
  runSkips,
} from '../../../data/access/statements.js';
import type { AccountRef } from '../../../../shared/schemas/statement-views.js';
import type { StatementRunItem } from '../../../data/entities/statements.js';
import type { JobResumer, UnfinishedJob } from '../../../jobs/job-kinds.js';
import { runKeys, statementsBucket } from '../statement-keys.js';
import { accountCounted } from './finish.js';
import { getJson } from '../../../lib/bucket-objects.js';
import type { Manifest } from './publish.js';
import { queueRunMessages, type RunMessage } from './queue.js';
import { statementIdOf } from './statement-item.js';
import { runIsStalled, STALL_SECONDS } from './stalled.js';

/** Whether the account's guard holds the number the run's publish step reserved for this statement. */
const numberReserved = async (tenantId: string, statementId: string, account: AccountRef) =>
  (await readStatedPeriods(tenantId, accountKeyOf(account))).periods.some((p) => p.statement_id === statementId);

const STATE_WORDS: Record<string, string> = {
  previewing: 'Previewing',
  publishing: 'Publishing',
};

const jobOf = (run: StatementRunItem, state: string, since: string): UnfinishedJob => ({
  kind: 'statement_run',
  tenantId: run.tenantId,
  id: run.runId,
  what: `Statements for ${periodWords(run)}`,
  state,
  since,
  startedBy: run.userId,
});

type ResumeOutcome = 'resumed' | 'still_working' | 'nothing_to_do';

/**
 * Carries a run on from where it stopped. Previewing: its preview is queued again. Publishing before its publish step
 * stored the run's accounts, or before it reserved their numbers: the publish step is queued again. Once they are
 * stored and numbered (and for a run that failed or finished with statements numbered but not made): one message for
 * each account without a finished statement and not left out as stated already. The account step finishes a numbered
 * statement (documents, mail once) or numbers it once (a correction). When nothing is left, the run is published.
 *
 * `onStart`: no delivery of before can be alive, so documents claims are given back first;
 * otherwise a run that shows progress is left alone (a stale claim is taken over by the step).
 */
export async function resumeRun(
  tenantId: string,
  runId: string,
  { onStart }: { onStart: boolean },
): Promise<ResumeOutcome> {
  const run = await getRun(tenantId, runId);
  if (!run) return 'nothing_to_do';
  const active = run.status === 'previewing' || run.status === 'publishing';
  if (active && !onStart && !runIsStalled(run)) return 'still_working';
  if (run.status === 'previewing') {
    await queueRunMessages([{ type: 'preview', tenantId, runId }]);
    return 'resumed';
  }
  if (run.status === 'preview_ready') return 'nothing_to_do';
  const manifest = await getJson<Manifest>(statementsBucket(), runKeys.manifest(tenantId, runId));
  if (!manifest) {
    if (run.status !== 'publishing') return 'nothing_to_do';
    await queueRunMessages([{ type: 'publish', tenantId, runId }]);
    return 'resumed';
  }
  const skipped = new Set((await runSkips(tenantId, runId)).map((s) => s.accountKey));
  const messages: RunMessage[] = [];
  for (const account of manifest.accounts) {
    if (skipped.has(accountKeyOf(account))) continue;
    const statementId = statementIdOf(runId, account);
    const statement = await getStatement(tenantId, statementId);
    if (statement?.queue_status === 'published') continue;
    // A run that stopped publishing numbers nothing more; its numbered statements are still finished, and so are
    // those whose numbers it reserved (a reserved number is given out).
    if (!statement && run.status !== 'publishing' && !(await numberReserved(tenantId, statementId, account))) continue;
    if (onStart && statement?.queue_status === 'generating') await releaseStatementDocuments(tenantId, statementId);
    messages.push({ type: 'account', tenantId, runId, account });
  }
  if (!messages.length) {
    if (run.status !== 'publishing') return 'nothing_to_do';
    await accountCounted(tenantId, runId);
    return 'resumed';
  }
  if (run.status === 'publishing' && !run.numbers_reserved && !run.replaces_id) {
    // Computed and not numbered yet: the publish step numbers the run, after computing it again if its lines were
    // changed since (reserve-numbers.ts), and queues these accounts; alone, their steps would number each statement
    // from what may be a stale computation.
    await queueRunMessages([{ type: 'publish', tenantId, runId }]);
    return 'resumed';
  }
  await queueRunMessages(messages);
  return 'resumed';
}

/**
 * Statement runs as a resumable job: runs previewing or publishing, and runs that left a
 * statement numbered without its PDF, CSV or mail (a run that failed after numbering it).
 */
export const statementRunJobs: JobResumer = {
  kind: 'statement_run',
  expectedSeconds: STALL_SECONDS,
  async listUnfinished() {
    const jobs = new Map<string, UnfinishedJob>();
    for (const run of await listActiveRuns())
      jobs.set(`${run.tenantId} ${run.runId}`, jobOf(run, STATE_WORDS[run.status] ?? run.status, run.updatedAt ?? ''));
    for (const statement of await listUnfinishedStatements()) {
      const key = `${statement.tenantId} ${statement.run_id}`;
      if (!statement.run_id || jobs.has(key)) continue;
      const run = await getRun(statement.tenantId, statement.run_id);
      if (run) jobs.set(key, jobOf(run, 'Making statements', statement.updatedAt ?? ''));
    }
    return [...jobs.values()];
  },
  async resume({ tenantId, id }, options) {
    await resumeRun(tenantId, id, options);
  },
};
