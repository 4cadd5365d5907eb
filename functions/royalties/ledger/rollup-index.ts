import { withTempTables } from './duck.js';
import { EQUAL_FILTERS, lineLabel, PAID_STATES, periodRange, type RoyaltyFilter } from './filter.js';
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
  ...['label_id', 'label_name', ...EQUAL_FILTERS.map(([, column]) => column as string)].filter((c) =>
    (ROLLUP_DIMENSIONS as readonly string[]).includes(c),
  ),
  'pay_period',
  ...new Set(Object.values(PAID_STATES).map(([column]) => column)),
];

const TWO_32 = 2 ** 32;
const INT64_MAX = '9223372036854775807';

type Held = { reading: Promise<RollupIndex | null>; index?: RollupIndex | null };
const held = new Map<string, Held>();

function heldEntry(file: string, measures: readonly Measure[]): Held {
  const key = `${file}\n${JSON.stringify(measures)}`;
  const known = held.get(key);
  if (known) return known;
  if (held.size >= KEPT) held.delete(held.keys().next().value as string);
  const entry: Held = { reading: readIndex(file, measures) };
  // Kept for the synchronous look (heldRollupIndex) once read; a failed read is forgotten, so the next list reads again.
  entry.reading.then(
    (index) => {
      entry.index = index;
    },
    () => held.delete(key),
  );
  held.set(key, entry);
  return entry;
}

/**
 * The in-memory index of the rollup `file` over `measures` (their names are the index's keys), read once and shared;
 * null when the file holds more than MAX_ROWS rows or a value beyond 64 bits: its sums stay DuckDB's.
 */
export function rollupIndex(file: string, measures: readonly Measure[]): Promise<RollupIndex | null> {
  return heldEntry(file, measures).reading;
}

/**
 * The index when it is in memory already; else undefined, and its reading starts for the lists that come next. A
 * list does not wait for it: reading 33,000 rows takes about 0.3 s, more than DuckDB's sums of one filter, so the
 * first list of a new ledger state sums with DuckDB as before and the later ones read the index.
 */
export function heldRollupIndex(file: string, measures: readonly Measure[]): RollupIndex | null | undefined {
  return heldEntry(file, measures).index;
}

/**
 * Reads the file's filter columns as codes into a dictionary of each column's values (DuckDB turns values into codes:
 * text read into JavaScript row by row cost 1.4 µs a value, 0.46 s for the bench's rollup) and each measure as
 * its two parts.
 */
async function readIndex(file: string, measures: readonly Measure[]): Promise<RollupIndex | null> {
  return withTempTables(async (connection) => {
    const units = ({ column, scale }: Measure) => `CAST(coalesce(${column}, 0) * ${10 ** scale} AS HUGEINT)`;
    const source = `read_parquet(${literal(file)}, file_row_number = true)`;
    const inRange = measures.map((m) => `coalesce(bool_and(abs(${units(m)}) <= ${INT64_MAX}), true)`);
    const [size] = (
      await connection.runAndReadAll(
        `SELECT count(*) AS n, ${['true', ...inRange].join(' AND ')} AS fits FROM ${source}`,
      )
    ).getRowObjectsJS();
    const rows = Number(size?.n ?? 0);
    if (rows > MAX_ROWS || size?.fits !== true) return null;
    // Each column's distinct values in order, numbered from 0, once (temp tables the two reads below share); a row's
    // code is its value's number (NULL: -1).
    for (const c of FILTER_COLUMNS)
      await connection.run(
        `CREATE TEMP TABLE d_${c} AS SELECT v, (row_number() OVER (ORDER BY v) - 1)::INTEGER AS code
         FROM (SELECT DISTINCT CAST(${c} AS VARCHAR) AS v FROM ${source} WHERE ${c} IS NOT NULL)`,
      );
    const [values] = (
      await connection.runAndReadAll(
        `SELECT ${FILTER_COLUMNS.map((c) => `(SELECT coalesce(list(v ORDER BY code), []) FROM d_${c}) AS ${c}`).join(', ')}`,
      )
    ).getRowObjectsJS();
    const codes = FILTER_COLUMNS.map((c) => `coalesce(d_${c}.code, -1) AS ${c}`);
    const parts = measures.flatMap((m) => [
      `CAST(${units(m)} >> 32 AS INTEGER) AS "${m.column}.high"`,
      `CAST(${units(m)} & 4294967295 AS DOUBLE) AS "${m.column}.low"`,
    ]);
    const joins = FILTER_COLUMNS.map((c) => `LEFT JOIN d_${c} ON d_${c}.v = CAST(s.${c} AS VARCHAR)`);
    const columns = (
      await connection.runAndReadAll(
        `SELECT ${[...codes, ...parts].join(', ')} FROM ${source} s ${joins.join(' ')} ORDER BY s.file_row_number`,
      )
    ).getColumnsObjectJS() as Record<string, number[]>;
    const dimensions = new Map(
      FILTER_COLUMNS.map((c) => {
        const dictionary = (values?.[c] ?? []) as string[];
        return [
          c,
          {
            codes: Int32Array.from(columns[c]),
            values: dictionary,
            codeOf: new Map(dictionary.map((value, code) => [value, code])),
          },
        ];
      }),
    );
    const measured = new Map(
      measures.map(({ column }) => [
        column,
        { high: Int32Array.from(columns[`${column}.high`]), low: Uint32Array.from(columns[`${column}.low`]) },
      ]),
    );
    return { rows, dimensions, measures: measured };
  });
}

/** The codes a row's column must hold: `codes[row] === code` (NULL is -1, a value in no row -2). */
type Condition = { codes: Int32Array; code: number };

/**
 * Which rows a filter selects, as the SQL of filterCondition selects them: a column equal to a value (NULL equals
 * nothing), the pay period within the dates' range (NULL is in no range), a flag true or false (NULL is neither).
 * Null when the filter reads anything else (free text, territory, ids, unmatched): the SQL sums those.
 */
function conditionsOf(
  index: RollupIndex,
  filter: RoyaltyFilter,
): { equal: Condition[]; period: { codes: Int32Array; in: Uint8Array } | null } | null {
  const equal: Condition[] = [];
  const handled = new Set<string>(['start_date', 'end_date', 'state']);
  const add = (column: string, value: string) => {
    const dimension = index.dimensions.get(column);
    if (!dimension) return false;
    equal.push({ codes: dimension.codes, code: dimension.codeOf.get(value) ?? -2 });
    return true;
  };
  for (const [key, column] of EQUAL_FILTERS) {
    const value = filter[key];
    if (!value) continue;
    if (!add(column, value)) return null;
    handled.add(key);
  }
  if (filter.by_label) {
    // A line's label by the one rule (filter.ts lineLabel): its label id, else its report's label name.
    const id = index.dimensions.get('label_id');
    const name = index.dimensions.get('label_name');
    if (!id || !name) return null;
    const text = (dimension: Dimension, row: number) =>
      dimension.codes[row] < 0 ? null : dimension.values[dimension.codes[row]];
    const codes = new Int32Array(index.rows);
    for (let row = 0; row < index.rows; row++)
      codes[row] = Number(lineLabel({ label_id: text(id, row), label_name: text(name, row) }) === filter.by_label);
    equal.push({ codes, code: 1 });
    handled.add('by_label');
  }
  if (filter.state) {
    const [column, flag] = PAID_STATES[filter.state];
    if (!add(column, String(flag))) return null;
  }
  for (const [key, value] of Object.entries(filter))
    if (value !== undefined && !handled.has(key) && !(key === 'unmatched' && value === 'false')) return null;
  const { from, to } = periodRange(filter);
  if (!from && !to) return { equal, period: null };
  const period = index.dimensions.get('pay_period') as Dimension;
  const inRange = Uint8Array.from(period.values, (p) => Number((!from || p >= from) && (!to || p <= to)));
  return { equal, period: { codes: period.codes, in: inRange } };
}

export type GroupSums = { key: string | null; sums: Map<string, bigint> };

/**
 * The sums of the index's measures over the rows `filter` selects, one group per value of `by` (in ascending order,
 * NULL last, as DuckDB's ORDER BY) or one group for all (its sums 0 when nothing matched); null when the filter
 * reads a column the rollup does not have.
 */
export function sumRollup(index: RollupIndex, filter: RoyaltyFilter, by?: 'pay_period'): GroupSums[] | null {
  const conditions = conditionsOf(index, filter);
  if (!conditions) return null;
  const { equal, period } = conditions;
  const grouping = by ? (index.dimensions.get(by) as Dimension) : null;
  const measures = [...index.measures];
  const highs = measures.map(([, parts]) => parts.high);
  const lows = measures.map(([, parts]) => parts.low);
  // Per group (its code + 1, so NULL's -1 is 0): each measure's high and low parts summed.
  const groups = grouping ? grouping.values.length + 1 : 1;
  const high = new Float64Array(groups * measures.length);
  const low = new Float64Array(groups * measures.length);
  const seen = new Uint8Array(groups);
  if (!grouping) seen[0] = 1;
  rows: for (let row = 0; row < index.rows; row++) {
    for (const { codes, code } of equal) if (codes[row] !== code) continue rows;
    if (period && (period.codes[row] < 0 || period.in[period.codes[row]] !== 1)) continue;
    const group = grouping ? grouping.codes[row] + 1 : 0;
    seen[group] = 1;
    const at = group * measures.length;
    for (let m = 0; m < measures.length; m++) {
      high[at + m] += highs[m][row];
      low[at + m] += lows[m][row];
    }
  }
  const sumsOf = (group: number) =>
    new Map(
      measures.map(([column], m) => {
        const at = group * measures.length + m;
        return [column, BigInt(high[at]) * BigInt(TWO_32) + BigInt(low[at])];
      }),
    );
  const found: GroupSums[] = [];
  // Codes number the values in ascending order, so the groups come out sorted; NULL's group goes last.
  for (let group = 1; group < groups; group++)
    if (seen[group]) found.push({ key: (grouping as Dimension).values[group - 1], sums: sumsOf(group) });
  if (seen[0]) found.push({ key: null, sums: sumsOf(0) });
  return found;
}
