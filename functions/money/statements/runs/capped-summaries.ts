import type { StatementSummaries, SummaryDimension, SummaryRow } from '../../../../shared/schemas/statement-views.js';
import { exactFromUnits, unitsFromExact } from '../../../royalties/ledger/units.js';

/**
 * A statement item holds its "By …" tables, and DynamoDB refuses an item over 400 KB: a payee on
 * thousands of tracks or stores would make the publish fail. So each table keeps its largest rows and
 * folds the rest into one "N other …" row whose lines, quantity and exact amount are the folded rows'
 * sums: the table still adds up to the statement's royalties to the millionth, and rounded to the cent
 * by the one rule every table uses (roundRowsToTotal), since its exact total is unchanged. The page and
 * the PDF both read these stored rows, so they show the same table; every line behind the folded rows is
 * in the statement's CSV (one row per line with its store, territory, release, track, month and term).
 */

/** How many rows a table keeps before the rest are folded: a statement's page and PDF stay readable too. */
export const SUMMARY_ROWS_KEPT = 100;

/** What a folded row calls the rows it stands for. */
const OTHERS: Record<SummaryDimension, [one: string, many: string]> = {
  store: ['store', 'stores'],
  territory: ['territory', 'territories'],
  format: ['format', 'formats'],
  release: ['release', 'releases'],
  track: ['track', 'tracks'],
  period: ['month', 'months'],
  term: ['contract term', 'contract terms'],
};

/** "1 other store", "19,900 other tracks". */
function otherRowsLabel(dimension: SummaryDimension, count: number): string {
  const [one, many] = OTHERS[dimension];
  return `${count.toLocaleString('en-GB')} other ${count === 1 ? one : many}`;
}

/**
 * One table with at most `kept` rows of its own: the `kept` largest amounts (ties: the earlier row)
 * in the table's own order, then the folded row. A table one row over is left whole: a row of one
 * would say less than the row itself.
 */
export function capSummaryRows(dimension: SummaryDimension, rows: readonly SummaryRow[], kept: number): SummaryRow[] {
  if (rows.length <= kept + 1) return [...rows];
  const ranked = rows
    .map((row, index) => ({ index, units: unitsFromExact(row.amount) }))
    .sort((a, b) => (a.units === b.units ? a.index - b.index : a.units > b.units ? -1 : 1));
  const keep = new Set(ranked.slice(0, kept).map((r) => r.index));
  const folded = rows.filter((_, i) => !keep.has(i));
  const other: SummaryRow = {
    value: null,
    label: otherRowsLabel(dimension, folded.length),
    lines: folded.reduce((t, r) => t + r.lines, 0),
    quantity: folded.reduce((t, r) => t + r.quantity, 0),
    amount: exactFromUnits(folded.reduce((t, r) => t + unitsFromExact(r.amount), 0n)),
    others: folded.length,
  };
  return [...rows.filter((_, i) => keep.has(i)), other];
}

/** Every table capped at `kept` rows of its own. */
function capSummaries(summaries: StatementSummaries, kept: number): StatementSummaries {
  return Object.fromEntries(
    (Object.entries(summaries) as [SummaryDimension, SummaryRow[]][]).map(([dimension, rows]) => [
      dimension,
      capSummaryRows(dimension, rows, kept),
    ]),
  );
}

/**
 * Stays well under DynamoDB's 400 KB: an item's stored size is close to its JSON's (names and values),
 * and its transaction writes other items beside it.
 */
export const STATEMENT_ITEM_BUDGET_BYTES = 300_000;
/** The fewest rows a table keeps however long its labels. */
const FEWEST_KEPT = 5;

/**
 * The summaries an item stores: each table capped at SUMMARY_ROWS_KEPT rows, fewer while the item
 * `withSummaries` makes would still pass the budget (very long titles, a statement over hundreds of
 * reports).
 */
export function summariesWithinBudget<T>(
  summaries: StatementSummaries,
  withSummaries: (capped: StatementSummaries) => T,
): T {
  let kept = SUMMARY_ROWS_KEPT;
  let item = withSummaries(capSummaries(summaries, kept));
  while (kept > FEWEST_KEPT && Buffer.byteLength(JSON.stringify(item)) > STATEMENT_ITEM_BUDGET_BYTES) {
    kept = Math.max(FEWEST_KEPT, Math.floor(kept / 2));
    item = withSummaries(capSummaries(summaries, kept));
  }
  return item;
}
