import type { AggregateSums } from '../../data/entities/royalties.js';
import {
  AGGREGATE_DIMENSIONS,
  CROSS_DIMENSIONS,
  CROSS_SEPARATOR,
  type AggregateDimension,
} from '../../royalties/ledger/aggregates.js';
import { withConnection } from '../../royalties/ledger/duck.js';
import { localLedgerFile } from '../../royalties/ledger/files.js';
import { changedLines } from '../../royalties/ledger/ledger-source.js';
import { effectiveRelation, parseRoyaltyId } from '../../royalties/ledger/overlays.js';
import type { LedgerState } from '../../royalties/ledger/state.js';

/**
 * What the overlays change in the aggregates, as signed sums per (pay period, dimension, value):
 * a manual sale adds its line; an edited imported line takes its original out and its edited
 * self in; a deleted line takes its original out. Only the edited lines of the imports they
 * belong to and the manual sales are read (a handful), never the whole ledger.
 */
export type OverlayDelta = {
  pay_period: string;
  dimension: AggregateDimension;
  value: string | null;
  sums: AggregateSums;
  sign: 1 | -1;
};

export const GROUPED = AGGREGATE_DIMENSIONS.filter((d) => d !== 'total');
const SUMMED = `count(*) AS lines, CAST(coalesce(sum(quantity), 0) AS BIGINT) AS quantity,
  CAST(coalesce(sum(amount), 0) AS VARCHAR) AS amount, CAST(coalesce(sum(subtotal_payable), 0) AS VARCHAR) AS amount_original,
  CAST(coalesce(sum(label_payable), 0) AS VARCHAR) AS label_payable, CAST(coalesce(sum(artist_payable), 0) AS VARCHAR) AS artist_payable,
  CAST(coalesce(sum(aggregator_payable), 0) AS VARCHAR) AS aggregator_payable`;

/** A kind of cell of the finance cube, and the columns beside the pay period that name its value. */
export type CellKind = { dimension: AggregateDimension; columns: readonly string[] };

/** Every kind of cell a line counts in, as the aggregates name them: each dimension, the total, the crossings. */
export const CELL_KINDS: CellKind[] = [
  ...GROUPED.map((dimension) => ({ dimension, columns: [dimension] })),
  { dimension: 'total', columns: [] },
  ...Object.entries(CROSS_DIMENSIONS).map(([dimension, pair]) => ({
    dimension: dimension as AggregateDimension,
    columns: pair,
  })),
];

/**
 * The value of a line's cell of this kind, from its columns' text; undefined when the line counts in no cell
 * of the kind: a crossing counts only lines whose first dimension has a value (a line of no label is in no
 * label's cells).
 */
export function cellValue(kind: CellKind, text: (column: string) => string | null): string | null | undefined {
  if (kind.dimension === 'total') return 'total';
  const [first, second] = kind.columns.map(text);
  if (kind.columns.length === 1) return first;
  return first === null ? undefined : `${first}${CROSS_SEPARATOR}${second ?? ''}`;
}

/** A row's column as text, null when it has none. */
export const textOf = (row: Record<string, unknown>) => (column: string) =>
  row[column] === null || row[column] === undefined ? null : String(row[column]);

/** The (dimension, value) cells one group of lines counts in. */
function cellsOf(row: Record<string, unknown>): [AggregateDimension, string | null][] {
  const text = textOf(row);
  return CELL_KINDS.flatMap((kind) => {
    const value = cellValue(kind, text);
    return value === undefined ? [] : [[kind.dimension, value] as [AggregateDimension, string | null]];
  });
}

export async function overlayDeltas(tenantId: string, state: LedgerState): Promise<OverlayDelta[]> {
  if (!state.manual.length && !state.edits.length) return [];
  const editedImports = new Set(
    state.edits.flatMap((edit) => {
      const ref = parseRoyaltyId(edit.id);
      return ref && !ref.manual ? [ref.importId] : [];
    }),
  );
  const files = await Promise.all(
    state.imports
      .filter((entry) => editedImports.has(entry.importId))
      .flatMap((entry) => entry.keys.map(localLedgerFile)),
  );
  // Files of older ledger schemas may differ: their columns are matched by name.
  const changed = changedLines({ files, uniform: false }, state);
  if (!changed) return [];
  return withConnection(async (connection) => {
    const base = `finance_overlay_${tenantId.replace(/[^0-9A-Za-z]/g, '_')}`;
    await connection.run(`CREATE OR REPLACE TEMP TABLE ${base} AS SELECT * FROM ${changed.sql}`, changed.params);
    const effective = effectiveRelation(base, { edits: state.edits, rules: [] });
    const dims = ['pay_period', ...GROUPED].join(', ');
    const reader = await connection.runAndReadAll(
      `SELECT ${dims}, 1 AS sign, ${SUMMED} FROM ${effective.sql} GROUP BY ALL
       UNION ALL
       SELECT ${dims}, -1 AS sign, ${SUMMED} FROM ${base} WHERE manual_id IS NULL GROUP BY ALL`,
      effective.params,
    );
    const deltas: OverlayDelta[] = [];
    for (const row of reader.getRowObjectsJson() as Record<string, unknown>[]) {
      if (row.pay_period === null || row.pay_period === undefined) continue;
      const sums: AggregateSums = {
        lines: Number(row.lines),
        quantity: Number(row.quantity),
        amount: String(row.amount),
        amount_original: String(row.amount_original),
        label_payable: String(row.label_payable),
        artist_payable: String(row.artist_payable),
        aggregator_payable: String(row.aggregator_payable),
      };
      const sign = Number(row.sign) < 0 ? -1 : 1;
      for (const [dimension, value] of cellsOf(row))
        deltas.push({ pay_period: String(row.pay_period), dimension, value, sums, sign });
    }
    return deltas;
  });
}
