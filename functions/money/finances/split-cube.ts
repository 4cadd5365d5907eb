import { getOrCreate } from '../../lib/get-or-create.js';
import { CROSS_DIMENSIONS, CROSS_SEPARATOR, type AggregateDimension } from '../../royalties/ledger/aggregates.js';
import { rowsOf } from '../earnings/allocation.js';
import {
  lineSplitSql,
  SPLIT_SUMS,
  splitOfRow,
  withLineSplit,
  type SplitUnits,
  type Terms,
} from '../earnings/line-split.js';
import { GROUPED } from './overlay-deltas.js';

/**
 * How the label share divides in each cell of the finance cube (pay period × dimension × value), by
 * the statements engine over the whole effective ledger: one engine pass per ledger state and terms.
 * DuckDB sums each cell itself, one grouping set per dimension (as `cellsOf` in overlay-deltas.ts names
 * the cells a line counts in): the sums of whole millionths are exact in any grouping, and the answer is
 * the cube's few thousand cells. Grouped by every dimension at once and summed cell by cell here, a
 * 10,000,000-line ledger sent hundreds of thousands of rows through JavaScript, and the first finances
 * answer after an import waited for them with the event loop blocked for seconds.
 */
export type SplitCube = Map<string, Map<AggregateDimension, Map<string | null, SplitUnits>>>;

/** Each cell kind of the cube and the columns beside the pay period that name its value. */
const CELL_SETS: { dimension: AggregateDimension; columns: readonly string[] }[] = [
  ...GROUPED.map((dimension) => ({ dimension, columns: [dimension] })),
  { dimension: 'total', columns: [] },
  ...Object.entries(CROSS_DIMENSIONS).map(([dimension, pair]) => ({
    dimension: dimension as AggregateDimension,
    columns: pair,
  })),
];
/** A grouping set's columns as the query's GROUPING() flags show them: the set it is. */
const setKey = (columns: readonly string[]) => [...columns].sort().join(',');
const SET_BY_KEY = new Map(CELL_SETS.map((set) => [setKey(set.columns), set]));

export async function splitCube(tenantId: string, terms: Terms): Promise<SplitCube> {
  const sets = CELL_SETS.map((set) => `(${['pay_period', ...set.columns].join(', ')})`);
  const rows = await withLineSplit(
    tenantId,
    terms,
    (p) =>
      rowsOf(
        p,
        `SELECT pay_period, ${GROUPED.join(', ')}, ${GROUPED.map((d) => `GROUPING(${d}) AS g_${d}`).join(', ')},
           ${SPLIT_SUMS}
         FROM (${lineSplitSql()}) WHERE pay_period IS NOT NULL GROUP BY GROUPING SETS (${sets.join(', ')})`,
      ),
    { columns: ['pay_period', ...GROUPED] },
  );
  const cube: SplitCube = new Map();
  for (const row of rows) {
    const set = SET_BY_KEY.get(setKey(GROUPED.filter((d) => Number(row[`g_${d}`]) === 0)));
    if (!set) throw new Error('the split cube read a row of no grouping set it asked for');
    const [first, second] = set.columns.map((c) => (row[c] === null || row[c] === undefined ? null : String(row[c])));
    let value: string | null;
    if (set.dimension === 'total') value = 'total';
    else if (set.columns.length === 1) value = first;
    // A cross cell is counted only where its first dimension has a value (a line of no label is in no label's cells).
    else if (first === null) continue;
    else value = `${first}${CROSS_SEPARATOR}${second ?? ''}`;
    const dimensions = getOrCreate(
      cube,
      String(row.pay_period),
      () => new Map<AggregateDimension, Map<string | null, SplitUnits>>(),
    );
    getOrCreate(dimensions, set.dimension, () => new Map<string | null, SplitUnits>()).set(value, splitOfRow(row));
  }
  return cube;
}

/** Every cell of the split: [period, dimension, value, units]. */
export function* splitCells(cube: SplitCube): Generator<[string, AggregateDimension, string | null, SplitUnits]> {
  for (const [period, dimensions] of cube)
    for (const [dimension, values] of dimensions)
      for (const [value, units] of values) yield [period, dimension, value, units];
}
