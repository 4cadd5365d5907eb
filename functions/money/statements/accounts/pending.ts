import Big from 'big.js';
import { money } from '../../../../shared/schemas/money.js';
import type { Money } from '../../../../shared/schemas/statement-views.js';
import type { AccountEntryItem, ExpenseItem, StatementItem } from '../../../data/entities/statements.js';
import { entrySums, expenseCharge } from './account-figures.js';
import { monthEnd } from '../../../../shared/statement-periods.js';

/**
 * What a statement carries of an account, chosen from its stored entries and expenses (pure):
 * an entry or expense belongs to the first statement whose period's month end is on or after its
 * date and that it is not already on (statement_id unset). A correction (a new version) carries
 * again what the statement it replaces carried.
 *
 * A payment of a statement is the exception: it belongs to the first statement made after it was
 * recorded whose period ends after the paid statement's, whatever the payment's date. That
 * statement opens with the paid statement's balance (directly or through the statements between),
 * so it must take the payment off again; a payment dated after its period (the usual case: May is
 * paid in July) would otherwise leave June asking for May's money a second time.
 */

/** Whether an expense is charged to an account: a recoupable expense, or a distribution expense (to its label). */
export function isCharged(expense: Pick<ExpenseItem, 'type' | 'recoupable' | 'accountKey'>): boolean {
  return Boolean(expense.accountKey) && (expense.type === 'DistributionExpense' || expense.recoupable);
}

type Open = { statement_id?: string; date: string };
/** Not yet on a statement (or on the one being replaced), and dated within the period. */
const carriedBy = (periodEnd: string, replacesId?: string) => (item: Open) =>
  item.date <= periodEnd && (!item.statement_id || item.statement_id === replacesId);

/** The period end (YYYY-MM) of each statement of the account, by id: what a payment entry's paid statement covers. */
export type PaidPeriods = ReadonlyMap<string, string>;

/** The entries and charged expenses a statement ending with `endPayPeriod` carries. */
export function pendingFor<E extends AccountEntryItem, X extends ExpenseItem>(
  entries: readonly E[],
  expenses: readonly X[],
  endPayPeriod: string,
  replacesId?: string,
  paidPeriods: PaidPeriods = new Map(),
): { entries: E[]; expenses: X[] } {
  const carried = carriedBy(monthEnd(endPayPeriod), replacesId);
  const open = (e: E) => !e.statement_id || e.statement_id === replacesId;
  const entryCarried = (e: E) => {
    const paidEnd = e.kind === 'payment' && e.paid_statement_id ? paidPeriods.get(e.paid_statement_id) : undefined;
    return paidEnd === undefined ? carried(e) : open(e) && paidEnd < endPayPeriod;
  };
  return { entries: entries.filter(entryCarried), expenses: expenses.filter((x) => isCharged(x) && carried(x)) };
}

type Balanced = Pick<StatementItem, 'statementId' | 'end_pay_period' | 'superseded_by'> & {
  figures: Pick<StatementItem['figures'], 'opening_balance' | 'closing_balance'>;
};

/**
 * The balance a statement ending with `endPayPeriod` opens with: the earliest earlier statement's
 * opening plus what each statement in force of earlier months moved (closing − opening), numbered
 * and not replaced by a correction (nor the one a correction replaces). Made in period order this
 * is the previous statement's closing balance. It is not when an earlier month was stated after a
 * later one (a run for an earlier period, or a correction of an earlier statement stating late
 * lines): the later statement's closing never held that money, so reading only it would leave the
 * money on no statement that is ever due.
 */
export function openingBalance(statements: readonly Balanced[], endPayPeriod: string, replacesId?: string): Money {
  const earlier = statements
    .filter((s) => !s.superseded_by && s.statementId !== replacesId && s.end_pay_period < endPayPeriod)
    .sort((a, b) => a.end_pay_period.localeCompare(b.end_pay_period));
  if (!earlier.length) return '0.00';
  const moved = earlier.map((s) => new Big(s.figures.closing_balance).minus(s.figures.opening_balance));
  return money(moved.reduce((a, b) => a.plus(b), new Big(earlier[0].figures.opening_balance)));
}

/** Σ of the advances dated up to the period's end, wherever they were carried (a positive amount). */
export function advancesToDate(
  entries: readonly Pick<AccountEntryItem, 'kind' | 'amount' | 'date'>[],
  periodEnd: string,
): Money {
  const advances = entries.filter((e) => e.kind === 'advance' && e.date <= periodEnd);
  return money(entrySums(advances).advances.abs());
}

/** The effect of everything not yet on a statement (the account view's pending figure). */
export function pendingEffect(
  entries: readonly Pick<AccountEntryItem, 'kind' | 'amount' | 'statement_id'>[],
  expenses: readonly ExpenseItem[],
): Money {
  const open = entries.filter((e) => !e.statement_id).map((e) => new Big(e.amount));
  const charges = expenses.filter((x) => isCharged(x) && !x.statement_id).map(expenseCharge);
  return money([...open, ...charges].reduce((a, b) => a.plus(b), new Big(0)));
}
