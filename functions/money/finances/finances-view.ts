import { accountKeyOf, type AccountKey } from '../accounts/account.js';
import Big from 'big.js';
import { money } from '../../../shared/schemas/money.js';
import type { FinanceScope, FinancesView } from '../../../shared/schemas/finance-views.js';
import { LISTS } from '../../data/list-cache.js';
import { memoAnswer } from '../../lib/answer-memo.js';
import { catalogueNames } from './names.js';
import type { ExpenseItem, StatementItem } from '../../data/entities/statements.js';
import { currentTerms, type Terms } from '../earnings/line-split.js';
import { financeCube } from './cube.js';
import { companyCurrency, moneyRecords, type MoneyRecords } from './money-records.js';
import { byPeriod, bySlice, figuresOf, rangeTotal, royaltiesQuery, scopeFilter } from './finance-figures.js';
import type { DateRange } from './range.js';
import type { CubeScope } from './scope.js';
import { onceEach } from '../payments/carried.js';
import { totalsByCurrency } from '../currency-totals.js';

/**
 * A finances page (FinancesView): the scope's royalties over the range from the cube (totals,
 * by period, by store, territory, label and release, each with its royalties query), and the
 * money side of the same range from the statements and expenses (the money records held per
 * process, money-records.ts): expenses booked, statements published, paid and still owed.
 */
const sum = (values: Big[]) => values.reduce((a, b) => a.plus(b), new Big(0));

/** Published, in force, ending within the range. */
export const inForceWithin = (statement: StatementItem, range: DateRange) =>
  !statement.superseded_by &&
  (statement.queue_status ?? 'published') === 'published' &&
  statement.end_pay_period >= range.start_date.slice(0, 7) &&
  statement.end_pay_period <= range.end_date.slice(0, 7);

/** Whether a statement or expense belongs to the scope (a label's, an artist's or a payee's account). */
type Belongs = { statement: (s: StatementItem) => boolean; expense: (x: ExpenseItem) => boolean };
function belongsTo(scope: CubeScope, accountKeys: AccountKey[] = []): Belongs {
  if (scope.kind === 'label')
    return {
      statement: (s) => s.label_id === scope.id || s.accountKey === accountKeyOf({ type: 'Label', id: scope.id }),
      expense: (x) => x.expensable_id === scope.id,
    };
  if (scope.kind === 'artists') {
    const keys = new Set<string>(accountKeys);
    return {
      statement: (s) => keys.has(s.accountKey),
      expense: (x) => Boolean(x.accountKey && keys.has(x.accountKey)),
    };
  }
  return { statement: () => true, expense: () => true };
}

/** The money side of a range: expenses booked, statements published in it, paid and still owed. */
function moneyOf(
  records: MoneyRecords,
  range: DateRange,
  belongs: Belongs,
  known?: readonly StatementItem[],
): FinancesView['money'] {
  const statements = known ?? records.statements;
  const expenses = records.expenses;
  const stated = statements.filter((s) => inForceWithin(s, range) && belongs.statement(s));
  const booked = expenses.filter((x) => x.date >= range.start_date && x.date <= range.end_date && belongs.expense(x));
  const payable = (list: readonly StatementItem[]) => sum(list.map((s) => new Big(s.figures.payable)));
  // A statement carried into a later one of the period is in that one's payable, and paid by its payment: once.
  const { unpaid, paid } = onceEach(stated, statements);
  const paidSet = new Set(paid);
  return {
    expenses: money(sum(booked.map((x) => new Big(x.total)))),
    statements: stated.length,
    paid: money(payable(paid)),
    owed: money(payable(unpaid)),
    by_currency: totalsByCurrency([...paid, ...unpaid], {
      paid: (s) => (paidSet.has(s) ? s.figures.payable : '0'),
      owed: (s) => (paidSet.has(s) ? '0' : s.figures.payable),
    }),
  };
}

type ViewOptions = {
  versions?: Record<string, string>;
  accountKeys?: AccountKey[];
  statements?: readonly StatementItem[];
};

/**
 * The view, computed once per scope, range and versions of everything it reads (lib/answer-memo.ts);
 * computed every time when a version is unknown or the caller hands its own statements.
 */
export async function financesView(
  tenantId: string,
  scope: FinanceScope,
  cubeScope: CubeScope,
  range: DateRange,
  options: ViewOptions = {},
): Promise<FinancesView> {
  const versions = options.versions ?? {};
  // The payees' figures follow the current terms: the answer is held for exactly these terms.
  const terms = await currentTerms(tenantId, versions);
  const inputs = [
    LISTS.royalties,
    LISTS.money,
    LISTS.tenantLabels,
    (t: string) => LISTS.tenantCollection('releases', t),
  ];
  return memoAnswer(
    [
      'financesView',
      tenantId,
      JSON.stringify([scope, cubeScope, range.start_date, range.end_date, options.accountKeys ?? []]),
      ...inputs.map((list) => versions[list(tenantId)]),
      terms.fingerprint,
      options.statements ? undefined : 'own statements',
    ],
    () => computeView(tenantId, scope, cubeScope, range, options, terms),
  );
}

async function computeView(
  tenantId: string,
  scope: FinanceScope,
  cubeScope: CubeScope,
  range: DateRange,
  options: ViewOptions,
  terms: Terms,
): Promise<FinancesView> {
  const versions = options.versions ?? {};
  const [cube, records, names] = await Promise.all([
    financeCube(tenantId, versions[LISTS.royalties(tenantId)], terms),
    moneyRecords(tenantId, versions[LISTS.money(tenantId)]),
    catalogueNames(tenantId, versions),
  ]);
  const moneySide = moneyOf(records, range, belongsTo(cubeScope, options.accountKeys), options.statements);
  const by_label = bySlice(cube, range, cubeScope, 'label');
  const by_release = bySlice(cube, range, cubeScope, 'release');
  const named = (slices: typeof by_label, found: Map<string, string>) =>
    slices.map((s) => (s.key === null ? s : { ...s, name: found.get(s.key) ?? s.key }));
  const { start_date, end_date } = range;
  return {
    scope,
    currency: companyCurrency(records),
    start_date,
    end_date,
    totals: figuresOf(rangeTotal(cube, range, cubeScope)),
    royalties_query: royaltiesQuery(range, scopeFilter(cubeScope)),
    by_period: byPeriod(cube, range, cubeScope),
    by_store: bySlice(cube, range, cubeScope, 'store'),
    by_territory: bySlice(cube, range, cubeScope, 'territory'),
    by_label: named(by_label, names.labels),
    by_release: named(by_release, names.releases),
    money: moneySide,
  };
}
