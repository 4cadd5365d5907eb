import Big from 'big.js';
import type { CurrencyOwed, DashboardCounts } from '../../../shared/schemas/finance-views.js';
import { getCompanySummaries, putCompanySummary } from '../../data/access/company-summaries.js';
import { LISTS, readVersions } from '../../data/list-cache.js';
import { addToCube, financeCube, type FinanceCube, type Sums } from './cube.js';
import { companyCounts, countLists } from './counts.js';
import type { StatementItem } from '../../data/entities/statements.js';
import { companyCurrency, moneyRecords } from './money-records.js';
import { owedStatements } from '../payments/owed.js';
import { totalsByCurrency } from '../currency-totals.js';

/**
 * One company's part of the platform admin's dashboard, computed once per state of the company
 * and stored, so the dashboard reads one small item per company and recomputes only companies
 * whose lists changed. Its state is the versions of the lists its figures come from (the
 * catalogue lists, the ledger state and the money records: countLists): any write to them gives
 * a new version, so a stored summary under other versions is never used.
 */
export type CompanySummary = {
  counts: DashboardCounts;
  currency: string;
  /** What its statements in force still owe, each balance once (owedStatements), exact, whatever their currency. */
  owed: string;
  /** The same per currency: a company whose currency changed keeps its older statements in the old one. */
  owed_by_currency: CurrencyOwed[];
  /** Its revenue totals by pay period: the cube's 'total' cells, all the platform view reads. */
  cube: FinanceCube;
};

/** Statements in force (published, not superseded). */
export const inForce = (s: StatementItem) => !s.superseded_by && (s.queue_status ?? 'published') === 'published';

/** The cube's exact amounts, stored as text: every field of Sums but the counts. */
const AMOUNTS = ['amount', 'label_payable', 'aggregator_payable', 'payees', 'retained', 'unaccountable'] as const;
type Amount = (typeof AMOUNTS)[number];
type StoredSums = Omit<Sums, Amount> & Record<Amount, string>;
/** As stored: `owed` is not kept, it is the per-currency figures added up. */
type Stored = {
  counts: DashboardCounts;
  currency: string;
  owed_by_currency: CurrencyOwed[];
  periods: [string, StoredSums][];
};

const storedSums = (sums: Sums): StoredSums => ({
  lines: sums.lines,
  quantity: sums.quantity,
  ...(Object.fromEntries(AMOUNTS.map((k) => [k, sums[k].toString()])) as Record<Amount, string>),
});
const readSums = (sums: StoredSums): Sums => ({
  lines: sums.lines,
  quantity: sums.quantity,
  ...(Object.fromEntries(AMOUNTS.map((k) => [k, new Big(sums[k] ?? 0)])) as Record<Amount, Big>),
});

/** Companies recomputed at once: each loads its whole catalogue, ledger state and money records. */
const CONCURRENCY = 8;

/**
 * The rules a stored summary was computed by: changed when a figure's rule changes (2: "owed" counts a carried
 * statement's balance once; 3: by the payments due list's whole rule; 4: "owed" per currency too), so summaries stored
 * before are computed again instead of showing the old figure.
 */
const SUMMARY_RULES = 4;

const versionKey = (tenantId: string, versions: Map<string, string>) =>
  [`rules=${SUMMARY_RULES}`, ...countLists(tenantId).map((list) => `${list}=${versions.get(list) ?? ''}`)].join('|');

/** The figures from the same code paths the company's own dashboard uses, at the versions just read. */
async function compute(tenantId: string, versions: Map<string, string>): Promise<Stored> {
  const known = Object.fromEntries(countLists(tenantId).map((list) => [list, versions.get(list) ?? '']));
  const [counts, cube, records] = await Promise.all([
    companyCounts(tenantId, known),
    financeCube(tenantId, known[LISTS.royalties(tenantId)]),
    moneyRecords(tenantId, known[LISTS.money(tenantId)]),
  ]);
  const owing = owedStatements(records.statements, records.entries);
  const periods: [string, StoredSums][] = [];
  for (const [period, dimensions] of cube) {
    const total = dimensions.get('total')?.get('total');
    if (total) periods.push([period, storedSums(total)]);
  }
  return {
    counts,
    currency: companyCurrency(records),
    owed_by_currency: totalsByCurrency(owing, { owed: (s) => s.figures.payable }),
    periods,
  };
}

function fromStored(stored: Stored): CompanySummary {
  const cube: FinanceCube = new Map();
  for (const [period, sums] of stored.periods) addToCube(cube, period, 'total', 'total', readSums(sums));
  const { counts, currency, owed_by_currency } = stored;
  const owed = owed_by_currency.reduce((a, c) => a.plus(c.owed), new Big(0)).toString();
  return { counts, currency, owed, owed_by_currency, cube };
}

/**
 * Every company's summary: the list versions and stored summaries read in batches, only the
 * companies whose versions differ recomputed (CONCURRENCY at a time) and stored. `recomputed`
 * names those, for tests; the dashboard does not show it.
 */
export async function companySummaries(
  companyIds: readonly string[],
): Promise<{ summaries: Map<string, CompanySummary>; recomputed: string[] }> {
  const [versions, stored] = await Promise.all([
    readVersions(companyIds.flatMap(countLists)),
    getCompanySummaries(companyIds),
  ]);
  const summaries = new Map<string, CompanySummary>();
  const stale: string[] = [];
  for (const tenantId of companyIds) {
    const item = stored.get(tenantId);
    if (item && item.versions === versionKey(tenantId, versions))
      summaries.set(tenantId, fromStored(JSON.parse(item.summary) as Stored));
    else stale.push(tenantId);
  }
  let next = 0;
  const worker = async () => {
    while (next < stale.length) {
      const tenantId = stale[next++] as string;
      const fresh = await compute(tenantId, versions);
      // Named by the versions read before computing: a write meanwhile changes them, so the next
      // call recomputes instead of trusting figures that may predate it.
      await putCompanySummary(tenantId, versionKey(tenantId, versions), JSON.stringify(fresh));
      summaries.set(tenantId, fromStored(fresh));
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, stale.length) }, worker));
  return { summaries, recomputed: stale };
}
