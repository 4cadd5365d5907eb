import { accountKeyOf } from '../../accounts/account.js';
import { createHash } from 'node:crypto';
import { duePeriod, type PeriodRange } from '../../../../shared/statement-periods.js';
import type { AccountRef } from '../../../../shared/schemas/statement-views.js';
import type { StatementItem, StatementRunItem } from '../../../data/entities/statements.js';

/** An account with the statement frequency its settings give. */
export type ScheduledAccount = { account: AccountRef; frequency: string | null | undefined };
/** A run the schedule starts: a period, and the accounts due for it. */
export type DueRun = PeriodRange & { accounts: AccountRef[] };

/** How a statement of an account for a period is known: `Payee#id 2026-07..2026-09`. */
export const statedKey = (accountKey: string, range: PeriodRange) =>
  `${accountKey} ${range.start_pay_period}..${range.end_pay_period}`;

/**
 * The accounts the schedule must not start a run for, as statedKeys: those with a statement of
 * the period that is not superseded, and those a scheduled run of the period holds unless that
 * run failed. The second part matters when the schedule fires again while its run is half way
 * through: the accounts not yet published would otherwise form a new set, a new run id and a
 * second run.
 */
export function coveredAccounts(
  statements: readonly Pick<StatementItem, 'accountKey' | 'superseded_by' | keyof PeriodRange>[],
  runs: readonly Pick<StatementRunItem, 'scheduled' | 'status' | 'accounts' | keyof PeriodRange>[],
): Set<string> {
  return new Set([
    ...statements.flatMap((s) => (s.superseded_by ? [] : [statedKey(s.accountKey, s)])),
    ...runs
      .filter((run) => run.scheduled && run.status !== 'failed')
      .flatMap((run) => (run.accounts ?? []).map((account) => statedKey(accountKeyOf(account), run))),
  ]);
}

/**
 * The runs due when `endedMonth` has ended: each account whose frequency makes a period due,
 * grouped by that period, leaving out the accounts `covered` holds (see coveredAccounts).
 * Accounts without a frequency never run on a schedule.
 */
export function dueRuns(
  endedMonth: string,
  accounts: readonly ScheduledAccount[],
  covered: ReadonlySet<string>,
): DueRun[] {
  const byPeriod = new Map<string, DueRun>();
  for (const { account, frequency } of accounts) {
    const range = duePeriod(frequency ?? undefined, endedMonth);
    if (!range || covered.has(statedKey(accountKeyOf(account), range))) continue;
    const key = `${range.start_pay_period}..${range.end_pay_period}`;
    const run = byPeriod.get(key) ?? { ...range, accounts: [] };
    run.accounts.push(account);
    byPeriod.set(key, run);
  }
  return [...byPeriod.values()];
}

/**
 * A scheduled run's id: per company, kind, period and set of accounts, so the schedule firing
 * twice starts it once, while an account that becomes due later (a payee set to Monthly after
 * the month's run started) gets a run of its own instead of being skipped as "started already".
 */
export const scheduledRunId = (kind: string, due: DueRun) => {
  const accounts = due.accounts.map(accountKeyOf).sort().join(',');
  const digest = createHash('sha256').update(accounts).digest('hex').slice(0, 12);
  return `scheduled-${kind}-${due.start_pay_period}-${due.end_pay_period}-${digest}`;
};
