import { MESSAGES } from '../../../shared/messages.js';
import { accountDue, carriedByAll, type ChainedStatement } from './carried.js';
import { paidTwiceBy } from './payment-figures.js';

/**
 * The one rule that says whether a statement may be paid now (pure). recordPayment refuses by it,
 * the payments due list leaves out what it refuses, a payment run's export and confirm check
 * their statements by it: so a run can never put into a bank file a statement that confirming
 * would refuse, and nothing is offered for payment that is already paid.
 *
 * A statement may be paid when it is in force (not corrected by a newer version), not paid, and
 * paying it pays nothing twice: no later statement carries its balance, and no payment of an
 * earlier statement was recorded after it was made (it still counts that money: the next
 * statement settles the difference).
 */
type AccountEntry = { kind: string; paid_statement_id?: string; statement_id?: string };

/** Why `statement` may not be paid now (the user's words, naming it), or null when it may. */
export function whyNotPayable(
  statement: ChainedStatement,
  account: readonly ChainedStatement[],
  entries: readonly AccountEntry[],
): string | null {
  if (statement.superseded_by) return MESSAGES.statementSuperseded(statement.number);
  if (statement.paid) return MESSAGES.statementPaidAlready(statement.number);
  return paidTwiceBy(statement, account, entries);
}

/**
 * What an account owes now: its due statements (carried.ts: the latest unpaid one, holding the
 * earlier unpaid balances) that the rule lets be paid, the earlier ones they carry, and those the
 * rule refuses with why.
 */
export function accountOwes<T extends ChainedStatement>(
  account: readonly T[],
  entries: readonly AccountEntry[],
): { due: T[]; carried: T[]; refused: { statement: T; reason: string }[] } {
  const due: T[] = [];
  const refused: { statement: T; reason: string }[] = [];
  for (const statement of accountDue(account).due) {
    const reason = whyNotPayable(statement, account, entries);
    if (reason) refused.push({ statement, reason });
    else due.push(statement);
  }
  return { due, carried: due.length ? carriedByAll(due, account) : [], refused };
}
