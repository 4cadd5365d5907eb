import { getOrCreate } from '../../lib/get-or-create.js';
import type { AggregateDimension } from '../../royalties/ledger/aggregates.js';
import { rowsOf } from '../earnings/allocation.js';
import {
  lineSplitSql,
  SPLIT_SUMS,
  splitOfRow,
  withLineSplit,
  type SplitUnits,
  type Terms,
} from '../earnings/line-split.js';
import { CELL_KINDS, cellValue, GROUPED, textOf } from './overlay-deltas.js';

/**
 * How the label share divides in each cell of the finance cube (pay period × dimension × value), by
 * the statements engine over the whole effective ledger: one engine pass per ledger state and terms.
 * DuckDB sums each cell itself, one grouping set per kind of cell a line counts in (`CELL_KINDS`,
 * overlay-deltas.ts): the sums of whole millionths are exact in any grouping, and the answer is
 * the cube's few thousand cells. Grouped by every dimension at once and summed cell by cell here, a
 * 10,000,000-line ledger sent hundreds of thousands of rows through JavaScript, and the first finances
 * answer after an import waited for them with the event loop blocked for seconds.
 */
export type SplitCube = Map<string, Map<AggregateDimension, Map<string | null, SplitUnits>>>;

/** A grouping set's columns as the query's GROUPING() flags show them: the kind of cell it sums. */
const setKey = (columns: readonly string[]) => [...columns].sort().join(',');
const KIND_BY_SET = new Map(CELL_KINDS.map((kind) => [setKey(kind.columns), kind]));

export async function splitCube(tenantId: string, terms: Terms): Promise<SplitCube> {
  const sets = CELL_KINDS.map((kind) => `(${['pay_period', ...kind.columns].join(', ')})`);
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
    const kind = KIND_BY_SET.get(setKey(GROUPED.filter((d) => Number(row[`g_${d}`]) === 0)));
    if (!kind) throw new Error('the split cube read a row of no grouping set it asked for');
    const value = cellValue(kind, textOf(row));
    if (value === undefined) continue;
    const dimensions = getOrCreate(
      cube,
      String(row.pay_period),
      () => new Map<AggregateDimension, Map<string | null, SplitUnits>>(),
    );
    getOrCreate(dimensions, kind.dimension, () => new Map<string | null, SplitUnits>()).set(value, splitOfRow(row));
  }
  return cube;
}

/** Every cell of the split: [period, dimension, value, units]. */
export function* splitCells(cube: SplitCube): Generator<[string, AggregateDimension, string | null, SplitUnits]> {
  for (const [period, dimensions] of cube)
    for (const [dimension, values] of dimensions)
      for (const [value, units] of values) yield [period, dimension, value, units];
}
