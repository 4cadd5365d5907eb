import type Big from 'big.js';
import { summaryFigures } from '../../../shared/royalty-figures.js';
import type { FinanceFigures, FinancePeriod, FinanceSlice } from '../../../shared/schemas/finance-views.js';
import { addSums, zeroSums, type FinanceCube, type Sums } from './cube.js';
import { periodDates, type DateRange } from './range.js';
import { periodSlice, periodTotal, type CubeScope, type SliceName } from './scope.js';
import { territoryName } from '../../../shared/territories.js';

/**
 * Finance figures from the cube's exact sums, rounded to the cent once, at the end, by the rule the royalties list's
 * summary shows the same sums by (`summaryFigures`): revenue and the label share rounded half away from zero, the
 * aggregator fee their difference, the payees' and no one's parts rounded, and what the label keeps the rest of the
 * label share, so the parts a page shows add up and the two pages never differ by a cent. Also the royalties-list
 * query behind each figure (the list's own filter names: by_label, by_retailer, by_territory, release_id, artist_id,
 * start_date, end_date) for the drill-down.
 */
export function figuresOf(sums: Sums, { split = true }: { split?: boolean } = {}): FinanceFigures {
  const exact = (value: Big) => value.toFixed(6);
  const shown = summaryFigures({
    total_sum: exact(sums.amount),
    aggregator_sum: exact(sums.aggregator_payable),
    label_sum: exact(sums.label_payable),
    artist_sum: exact(sums.payees),
    unaccountable_sum: exact(sums.unaccountable),
  });
  return {
    revenue: shown.total,
    label_share: shown.label,
    artist_share: shown.artists,
    aggregator_fee: shown.aggregator,
    ...(split ? { retained: shown.label_keeps, unaccountable: shown.unaccountable } : {}),
    lines: sums.lines,
    quantity: sums.quantity,
  };
}

/** The royalties-list filters that select the scope's lines. */
export function scopeFilter(scope: CubeScope): Record<string, string> {
  if (scope.kind === 'label') return { by_label: scope.id };
  if (scope.kind === 'artists') return { artist_id: [...new Set(scope.ids)].join(',') };
  return {};
}

/** A royalties-list query string ("start_date=…&end_date=…&by_label=…"). */
export function royaltiesQuery(
  range: { start_date: string; end_date: string },
  filters: Record<string, string>,
): string {
  return new URLSearchParams({ start_date: range.start_date, end_date: range.end_date, ...filters }).toString();
}

const SLICE_FILTER: Record<SliceName, string> = {
  store: 'by_retailer',
  territory: 'by_territory',
  label: 'by_label',
  release: 'release_id',
};
/** How many slices a pie shows before "Other". */
const TOP = 10;

/** The scope's sums over the range. */
export function rangeTotal(cube: FinanceCube, range: DateRange, scope: CubeScope): Sums {
  const total = zeroSums();
  for (const period of range.periods) addSums(total, periodTotal(cube, period, scope));
  return total;
}

/** One row per pay period of the range, empty months included (a chart's axis has no gaps). */
export function byPeriod(cube: FinanceCube, range: DateRange, scope: CubeScope): FinancePeriod[] {
  return range.periods.map((pay_period) => ({
    pay_period,
    ...figuresOf(periodTotal(cube, pay_period, scope)),
    royalties_query: royaltiesQuery(periodDates(pay_period), scopeFilter(scope)),
  }));
}

/**
 * The scope's slices over the range, largest revenue first: the top ten by name (`names` says what
 * the reader sees for a key), then "Other" (key null) holding the rest and the lines without one.
 */
export function bySlice(
  cube: FinanceCube,
  range: DateRange,
  scope: CubeScope,
  slice: SliceName,
  // A territory's code in words ("GB" → "United Kingdom"); other slices are named by their caller or by their key.
  names: (key: string) => string = slice === 'territory' ? territoryName : (key) => key,
): FinanceSlice[] {
  const summed = new Map<string | null, Sums>();
  for (const period of range.periods)
    for (const [key, sums] of periodSlice(cube, period, scope, slice))
      summed.set(key, addSums(summed.get(key) ?? zeroSums(), sums));
  // A cell an edit or deletion emptied (no lines, no money) is no slice.
  const empty = (sums: Sums) => sums.lines === 0 && sums.amount.eq(0) && sums.label_payable.eq(0);
  const keyed = [...summed].flatMap(([key, sums]) => (key === null || empty(sums) ? [] : [{ key, sums }]));
  keyed.sort((a, b) => b.sums.amount.cmp(a.sums.amount) || a.key.localeCompare(b.key));
  const scopeQuery = scopeFilter(scope);
  const slices: FinanceSlice[] = keyed.slice(0, TOP).map(({ key, sums }) => ({
    key,
    name: names(key),
    ...figuresOf(sums),
    royalties_query: royaltiesQuery(range, { ...scopeQuery, [SLICE_FILTER[slice]]: key }),
  }));
  const rest = zeroSums();
  for (const { sums } of keyed.slice(TOP)) addSums(rest, sums);
  const unnamed = summed.get(null);
  if (unnamed) addSums(rest, unnamed);
  if (rest.lines !== 0 || !rest.amount.eq(0))
    slices.push({ key: null, name: 'Other', ...figuresOf(rest), royalties_query: royaltiesQuery(range, scopeQuery) });
  return slices;
}
