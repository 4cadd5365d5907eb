import type { DuckDBConnection } from '@duckdb/node-api';
import {
  aggregateKeys,
  aggregatesByPrefix,
  deleteAggregates as deleteAggregateItems,
  putAggregates,
} from '../../data/access/royalty-ledger.js';
import type { AggregateSums } from '../../data/entities/royalties.js';
import { required } from '../../lib/required.js';

/**
 * An import's aggregates: per pay period, its lines summed by each dimension on
 * its own — label, label name, release, recording, artist, store, territory, sales category, currency —
 * and in total, so a statement or a chart reads a handful of DynamoDB items, never the lines.
 * The values of one (pay period, dimension) are packed into items of at most
 * MAX_VALUES_PER_ITEM values (and about MAX_ITEM_BYTES of values: ~180 KB for 1,000), far below DynamoDB's 400 KB item
 * limit: an import writes tens of items, whatever its number of lines.
 *
 * Sums are exact decimal strings; `amount` and the cuts are in the company currency (converted
 * lines only), `amount_original` in the lines' own currencies (meaningful per currency).
 */
export const AGGREGATE_DIMENSIONS = [
  'label_id',
  'label_name',
  'release_id',
  'recording_id',
  'artist_id',
  'retailer',
  'territory',
  'sales_category',
  'currency',
  'total',
] as const;

/** The dimensions that are columns of a ledger line: every one but the whole period's total. */
export const LINE_DIMENSIONS = AGGREGATE_DIMENSIONS.filter(
  (d): d is Exclude<(typeof AGGREGATE_DIMENSIONS)[number], 'total'> => d !== 'total',
);
/**
 * Cross dimensions (a label's or an artist's stores, territories and releases on the
 * finances pages): the lines summed by two columns at once, the value `{first}|{second}` (the
 * second empty when the lines have none; lines without the first have no value here).
 */
export const CROSS_DIMENSIONS = {
  label_retailer: ['label_id', 'retailer'],
  label_territory: ['label_id', 'territory'],
  label_release: ['label_id', 'release_id'],
  artist_retailer: ['artist_id', 'retailer'],
  // A label name's lines by label: the value `{name}|` holds the lines of that name whose release has no label in
  // the catalogue, which the finances show under the report's label name as the royalties list does
  // (money/finances/scope.ts).
  label_name_label: ['label_name', 'label_id'],
} as const;
type CrossDimension = keyof typeof CROSS_DIMENSIONS;
/**
 * The rollup's version, stamped on each import whose aggregates it writes (`aggregates_version`):
 * 2 added the cross dimensions, 3 the label name (alone and by label). Raise it when the rollup changes; imports of an older version
 * are rebuilt from their ledger files without anyone asking (aggregate-upgrade.ts).
 */
export const AGGREGATES_VERSION = 3;
export type AggregateDimension = (typeof AGGREGATE_DIMENSIONS)[number] | CrossDimension;
/** The separator of a cross dimension's two values (ids and store names never hold it). */
export const CROSS_SEPARATOR = '|';
/** One value of a dimension in a pay period; `value` null: the lines without one (unmatched, no store…); the total's value is 'total'. */
export type AggregateRow = AggregateSums & { value: string | null };

const MAX_VALUES_PER_ITEM = 1000;
const MAX_ITEM_BYTES = 250_000;
/** The map key of the total (dimension 'total' has this one value). */
const TOTAL = 'total';

const itemKey = (payPeriod: string, dimension: string, chunk: number) =>
  `${payPeriod}#${dimension}#${String(chunk).padStart(4, '0')}`;
const SUMS = [
  'lines',
  'quantity',
  'amount',
  'amount_original',
  'label_payable',
  'artist_payable',
  'aggregator_payable',
] as const;

type Item = {
  tenantId: string;
  importId: string;
  key: string;
  pay_period: string;
  dimension: string;
  chunk: number;
  values: Record<string, AggregateSums>;
  none?: AggregateSums;
};

/**
 * The rollups of `cube` (a relation of summed lines with the dimensions' columns, pay_period,
 * and lines, quantity, amount, amount_original, label_payable, artist_payable,
 * aggregator_payable), as packed items.
 */
async function rollupItems(
  connection: DuckDBConnection,
  tenantId: string,
  importId: string,
  cube: string,
): Promise<Item[]> {
  const columns = LINE_DIMENSIONS;
  const crosses = Object.entries(CROSS_DIMENSIONS);
  const money = (column: string) => `CAST(coalesce(sum(${column}), 0) AS VARCHAR) AS ${column}`;
  // A cross grouping set also has each of its columns grouped: it is named first.
  const crossWhen = ([a, b]: readonly string[]) => `WHEN GROUPING(${a}) = 0 AND GROUPING(${b}) = 0`;
  const dimensionSql = [
    ...crosses.map(([name, pair]) => `${crossWhen(pair)} THEN '${name}'`),
    ...columns.map((c) => `WHEN GROUPING(${c}) = 0 THEN '${c}'`),
  ].join(' ');
  const valueSql = [
    ...crosses.map(
      ([, [a, b]]) =>
        `${crossWhen([a, b])} THEN CAST(${a} AS VARCHAR) || '${CROSS_SEPARATOR}' || coalesce(CAST(${b} AS VARCHAR), '')`,
    ),
    ...columns.map((c) => `WHEN GROUPING(${c}) = 0 THEN ${c}`),
  ].join(' ');
  const sets = [
    ...columns.map((c) => `(pay_period, ${c})`),
    ...crosses.map(([, [a, b]]) => `(pay_period, ${a}, ${b})`),
    '(pay_period)',
  ];
  const rows =
    await // A cross dimension keeps only lines with its first value (a label's stores, not the unlabelled lines').
    (
      await connection.runAndReadAll(`SELECT * FROM (SELECT pay_period,
        CASE ${dimensionSql} ELSE 'total' END AS dimension,
        CAST(CASE ${valueSql} ELSE '${TOTAL}' END AS VARCHAR) AS value,
        CAST(coalesce(sum(lines), 0) AS BIGINT) AS lines, CAST(coalesce(sum(quantity), 0) AS BIGINT) AS quantity,
        ${money('amount')}, ${money('amount_original')}, ${money('label_payable')}, ${money('artist_payable')}, ${money('aggregator_payable')}
      FROM ${cube}
      GROUP BY GROUPING SETS (${sets.join(', ')}))
      WHERE value IS NOT NULL OR dimension NOT IN (${crosses.map(([name]) => `'${name}'`).join(', ')})
      ORDER BY pay_period, dimension, value NULLS FIRST`)
    ).getRowObjects();

  const items: Item[] = [];
  let current: Item | undefined;
  // The open item's size and count of values, kept as rows go in: counting its keys on every row was quadratic in
  // the values a dimension has (most of an import's aggregate step for a dimension of thousands of values).
  let bytes = 0;
  let count = 0;
  for (const row of rows) {
    const payPeriod = String(row.pay_period);
    const dimension = String(row.dimension);
    const sums = Object.fromEntries(
      SUMS.map((s) => [s, s === 'lines' || s === 'quantity' ? Number(row[s]) : String(row[s])]),
    ) as AggregateSums;
    const size = JSON.stringify(sums).length + String(row.value ?? '').length + 8;
    const open = current?.pay_period === payPeriod && current.dimension === dimension ? current : undefined;
    if (!open || count >= MAX_VALUES_PER_ITEM || bytes + size > MAX_ITEM_BYTES) {
      const chunk = open ? open.chunk + 1 : 0;
      current = {
        tenantId,
        importId,
        key: itemKey(payPeriod, dimension, chunk),
        pay_period: payPeriod,
        dimension,
        chunk,
        values: {},
      };
      items.push(current);
      bytes = 0;
      count = 0;
    }
    const item = required(current, 'the aggregate item being filled');
    // DynamoDB map keys cannot be empty: the lines without a value are the item's `none`.
    if (row.value === null || row.value === undefined || row.value === '') item.none = sums;
    else {
      item.values[String(row.value)] = sums;
      count += 1;
    }
    bytes += size;
  }
  return items;
}

/**
 * Writes the aggregates of one import from its summed lines (`cube`, ledger/rules.ts), removes
 * items it no longer has; returns how many items it wrote and its DynamoDB writes (puts and deletes).
 */
export async function writeAggregates(
  connection: DuckDBConnection,
  tenantId: string,
  importId: string,
  cube = 'ledger_cube',
): Promise<{ items: number; writes: number }> {
  const items = await rollupItems(connection, tenantId, importId, cube);
  const before = await aggregateKeys(tenantId, importId);
  // Items of up to ~250 KB: a batch of 25 stays below BatchWriteItem's 16 MB.
  await putAggregates(items);
  const keep = new Set(items.map((item) => item.key));
  const stale = before.filter((key) => !keep.has(key));
  await deleteAggregateItems(tenantId, importId, stale);
  return { items: items.length, writes: items.length + stale.length };
}

/**
 * The sums of one import's lines in one pay period by one dimension: one row per value (null:
 * the lines without one), in value order. For statements and charts; reads the dimension's few items.
 */
export async function periodAggregates(
  tenantId: string,
  importId: string,
  payPeriod: string,
  dimension: AggregateDimension,
): Promise<AggregateRow[]> {
  const found = await aggregatesByPrefix(tenantId, importId, `${payPeriod}#${dimension}#`);
  const rows: AggregateRow[] = [];
  for (const item of found) {
    if (item.none) rows.push({ value: null, ...item.none });
    for (const [value, sums] of Object.entries(item.values ?? {})) rows.push({ value, ...sums });
  }
  // A map keeps no order: values in order, the value-less row first.
  return rows.sort((a, b) =>
    a.value === b.value ? 0 : a.value === null ? -1 : b.value === null ? 1 : a.value < b.value ? -1 : 1,
  );
}

/** Removes all of an import's aggregates (an import stored as a duplicate has none). */
export async function deleteAggregates(tenantId: string, importId: string): Promise<void> {
  await deleteAggregateItems(tenantId, importId, await aggregateKeys(tenantId, importId));
}
