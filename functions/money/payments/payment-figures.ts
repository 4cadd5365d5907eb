import { createHash } from 'node:crypto';
import Big from 'big.js';
import { MESSAGES } from '../../../shared/messages.js';
import { formatMoney } from '../../../shared/money.js';
import type { Money, StatementPayout } from '../../../shared/schemas/statement-views.js';
import { type PaidStatement, statementPayout } from '../statements/accounts/payout.js';
import { openingBalance } from '../statements/accounts/pending.js';
import { numberOfStatement } from '../statements/runs/statement-item.js';
import { type ChainedStatement, inForce } from './carried.js';

/**
 * A payment's money, from the statements it pays (pure), each statement's payout by the one rule
 * (statements/accounts/payout.ts): the subtotal is Σ payable (what settles the accounts), the VAT Σ of their
 * self-billing invoices' VAT (paid on top), the tax withheld Σ of theirs (kept back for the tax authority), and the
 * total what leaves the bank: subtotal + VAT − tax withheld. Money is 2-decimal strings added with big.js, never
 * floats.
 */

/** DynamoDB writes at most 100 items at once: the payment, and per statement its paid state and payment entry. */
export const MAX_STATEMENTS_PER_PAYMENT = 49;

/**
 * Whether a payment fits one transaction: the payment, per statement paid its paid state and
 * payment entry, per statement it settles (carried into one it pays) its paid state only, the
 * account's stated-periods guard it is written under, and the payment run that records it.
 */
export const fitsOneWrite = (paying: number, carried: number, ofRun = false): boolean =>
  1 + 2 * paying + carried + 1 + (ofRun ? 1 : 0) <= 100;

type Paid = PaidStatement & { self_billing?: { vat: Money; vat_rate: string } | null };

export type PaymentFigures = {
  payment_total: Money;
  payment_subtotal: Money;
  payment_vat_total: Money;
  payment_withholding_total: Money;
  /** The VAT percent when every self-billed statement has the same rate, else "0". */
  vat: string;
  self_billing: boolean;
};

const money = (value: Big) => value.toFixed(2);

export function paymentFigures(statements: readonly Paid[]): PaymentFigures {
  const payouts = statements.map(statementPayout);
  const sum = (part: keyof StatementPayout) => payouts.reduce((total, p) => total.plus(p[part]), new Big(0));
  const invoices = statements.flatMap((s) => (s.self_billing ? [s.self_billing] : []));
  const rates = new Set(invoices.map((invoice) => invoice.vat_rate));
  return {
    payment_total: money(sum('total')),
    payment_subtotal: money(sum('payable')),
    payment_vat_total: money(sum('vat')),
    payment_withholding_total: money(sum('withholding_tax')),
    vat: rates.size === 1 ? [...rates][0] : '0',
    self_billing: invoices.length > 0,
  };
}

/** Whether a total the user typed is the statements' total to the smallest unit ("70" = "70.00", "70.001" ≠). */
export function sameMoney(typed: string, total: Money): boolean {
  try {
    return new Big(typed).eq(total);
  } catch {
    return false;
  }
}

/** What a statement's payment adds to its account: −payable, or null when it pays nothing. */
export function paymentEntryAmount(payable: Money): Money | null {
  const amount = new Big(payable);
  return amount.gt(0) ? money(amount.neg()) : null;
}

/**
 * The payment id an idempotency key gives: the same key in the same company is always the same
 * id, so the conditional create refuses a second payment for it.
 */
export function paymentIdForKey(tenantId: string, key: string): string {
  return `PAY${createHash('sha256').update(`${tenantId}\u0000${key}`).digest('hex').slice(0, 29).toUpperCase()}`;
}

/** Today, YYYY-MM-DD (the default payment date). */
export const today = (): string => new Date().toISOString().slice(0, 10);

/** A statement as the rule reads it, with its currency for the amounts a refusal names (bare amounts without one). */
type Chained = ChainedStatement & { currency?: string };

/**
 * Why paying `statement` would pay money twice, or null. A statement's closing balance opens the
 * account's next statement, so an unpaid statement with a later statement is already inside that
 * one's payable (pay the later one) — from the moment the later one is numbered, while its documents
 * are still being made too (its money is fixed then); and a statement made before an earlier one was
 * paid still counts that money (the next statement settles it), as does a correction of a paid
 * statement (it states those months again, without their payment). And a statement does not count
 * the statements of earlier months made after it (a run for an earlier period, a correction stating
 * late lines): when those lowered what is owed, its payable is more than the account is owed now, and
 * the next statement, which opens with them, settles it. `account` is every statement of the account,
 * `entries` its payment entries.
 */
export function paidTwiceBy(
  statement: Chained,
  account: readonly Chained[],
  entries: readonly { kind: string; paid_statement_id?: string; statement_id?: string }[],
): string | null {
  if (!new Big(statement.figures.payable).gt(0)) return null;
  const later = account
    .filter(
      (s) => !s.superseded_by && s.statementId !== statement.statementId && s.end_pay_period > statement.end_pay_period,
    )
    .sort((a, b) => b.end_pay_period.localeCompare(a.end_pay_period))[0];
  if (later)
    return inForce(later)
      ? MESSAGES.statementCarriedForward(statement.number, later.number)
      : MESSAGES.statementCarriedIntoUnfinished(statement.number, later.number);
  const byId = new Map(account.map((s) => [s.statementId, s]));
  for (const entry of entries) {
    if (entry.kind !== 'payment' || entry.statement_id || !entry.paid_statement_id) continue;
    const paid = byId.get(entry.paid_statement_id);
    if (!paid || paid.statementId === statement.statementId) continue;
    if (paid.end_pay_period < statement.end_pay_period)
      return MESSAGES.statementIncludesLatePayment(statement.number, paid.number);
    // The same months: a version this one corrects was paid, and this one asks for all of them again.
    if (paid.end_pay_period === statement.end_pay_period)
      return MESSAGES.statementCorrectsPaid(statement.number, paid.number);
  }
  // What the account's earlier statements moved, read now, against what the statement opened with when made.
  const openingNow = new Big(openingBalance(account, statement.end_pay_period));
  if (openingNow.lt(statement.figures.opening_balance)) {
    const lowering = account.filter(
      (s) =>
        !s.superseded_by &&
        s.end_pay_period < statement.end_pay_period &&
        numberOfStatement(s.number) > numberOfStatement(statement.number),
    );
    return MESSAGES.statementOwesLessNow(
      statement.number,
      lowering.map((s) => s.number),
      formatMoney(new Big(statement.figures.opening_balance).minus(openingNow).toFixed(2), statement.currency),
    );
  }
  return null;
}
