import { madeOnceFor } from '../../lib/made-once.js';
import { withConnection } from './duck.js';
import { EQUAL_FILTERS, PAID_STATES, periodRange, type RoyaltyFilter } from './filter.js';
import { ROLLUP_DIMENSIONS } from './rollup-files.js';
import { literal } from './sql.js';

/**
 * A rollup file (rollup-files.ts, api/split-rollup.ts) held in memory, so a filter's sums are a pass over typed
 * arrays instead of a DuckDB query. A rollup file never changes (its name is a hash of the ledger state it sums), so
 * what is read from it once stays true. Every list of a filter nobody opened before reads two rollups (the sums and
 * the split); at 10,000,000 lines (33,000 rollup rows) those two queries were about a third of the API's CPU an
 * answer (docs/ledger.md). The pass here answers exactly what the SQL over the file answers, sum for sum (test:
 * test/unit/rollup-index.test.ts), and a filter it cannot read (any column not in the rollup) is left to the SQL.
 */

/** What an index sums: a column of whole numbers, or of decimals read as whole units of its `scale` places. */
export type Measure = { column: string; scale: number };

/** One column of filter values, dictionary-coded: `codes[row]` is an index into `values`, or -1 for NULL. */
type Dimension = { codes: Int32Array; codeOf: Map<string, number>; values: string[] };

/**
 * A measure's values split exactly into a high and a low 32-bit part (value = high × 2³² + low), so a sum over up to
 * MAX_ROWS rows adds plain numbers without losing a unit (each part's sum stays below 2⁵³) and becomes a bigint once.
 */
type Parts = { high: Int32Array; low: Uint32Array };

export type RollupIndex = {
  rows: number;
  dimensions: Map<string, Dimension>;
  measures: Map<string, Parts>;
};

/**
 * The largest rollup held in memory: about 90 bytes a row (10 filter columns and 6 measures), 22 MB at most. A
 * larger one stays on disk and is summed by DuckDB, as before.
 */
export const MAX_ROWS = 250_000;
/** Indexes a process keeps (the newest): a ledger state has two rollups, the sums and the split. */
const KEPT = 4;

/** The columns a filter the rollup answers can read: those of the equality filters it has, the period, the flags. */
const FILTER_COLUMNS = [
  ...EQUAL_FILTERS.map(([, column]) => column as string).filter((c) =>
    (ROLLUP_DIMENSIONS as readonly string[]).includes(c),
  ),
  'pay_period',
  ...new Set(Object.values(PAID_STATES).map(([column]) => column)),
];

const TWO_32 = 2 ** 32;
const INT64 = 1n << 63n;

const indexes = new Map<string, Promise<RollupIndex | null>>();

/**
 * The in-memory index of the rollup `file` over `measures` (their names are the index's keys), read once and shared;
 * null when the file holds more than MAX_ROWS rows or a value beyond 64 bits: its sums stay DuckDB's.
 */
export function rollupIndex(file: string, measures: readonly Measure[]): Promise<RollupIndex | null> {
  return madeOnceFor(indexes, `${file}\n${JSON.stringify(measures)}`, () => readIndex(file, measures), KEPT);
}

async function readIndex(file: string, measures: readonly Measure[]): Promise<RollupIndex | null> {
  return withConnection(async (connection) => {
    const source = `read_parquet(${literal(file)})`;
    const counted = (await connection.runAndReadAll(`SELECT count(*) AS n FROM ${source}`)).getRowObjectsJson();
    const rows = Number(counted[0]?.n ?? 0);
    if (rows > MAX_ROWS) return null;
    const select = [
      ...FILTER_COLUMNS.map((c) => `CAST(${c} AS VARCHAR) AS ${c}`),
      ...measures.map(
        ({ column, scale }) => `CAST(CAST(coalesce(${column}, 0) * ${10 ** scale} AS HUGEINT) AS VARCHAR) AS ${column}`,
      ),
    ];
    const columns = (
      await connection.runAndReadAll(`SELECT ${select.join(', ')} FROM ${source}`)
    ).getColumnsObjectJson();
    const dimensions = new Map(FILTER_COLUMNS.map((c) => [c, dimensionOf(columns[c] as (string | null)[])]));
    const parts = new Map<string, Parts>();
    for (const { column } of measures) {
      const split = partsOf(columns[column] as string[]);
      if (!split) return null;
      parts.set(column, split);
    }
    return { rows, dimensions, measures: parts };
  });
}

function dimensionOf(column: (string | null)[]): Dimension {
  const codeOf = new Map<string, number>();
  const values: string[] = [];
  const codes = new Int32Array(column.length);
  column.forEach((value, row) => {
    if (value === null) {
      codes[row] = -1;
      return;
    }
    let code = codeOf.get(value);
    if (code === undefined) {
      code = values.push(value) - 1;
      codeOf.set(value, code);
    }
    codes[row] = code;
  });
  return { codes, codeOf, values };
}

/** The column's whole numbers as parts, or null when one is beyond a signed 64-bit integer. */
function partsOf(column: string[]): Parts | null {
  const high = new Int32Array(column.length);
  const low = new Uint32Array(column.length);
  for (let row = 0; row < column.length; row++) {
    const value = BigInt(column[row]);
    if (value >= INT64 || value < -INT64) return null;
    high[row] = Number(value >> 32n);
    low[row] = Number(value & 0xffffffffn);
  }
  return { high, low };
}

/**
 * Which rows a filter selects, as the SQL of filterCondition selects them: a column equal to a value (NULL equals
 * nothing), the pay period within the dates' range (NULL is in no range), a flag true or false (NULL is neither).
 * Null when the filter reads anything else (free text, territory, ids, unmatched): the SQL sums those.
 */
function rowTest(index: RollupIndex, filter: RoyaltyFilter): ((row: number) => boolean) | null {
  const tests: ((row: number) => boolean)[] = [];
  const handled = new Set<string>(['start_date', 'end_date', 'state']);
  const equal = (column: string, value: string) => {
    const dimension = index.dimensions.get(column);
    if (!dimension) return false;
    const code = dimension.codeOf.get(value) ?? -2;
    const { codes } = dimension;
    tests.push((row) => codes[row] === code);
    return true;
  };
  for (const [key, column] of EQUAL_FILTERS) {
    const value = filter[key];
    if (!value) continue;
    if (!equal(column, value)) return null;
    handled.add(key);
  }
  if (filter.state) {
    const [column, flag] = PAID_STATES[filter.state];
    if (!equal(column, String(flag))) return null;
  }
  const { from, to } = periodRange(filter);
  if (from || to) {
    const period = index.dimensions.get('pay_period') as Dimension;
    const inRange = Uint8Array.from(period.values, (p) => Number((!from || p >= from) && (!to || p <= to)));
    tests.push((row) => period.codes[row] >= 0 && inRange[period.codes[row]] === 1);
  }
  for (const [key, value] of Object.entries(filter))
    if (value !== undefined && !handled.has(key) && !(key === 'unmatched' && value === 'false')) return null;
  return (row) => tests.every((test) => test(row));
}

export type GroupSums = { key: string | null; sums: Map<string, bigint> };

/**
 * The sums of the index's measures over the rows `filter` selects, one group per value of `by` (in ascending order,
 * NULL last, as DuckDB's ORDER BY) or one group for all (its sums 0 when nothing matched); null when the filter
 * reads a column the rollup does not have.
 */
export function sumRollup(index: RollupIndex, filter: RoyaltyFilter, by?: 'pay_period'): GroupSums[] | null {
  const test = rowTest(index, filter);
  if (!test) return null;
  const groupCodes = by ? (index.dimensions.get(by) as Dimension).codes : null;
  const totals = new Map<number, { high: Float64Array; low: Float64Array }>();
  const measures = [...index.measures];
  const totalOf = (group: number) => {
    let total = totals.get(group);
    if (!total) {
      total = { high: new Float64Array(measures.length), low: new Float64Array(measures.length) };
      totals.set(group, total);
    }
    return total;
  };
  if (!groupCodes) totalOf(0);
  for (let row = 0; row < index.rows; row++) {
    if (!test(row)) continue;
    const total = totalOf(groupCodes ? groupCodes[row] : 0);
    measures.forEach(([, parts], m) => {
      total.high[m] += parts.high[row];
      total.low[m] += parts.low[row];
    });
  }
  const values = by ? (index.dimensions.get(by) as Dimension).values : [];
  const groups = [...totals].map(([group, total]) => ({
    key: groupCodes ? (values[group] ?? null) : null,
    sums: new Map(
      measures.map(([column], m) => [column, BigInt(total.high[m]) * BigInt(TWO_32) + BigInt(total.low[m])]),
    ),
  }));
  return groups.sort((a, b) =>
    a.key === b.key ? 0 : a.key === null ? 1 : b.key === null ? -1 : a.key < b.key ? -1 : 1,
  );
}
