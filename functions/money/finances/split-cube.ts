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
import { cellsOf, GROUPED } from './overlay-deltas.js';

/**
 * How the label share divides in each cell of the finance cube (pay period × dimension × value), by
 * the statements engine over the whole effective ledger: one engine pass per ledger state and terms,
 * then arithmetic. The engine's rows are grouped by every column the cube's dimensions read, so each
 * cell is the exact sum of its lines' splits.
 */
export type SplitCube = Map<string, Map<AggregateDimension, Map<string | null, SplitUnits>>>;

export async function splitCube(tenantId: string, terms: Terms): Promise<SplitCube> {
  const rows = await withLineSplit(
    tenantId,
    terms,
    (p) =>
      rowsOf(
        p,
        `SELECT pay_period, ${GROUPED.join(', ')}, ${SPLIT_SUMS} FROM (${lineSplitSql()})
         WHERE pay_period IS NOT NULL GROUP BY ALL`,
      ),
    { columns: ['pay_period', ...GROUPED] },
  );
  const cube: SplitCube = new Map();
  for (const row of rows) {
    const units = splitOfRow(row);
    const period = String(row.pay_period);
    const dimensions = getOrCreate(cube, period, () => new Map<AggregateDimension, Map<string | null, SplitUnits>>());
    for (const [dimension, value] of cellsOf(row)) {
      const values = getOrCreate(dimensions, dimension, () => new Map<string | null, SplitUnits>());
      const cell = values.get(value) ?? { payees: 0n, retained: 0n, unaccountable: 0n };
      values.set(value, {
        payees: cell.payees + units.payees,
        retained: cell.retained + units.retained,
        unaccountable: cell.unaccountable + units.unaccountable,
      });
    }
  }
  return cube;
}

/** Every cell of the split: [period, dimension, value, units]. */
export function* splitCells(cube: SplitCube): Generator<[string, AggregateDimension, string | null, SplitUnits]> {
  for (const [period, dimensions] of cube)
    for (const [dimension, values] of dimensions)
      for (const [value, units] of values) yield [period, dimension, value, units];
}
