import { accountKeyOf } from '../accounts/account.js';
import Big from 'big.js';
import { money } from '../../../shared/schemas/money.js';
import type { LabelAccounting, LabelAccountingRow } from '../../../shared/schemas/finance-views.js';
import { latestInForce } from '../../data/access/accounts.js';
import type { AccountEntryItem, ExpenseItem } from '../../data/entities/statements.js';
import { LISTS } from '../../data/list-cache.js';
import { currentTerms, type Terms } from '../earnings/line-split.js';
import { NotFound } from '../../lib/errors.js';
import { entrySums, expenseCharge, roundRoyaltiesByPeriod } from '../statements/accounts/account-figures.js';
import { isCharged } from '../statements/accounts/pending.js';
import { financeCube } from './cube.js';
import { royaltiesQuery } from './finance-figures.js';
import { memoAnswer } from '../../lib/answer-memo.js';
import { inForceWithin } from './finances-view.js';
import { financeLabel } from './labels.js';
import { accountRecords, companyCurrency, moneyRecords } from './money-records.js';
import { periodDates, type DateRange } from './range.js';
import { periodTotal } from './scope.js';

/**
 * A label's accounting per pay period (label/accounting, labels/{id}/accounting,
 * label_accounting/{label_id}), kept by the statements' own rules so it reconciles with the
 * label's (distribution) statements to the cent:
 * - opening: the closing balance of the label's last statement in force ending before the range,
 *   plus what is dated before the range and not yet on a statement ending before it;
 * - label share: Σ label_payable of the label's lines (the cube), rounded half-up per period with
 *   the rounding carried on from that statement (so months add up to a quarter's statement);
 * - expenses: the costs charged to the label's account (recoupable and distribution expenses at
 *   their recoupable %, and advances), by their date; `other`: reserves, transfers, adjustments;
 * - paid: payments recorded on the account; recouped: the part of the label share that paid back
 *   costs the balance had not covered;
 * - balance = previous balance + label share − expenses + other − paid.
 * Revenue, aggregator fee and artist share are the lines' exact sums rounded once. The label,
 * the cube and the money records are held per process for the versions the auth check read.
 */
const ZERO = new Big(0);
const sum = (values: Big[]) => values.reduce((a, b) => a.plus(b), ZERO);

type Dated = { date: string; statement_id?: string };
/** What the account's entries and charged expenses do to its balance (signed), for the items given. */
function effects(entries: AccountEntryItem[], expenses: ExpenseItem[]) {
  const sums = entrySums(entries.map((e) => ({ kind: e.kind, amount: e.amount })));
  const charges = sum(expenses.map(expenseCharge));
  return {
    costs: charges.plus(sums.advances),
    other: sums.reserves.plus(sums.transfers).plus(sums.adjustments),
    payments: sums.payments,
  };
}

/** The accounting, computed once per label, range and versions of what it reads (lib/answer-memo.ts). */
export async function labelAccounting(
  tenantId: string,
  labelId: string,
  range: DateRange,
  versions: Record<string, string> = {},
): Promise<LabelAccounting> {
  // Its payees' figures follow the current terms: the answer is held for exactly these terms.
  const terms = await currentTerms(tenantId, versions);
  return memoAnswer(
    [
      'labelAccounting',
      tenantId,
      labelId,
      range.start_date,
      range.end_date,
      ...[LISTS.royalties, LISTS.tenantLabels, LISTS.money].map((list) => versions[list(tenantId)]),
      terms.fingerprint,
    ],
    () => computeAccounting(tenantId, labelId, range, versions, terms),
  );
}

async function computeAccounting(
  tenantId: string,
  labelId: string,
  range: DateRange,
  versions: Record<string, string>,
  terms: Terms,
): Promise<LabelAccounting> {
  const [label, cube, records] = await Promise.all([
    financeLabel(tenantId, labelId, versions),
    financeCube(tenantId, versions[LISTS.royalties(tenantId)], terms),
    moneyRecords(tenantId, versions[LISTS.money(tenantId)]),
  ]);
  if (!label) throw new NotFound('Label');
  const {
    statements,
    entries,
    expenses: allExpenses,
  } = accountRecords(records, accountKeyOf({ type: 'Label', id: labelId }));
  const expenses = allExpenses.filter(isCharged);
  const start = range.start_date.slice(0, 7);
  const previous = latestInForce(statements.filter((s) => s.end_pay_period < start));
  // Statements ending before the range: what they carried is in the previous closing already.
  const before = new Set(statements.filter((s) => s.end_pay_period < start).map((s) => s.statementId));
  const unstated = (item: Dated) => !item.statement_id || !before.has(item.statement_id);
  const inMonth = (period: string) => (item: Dated) => item.date.slice(0, 7) === period;
  const early = (item: Dated) => item.date.slice(0, 7) < start && unstated(item);
  const opening = effects(entries.filter(early), expenses.filter(early));
  const openingBalance = new Big(previous?.figures.closing_balance ?? '0')
    .plus(opening.costs)
    .plus(opening.other)
    .plus(opening.payments);

  let balance = openingBalance;
  const exact = { revenue: ZERO, aggregator_fee: ZERO, artist_share: ZERO };
  const periodLines = range.periods.map((pay_period) => periodTotal(cube, pay_period, { kind: 'label', id: labelId }));
  const labelShares = roundRoyaltiesByPeriod(
    periodLines.map((lines) => lines.label_payable.toFixed(6)),
    previous?.control?.rounding_out ?? '0',
  );
  const rows: LabelAccountingRow[] = range.periods.map((pay_period, i) => {
    const lines = periodLines[i];
    const share = new Big(labelShares[i]);
    const period = effects(entries.filter(inMonth(pay_period)), expenses.filter(inMonth(pay_period)));
    const beforeShare = balance.plus(period.costs).plus(period.other);
    const recouped =
      share.gt(0) && beforeShare.lt(0) ? (share.lt(beforeShare.neg()) ? share : beforeShare.neg()) : ZERO;
    balance = beforeShare.plus(share).plus(period.payments);
    exact.revenue = exact.revenue.plus(lines.amount);
    exact.aggregator_fee = exact.aggregator_fee.plus(lines.aggregator_payable);
    exact.artist_share = exact.artist_share.plus(lines.payees);
    return {
      pay_period,
      revenue: money(lines.amount),
      label_share: labelShares[i],
      aggregator_fee: money(lines.aggregator_payable),
      artist_share: money(lines.payees),
      expenses: money(period.costs.neg()),
      recouped: money(recouped),
      paid: money(period.payments.neg()),
      other: money(period.other),
      balance: money(balance),
      royalties_query: royaltiesQuery(periodDates(pay_period), { by_label: labelId }),
    };
  });
  const total = (field: 'label_share' | 'expenses' | 'recouped' | 'paid' | 'other') =>
    money(sum(rows.map((row) => new Big(row[field] ?? '0'))));
  return {
    label: {
      id: labelId,
      name: label.name,
      distributed: Boolean(label.distributed),
      deal_percentage:
        label.deal_percentage === undefined || label.deal_percentage === null ? null : String(label.deal_percentage),
    },
    currency: companyCurrency(records),
    start_date: range.start_date,
    end_date: range.end_date,
    opening_balance: money(openingBalance),
    rows,
    totals: {
      revenue: money(exact.revenue),
      label_share: total('label_share'),
      aggregator_fee: money(exact.aggregator_fee),
      artist_share: money(exact.artist_share),
      expenses: total('expenses'),
      recouped: total('recouped'),
      paid: total('paid'),
      other: total('other'),
    },
    closing_balance: money(balance),
    statements: statements
      .filter((s) => inForceWithin(s, range))
      .sort((a, b) => a.end_pay_period.localeCompare(b.end_pay_period))
      .map((s) => ({
        id: s.statementId,
        number: s.number,
        start_pay_period: s.start_pay_period,
        end_pay_period: s.end_pay_period,
        royalties: s.figures.royalties,
        closing_balance: s.figures.closing_balance,
        paid: s.paid,
      })),
  };
}
