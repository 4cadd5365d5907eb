import Big from 'big.js';
import { formatMoney } from '../../../../shared/money.js';
import { money } from '../../../../shared/schemas/money.js';
import type {
  EntryKind,
  ExactMoney,
  Money,
  NotPaidReason,
  RecoupmentMeter,
  RunPreviewRow,
  StatementFigures,
} from '../../../../shared/schemas/statement-views.js';

/**
 * An account's figures for a statement, pure arithmetic. Signs: positive means the label owes the
 * account more. Only the royalties are
 * rounded (to the cent, a tie to the higher cent, once, with the rounding carried in from the previous statement
 * and out to the next); every other amount is already in cents.
 *
 * closing = opening + royalties + costs (expenses + advances) + reserves + transfers + payments + adjustments
 *           + recouped (what the earnings under contracts recouped of their balances, negative)
 */

/** An entry as the figures need it: its kind and stored (signed) amount. */
export type FigureEntry = { kind: EntryKind; amount: Money };
/** A recoupable expense charged to the account: its total and the part recouped. */
export type FigureExpense = { total: Money; recoupable_percentage: number };

export type FiguresInput = {
  opening_balance: Money;
  /** The account's exact share of the period's royalties (6 decimals). */
  royalties: ExactMoney;
  /** The previous statement's rounding_out ("0" for the first). */
  rounding_in: ExactMoney;
  /** The entries and expenses this statement carries. */
  entries: readonly FigureEntry[];
  expenses: readonly FigureExpense[];
  /** Σ of the account's advances dated up to the period's end, on earlier statements too (a positive amount). */
  advances_to_date: Money;
  minimum_payout: Money;
  currency: string;
  /** What the account's earnings recouped of its contracts' balances (positive), and what those still have to recoup. */
  contracts?: ContractFigures;
};

/**
 * What contracts move on the statement: what the earnings recouped of their balances (positive) and
 * what those still have to recoup; the reserves released less held on physical sales (signed).
 */
export type ContractFigures = { recouped: Money; unrecouped: Money; reserves?: Money };

export type FiguresResult = {
  figures: StatementFigures;
  not_paid_reasons: NotPaidReason[];
  recoupment: RecoupmentMeter;
  rounding_out: ExactMoney;
  /** Σ of the expenses recouped, as a positive amount (the statement's expenses_total). */
  expenses_total: Money;
};

const ZERO = new Big(0);
const sum = (values: readonly Big[]) => values.reduce((a, b) => a.plus(b), ZERO);
/** An exact amount as the ledger writes it: 6 decimals. */
const exact = (value: Big) => value.toFixed(6);

/**
 * To the nearest cent, a tie to the higher cent (0.005 → 0.01, −0.005 → 0.00, −12.345 → −12.34): floor(x + 0.005).
 * Unlike half away from zero, adding whole cents never changes how the rest rounds, so a carried half cent
 * rounds the same way on every statement: 49.995 stated as 50.00 carries −0.005, and the next statement with
 * nothing earned states 0.00, not −0.01 (which had the statements state 49.99 in all while 50.00 was paid).
 */
function roundCentTieUp(value: Big): Big {
  const shifted = value.plus('0.005');
  return shifted.round(2, shifted.gte(0) ? Big.roundDown : Big.roundUp);
}

/**
 * The statement's royalties in cents: the exact royalties plus the rounding carried in, rounded once
 * (a tie to the higher cent); what rounding left over is carried out (−0.005 ≤ rounding_out < 0.005). The
 * statements of an account so state, in all, their exact royalties' running total rounded by that one rule.
 */
export function roundRoyalties(
  royalties: ExactMoney,
  roundingIn: ExactMoney,
): { royalties: Money; rounding_out: ExactMoney } {
  const carried = new Big(royalties).plus(roundingIn);
  const rounded = roundCentTieUp(carried);
  return { royalties: money(rounded), rounding_out: exact(carried.minus(rounded)) };
}

/**
 * Royalties period by period, rounded as one statement over those periods rounds them: each period gets the
 * rounded running total (with the rounding carried in) less what the periods before it got, so the periods add up
 * to that statement's royalties to the cent. Rounding each period with the previous period's rounding carried on
 * is not the same: 12.255 then 0 gave 12.26 and −0.01 (the carried −0.005 rounded again), 12.25 against the
 * statement's 12.26.
 */
export function roundRoyaltiesByPeriod(royalties: readonly ExactMoney[], roundingIn: ExactMoney): Money[] {
  let running = ZERO;
  let given = ZERO;
  return royalties.map((period) => {
    running = running.plus(period);
    const total = new Big(roundRoyalties(exact(running), roundingIn).royalties);
    const share = total.minus(given);
    given = total;
    return money(share);
  });
}

/** What an expense takes from the account: −(total × recoupable % / 100), half-up to the cent. */
export function expenseCharge(expense: FigureExpense): Big {
  return new Big(expense.total).times(expense.recoupable_percentage).div(100).round(2, Big.roundHalfUp).neg();
}

/** The entries' amounts summed by the figure they belong to. */
export function entrySums(entries: readonly FigureEntry[]) {
  const of = (...kinds: EntryKind[]) =>
    sum(entries.filter((e) => kinds.includes(e.kind)).map((e) => new Big(e.amount)));
  return {
    advances: of('advance'),
    reserves: of('reserve', 'reserve_release'),
    transfers: of('transfer'),
    payments: of('payment'),
    adjustments: of('adjustment'),
  };
}

/**
 * The recoupment meter: of the advances paid so far, what the account has earned back. What
 * remains is the part of a negative balance the advances explain.
 */
export function recoupmentMeter(advancesToDate: Money, closing: Big): RecoupmentMeter {
  const advance = new Big(advancesToDate).abs();
  const owed = closing.lt(0) ? closing.neg() : ZERO;
  const remaining = owed.lt(advance) ? owed : advance;
  return { advance: money(advance), recouped: money(advance.minus(remaining)), remaining: money(remaining) };
}

/**
 * Why nothing is paid, in the reader's words: a positive balance below the minimum payout, an
 * unrecouped advance, a negative balance carried forward (the part no advance explains), or a
 * balance of nothing.
 */
function notPaidReasons(
  closing: Big,
  recoupment: RecoupmentMeter,
  minimumPayout: Money,
  currency: string,
  contractsUnrecouped: Money,
): NotPaidReason[] {
  const amount = (value: Big | Money) => formatMoney(money(new Big(value)), currency);
  if (closing.gt(0)) {
    return closing.lt(minimumPayout)
      ? [{ code: 'below_minimum_payout', text: `below the minimum payout of ${amount(minimumPayout)}` }]
      : [];
  }
  // The earnings went to a contract's advance that is not recouped yet: that, not "nothing earned", is why.
  if (closing.eq(0) && new Big(contractsUnrecouped).gt(0))
    return [{ code: 'unrecouped_advance', text: `unrecouped advance: ${amount(contractsUnrecouped)} remaining` }];
  if (closing.eq(0)) return [{ code: 'nothing_earned', text: `nothing earned: the balance is ${amount(ZERO)}` }];
  const remaining = new Big(recoupment.remaining);
  const reasons: NotPaidReason[] = [];
  if (remaining.gt(0))
    reasons.push({ code: 'unrecouped_advance', text: `unrecouped advance: ${amount(remaining)} remaining` });
  if (closing.neg().gt(remaining))
    reasons.push({ code: 'negative_balance', text: `negative balance of ${amount(closing)} carried forward` });
  return reasons;
}

/** The statement's figures, the reasons nothing is paid, the recoupment meter and the rounding carried out. */
export function accountFigures(input: FiguresInput): FiguresResult {
  const opening = new Big(input.opening_balance);
  const { royalties, rounding_out } = roundRoyalties(input.royalties, input.rounding_in);
  const expenses = sum(input.expenses.map(expenseCharge));
  const entries = entrySums(input.entries);
  const { advances, transfers, payments, adjustments } = entries;
  const reserves = entries.reserves.plus(input.contracts?.reserves ?? 0);
  const costs = expenses.plus(advances);
  const recouped = new Big(input.contracts?.recouped ?? 0).neg();
  const closing = opening
    .plus(royalties)
    .plus(costs)
    .plus(reserves)
    .plus(transfers)
    .plus(payments)
    .plus(adjustments)
    .plus(recouped);
  const due = closing.gt(0) && closing.gte(input.minimum_payout);
  const recoupment = recoupmentMeter(input.advances_to_date, closing);
  return {
    figures: {
      opening_balance: money(opening),
      royalties,
      costs: money(costs),
      expenses: money(expenses),
      advances: money(advances),
      reserves: money(reserves),
      transfers: money(transfers),
      payments: money(payments),
      adjustments: money(adjustments),
      // Only on a statement that recouped a contract: every other statement's figures are as they were.
      ...(input.contracts ? { recouped: money(recouped) } : {}),
      closing_balance: money(closing),
      payable: due ? money(closing) : '0.00',
    },
    not_paid_reasons: due
      ? []
      : notPaidReasons(
          closing,
          recoupment,
          input.minimum_payout,
          input.currency,
          input.contracts?.unrecouped ?? '0.00',
        ),
    recoupment,
    rounding_out,
    expenses_total: money(expenses.neg()),
  };
}

/** A statement run's row's money: the statement's own figures, every movement of its account included. */
export type RowFigures = Required<
  Pick<
    RunPreviewRow,
    | 'opening_balance'
    | 'royalties'
    | 'costs'
    | 'reserves'
    | 'transfers'
    | 'payments'
    | 'adjustments'
    | 'recouped'
    | 'closing_balance'
    | 'payable'
  >
>;

/**
 * What a run's page shows of a statement, before publishing (what it will say) and after (what it says): every figure
 * its account lists, so opening + royalties + costs + reserves + transfers + payments + adjustments + recouped =
 * closing, as on the statement itself. Recouped is 0.00 on a statement no contract recouped on.
 */
export function rowFigures(figures: StatementFigures): RowFigures {
  return {
    opening_balance: figures.opening_balance,
    royalties: figures.royalties,
    costs: figures.costs,
    reserves: figures.reserves,
    transfers: figures.transfers,
    payments: figures.payments,
    adjustments: figures.adjustments,
    recouped: figures.recouped ?? '0.00',
    closing_balance: figures.closing_balance,
    payable: figures.payable,
  };
}
