import { madeOnceFor } from '../../lib/made-once.js';
import type { DuckDBConnection } from '@duckdb/node-api';
import Big from 'big.js';
import { withConnection, withTempTables } from './duck.js';
import { ledgerState, type LedgerState } from './state.js';
import { fileLines, ledgerSource, overlayLines, type LedgerSource } from './ledger-source.js';
import { LEDGER_COLUMNS } from './schema.js';
import { flaggedRelation, ID_SQL, type BoundRelation } from './overlays.js';
import { filterCondition, type RoyaltyFilter } from './filter.js';
import { ROLLUP_MEASURES, ROLLUP_SUMS, rollupable, stateRollup } from './rollup-files.js';
import { heldRollupIndex, sumRollup } from './rollup-index.js';
import { exactFromUnits } from './units.js';
import { literal } from './sql.js';
import { answerMemo } from '../../lib/answer-memo.js';
import { getOrCreate } from '../../lib/get-or-create.js';

/**
 * Reads a tenant's royalties straight from its immutable Parquet files (ledger-source.ts) with
 * the overlays applied: nothing the size of the ledger is held in memory, so a process's memory
 * stays within its budget (duck.ts) whatever the ledger's size and however many tenants it
 * serves. Sums and filter menus come from the state's rollup file (rollup-files.ts) whenever
 * the filter allows; a page in the default order is read period by period in file order and
 * stops once it is full (ledger-order.ts), so neither scans the whole ledger.
 */
export { withConnection };

/** Rows as plain JSON: money stays an exact decimal string, counts become numbers. */
export async function queryRows(
  connection: DuckDBConnection,
  sql: string,
  params: Record<string, string>,
): Promise<Record<string, unknown>[]> {
  const reader = await connection.runAndReadAll(sql, params);
  return reader.getRowObjectsJson() as Record<string, unknown>[];
}

const NUMBER_FIELDS = new Set(['line', 'quantity', 'lines', 'total_count']);
/** A royalty as the API answers it. */
function royaltyJson(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(row).map(([k, v]) => [k, NUMBER_FIELDS.has(k) && v !== null && v !== undefined ? Number(v) : v]),
  );
}

/** The columns a royalty answer carries. */
const ROYALTY_SELECT = `${ID_SQL} AS id, ${Object.keys(LEDGER_COLUMNS).join(', ')}, paid, artist_paid, manual, edited`;

export const SORT_FIELDS = [
  'pay_period',
  'amount',
  'retailer',
  'territory',
  'song',
  'artist',
  'album',
  'quantity',
  'isrc',
  'label_name',
  'line',
] as const;
type SortField = (typeof SORT_FIELDS)[number];
export type RoyaltyPageQuery = {
  filter: RoyaltyFilter;
  page: number;
  per_page: number;
  sort: { field: SortField; direction: 'asc' | 'desc' };
};

/** The default order of the list: newest pay period first, then import and line (manual sales last in a period). */
const DEFAULT_ORDER = 'pay_period DESC NULLS LAST, import_id, line, manual_id';

type Ledger = {
  tenantId: string;
  state: LedgerState;
  source: LedgerSource;
  /** All effective royalties (files' lines and overlay rows, flags computed). */
  relation: string;
  params: Record<string, string>;
  /**
   * The files' side (each line with its place in its file: `ledger_file`, `ledger_row`) and the overlay's side
   * apart, flags computed: a default page reads each its own way.
   */
  positioned: string;
  overlay: string | null;
};

/** The tenant's effective royalties for the ledger state the request's version names. */
async function loadLedger(tenantId: string, knownVersion?: string, known?: LedgerState): Promise<Ledger> {
  const state = known ?? (await ledgerState(tenantId, knownVersion));
  const source = await ledgerSource(tenantId, state);
  const overlay = overlayLines(source);
  const lines = overlay
    ? `(SELECT * FROM ${fileLines(source)} UNION ALL BY NAME SELECT * FROM ${overlay})`
    : fileLines(source);
  const all = flaggedRelation(lines, state.rules);
  return {
    tenantId,
    state,
    source,
    relation: all.sql,
    params: all.params,
    positioned: flaggedRelation(fileLines(source, true), state.rules).sql,
    overlay: overlay ? flaggedRelation(overlay, state.rules).sql : null,
  };
}

/**
 * Runs `work` on one connection over the tenant's effective royalties (lines, overlays and manual
 * sales) as the list sees them: `relation` is SQL over that connection's database, `params` its
 * bound parameters. For readers that sum the whole ledger in their own SQL (statements). `state`:
 * that ledger state's royalties rather than the current one's (a file named after it holds them).
 */
export async function withEffectiveLedger<T>(
  tenantId: string,
  work: (connection: DuckDBConnection, relation: string, params: Record<string, string>) => Promise<T>,
  state?: LedgerState,
): Promise<T> {
  const ledger = await loadLedger(tenantId, undefined, state);
  // The engine's tables over the whole ledger go before the connection closes (duck.ts).
  return withTempTables((connection) => work(connection, ledger.relation, ledger.params));
}

/** Over the rollup the same totals are sums of its sums. */
const SUMS_OF_ROLLUP = Object.fromEntries(Object.keys(ROLLUP_SUMS).map((k) => [k, `sum(${k})`]));

/** The rollup file of the ledger's state, or null (none worth keeping). */
function rollupFileFor(ledger: Ledger): Promise<string | null> {
  return stateRollup(ledger.tenantId, ledger.state, { sql: ledger.relation, params: ledger.params });
}

/** The rollup of the ledger's state as a relation, or null (none worth keeping). */
async function rollupFor(ledger: Ledger): Promise<string | null> {
  const file = await rollupFileFor(ledger);
  return file === null ? null : `read_parquet(${literal(file)})`;
}

/** Writes (or finds) the rollup of the tenant's ledger state ahead of the first list that needs it. */
export async function prepareStateRollup(tenantId: string, state: LedgerState): Promise<void> {
  await rollupFor(await loadLedger(tenantId, undefined, state));
}

/**
 * Totals per ledger state and filter: paging through a filtered list, or several users on the
 * same view, asks for the same sums again. A new ledger state (any write) starts afresh.
 */
const totalsCache = new WeakMap<LedgerState, Map<string, ReturnType<typeof computeTotals>>>();
const TOTALS_PER_STATE = 500;

function totals(ledger: Ledger, filter: RoyaltyFilter) {
  const cache = getOrCreate(totalsCache, ledger.state, () => new Map());
  const key = JSON.stringify(
    Object.entries(filter)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
  return madeOnceFor(cache, key, () => computeTotals(ledger, filter), TOTALS_PER_STATE);
}

type PeriodTotals = {
  pay_period: string | null;
  lines: number;
  total_sum: string;
  label_sum: string;
  aggregator_sum: string;
  estimated: string;
  unconverted: number;
};

/** Totals over the filtered lines: count, the four sums, estimated, and per pay period for the chart. */
async function computeTotals(ledger: Ledger, filter: RoyaltyFilter) {
  const rollup = rollupable(filter) ? await rollupFileFor(ledger) : null;
  const rows = (rollup ? totalsInMemory(rollup, filter) : null) ?? (await totalsInSql(ledger, filter, rollup));
  // The whole filter's row is the periods' exact sum (big.js, no rounding), added here rather than by a second
  // grouping set in the query: over the 10,000,000-line bench's rollup that grouping set cost 10.5 ms of CPU a
  // filter against 8.0 ms for this, the same answers for all 207 filters replayed.
  const total = (column: 'total_sum' | 'label_sum' | 'aggregator_sum' | 'estimated') =>
    rows.reduce((sum, row) => sum.plus(row[column]), new Big(0)).toFixed(6);
  const count = (column: 'lines' | 'unconverted') => rows.reduce((sum, row) => sum + row[column], 0);
  const overall = {
    lines: count('lines'),
    total_sum: total('total_sum'),
    label_sum: total('label_sum'),
    aggregator_sum: total('aggregator_sum'),
    estimated: total('estimated'),
    unconverted: count('unconverted'),
  };
  const periods = rows.map((r) => ({ pay_period: r.pay_period, total: r.total_sum, lines: r.lines }));
  return { overall, periods };
}

/**
 * The filter's totals per pay period from the rollup held in memory (rollup-index.ts); null when it cannot answer
 * (not read yet, too large, or the filter reads other columns).
 */
function totalsInMemory(file: string, filter: RoyaltyFilter): PeriodTotals[] | null {
  const index = heldRollupIndex(file, ROLLUP_MEASURES);
  const groups = index && sumRollup(index, filter, 'pay_period');
  if (!groups) return null;
  return groups.map(({ key, sums }) => {
    const units = (column: string) => sums.get(column) ?? 0n;
    return {
      pay_period: key,
      lines: Number(units('lines')),
      total_sum: exactFromUnits(units('amount')),
      label_sum: exactFromUnits(units('label_payable')),
      aggregator_sum: exactFromUnits(units('aggregator_payable')),
      estimated: exactFromUnits(units('estimated')),
      unconverted: Number(units('unconverted')),
    };
  });
}

/** The filter's totals per pay period summed by DuckDB, over the rollup file when there is one, else the lines. */
async function totalsInSql(ledger: Ledger, filter: RoyaltyFilter, rollup: string | null): Promise<PeriodTotals[]> {
  const where = filterCondition(filter);
  const source = rollup ? `read_parquet(${literal(rollup)})` : ledger.relation;
  const sums = rollup ? SUMS_OF_ROLLUP : ROLLUP_SUMS;
  const money = (k: keyof typeof ROLLUP_SUMS) => `CAST(coalesce(${sums[k]}, 0) AS DECIMAL(38,6))`;
  const rows = await withConnection((connection) =>
    queryRows(
      connection,
      `SELECT pay_period, ${sums.lines} AS lines,
         CAST(${money('amount')} AS VARCHAR) AS total_sum,
         CAST(${money('label_payable')} AS VARCHAR) AS label_sum, CAST(${money('aggregator_payable')} AS VARCHAR) AS aggregator_sum,
         CAST(${money('estimated')} AS VARCHAR) AS estimated, coalesce(${sums.unconverted}, 0) AS unconverted
       FROM ${source} WHERE ${where.sql}
       GROUP BY pay_period ORDER BY pay_period`,
      { ...(rollup ? {} : ledger.params), ...where.params },
    ),
  );
  return rows.map((r) => ({
    pay_period: r.pay_period as string | null,
    lines: Number(r.lines),
    total_sum: r.total_sum as string,
    label_sum: r.label_sum as string,
    aggregator_sum: r.aggregator_sum as string,
    estimated: r.estimated as string,
    unconverted: Number(r.unconverted),
  }));
}

/** Distinct values for the list's filter menus, over the whole ledger, once per ledger state. */
const facetCache = new WeakMap<LedgerState, Promise<Record<string, string[]>>>();
function facets(ledger: Ledger): Promise<Record<string, string[]>> {
  return madeOnceFor(facetCache, ledger.state, () =>
    rollupFor(ledger).then((rollup) =>
      withConnection(async (connection) => {
        const [row] = await queryRows(
          connection,
          `SELECT list(DISTINCT label_name ORDER BY label_name) FILTER (WHERE label_name IS NOT NULL) AS label_names,
             list(DISTINCT retailer ORDER BY retailer) FILTER (WHERE retailer IS NOT NULL) AS retailers,
             list(DISTINCT artist ORDER BY artist) FILTER (WHERE artist IS NOT NULL) AS artists,
             list(DISTINCT album ORDER BY album) FILTER (WHERE album IS NOT NULL) AS albums
           FROM ${rollup ?? ledger.relation}`,
          rollup ? {} : ledger.params,
        );
        return {
          label_names: (row?.label_names as string[] | null) ?? [],
          retailers: (row?.retailers as string[] | null) ?? [],
          artists: (row?.artists as string[] | null) ?? [],
          albums: (row?.albums as string[] | null) ?? [],
        };
      }),
    ),
  );
}

type PeriodCount = { pay_period: string | null; lines: number };

/**
 * Which lines of which pay periods a page in the default order holds: the periods newest first
 * (no period last), each skipped whole until the page's first line, then as many lines as the
 * page needs from each. `periods` are the filter's lines per pay period (the list's totals).
 */
export function planDefaultPage(
  periods: PeriodCount[],
  offset: number,
  size: number,
): { pay_period: string | null; skip: number; take: number }[] {
  const newestFirst = [...periods].sort((a, b) =>
    a.pay_period === b.pay_period
      ? 0
      : a.pay_period === null
        ? 1
        : b.pay_period === null
          ? -1
          : a.pay_period < b.pay_period
            ? 1
            : -1,
  );
  const slices: { pay_period: string | null; skip: number; take: number }[] = [];
  let skip = offset;
  let need = size;
  for (const period of newestFirst) {
    if (need <= 0) break;
    if (skip >= period.lines) {
      skip -= period.lines;
      continue;
    }
    const take = Math.min(need, period.lines - skip);
    slices.push({ pay_period: period.pay_period, skip, take });
    need -= take;
    skip = 0;
  }
  return slices;
}

/**
 * One period's slice of a default page, read in two steps. The files' side is read in file order, which is the
 * default order within a period when every file is in ledger order: the scan skips the other periods' row groups
 * and stops after skip + take matching lines. The few overlay rows (edits, manual sales) are merged in by the sort.
 * The first step reads only what finds the page (the filter's columns, the order and each line's place in its
 * file); the second reads the page's own lines whole, from their files by row. Read whole in one step, every
 * column of the lines the scan passed was decoded for the 50 a page keeps: 37.5 ms of CPU a page against 33.0 in
 * two, 20 pages at once over 10,000,000 lines (docs/ledger.md).
 */
async function periodSlice(
  ledger: Ledger,
  where: { sql: string; params: Record<string, string> },
  slice: { pay_period: string | null; skip: number; take: number },
) {
  const period = slice.pay_period === null ? 'pay_period IS NULL' : 'pay_period = $page_period';
  const condition = `${where.sql} AND ${period}`;
  const params = {
    ...ledger.params,
    ...where.params,
    ...(slice.pay_period === null ? {} : { page_period: slice.pay_period }),
  };
  const keys = 'import_id, line, manual_id';
  const overlay = ledger.overlay
    ? `UNION ALL BY NAME (SELECT ${keys}, ${ID_SQL} AS id FROM ${ledger.overlay} WHERE ${condition})`
    : '';
  return withConnection(async (connection) => {
    const found = await queryRows(
      connection,
      `SELECT ledger_file, ledger_row, id FROM (
         (SELECT ${keys}, ledger_file, ledger_row, CAST(NULL AS VARCHAR) AS id FROM ${ledger.positioned} WHERE ${condition} LIMIT ${slice.skip + slice.take}) ${overlay}
       ) ORDER BY ${keys} LIMIT ${slice.take} OFFSET ${slice.skip}`,
      params,
    );
    if (!found.length) return [];
    return queryRows(connection, pageLinesSql(ledger, found), ledger.params);
  });
}

/**
 * The page's lines whole, in the default order: the files' lines by their rows, one read of each file the page
 * touches, and the overlay rows by id.
 */
function pageLinesSql(ledger: Ledger, found: Record<string, unknown>[]): string {
  const rowsByFile = new Map<string, number[]>();
  const overlayIds: string[] = [];
  for (const { ledger_file: file, ledger_row: row, id } of found)
    if (typeof file === 'string') getOrCreate(rowsByFile, file, () => []).push(Number(row));
    else overlayIds.push(String(id));
  const parts = [...rowsByFile].map(([file, rows]) => {
    const lines = flaggedRelation(fileLines({ ...ledger.source, files: [file] }, true), ledger.state.rules).sql;
    return `(SELECT * FROM ${lines} WHERE ledger_row IN (${rows.join(', ')}))`;
  });
  if (overlayIds.length && ledger.overlay)
    parts.push(`(SELECT * FROM ${ledger.overlay} WHERE ${ID_SQL} IN (${overlayIds.map(literal).join(', ')}))`);
  return `SELECT ${ROYALTY_SELECT} FROM (${parts.join(' UNION ALL BY NAME ')}) ORDER BY ${DEFAULT_ORDER}`;
}

/** A page in any order: the filtered royalties sorted (a Top-N over the files' matching lines). */
function sortedPage(ledger: Ledger, where: BoundRelation, query: RoyaltyPageQuery) {
  const isDefault = query.sort.field === 'pay_period' && query.sort.direction === 'desc';
  const order = isDefault
    ? DEFAULT_ORDER
    : `${query.sort.field} ${query.sort.direction === 'desc' ? 'DESC' : 'ASC'} NULLS LAST, ${DEFAULT_ORDER}`;
  return withConnection((connection) =>
    queryRows(
      connection,
      `SELECT ${ROYALTY_SELECT} FROM ${ledger.relation} WHERE ${where.sql} ORDER BY ${order}
       LIMIT ${query.per_page} OFFSET ${(query.page - 1) * query.per_page}`,
      { ...ledger.params, ...where.params },
    ),
  );
}

/**
 * Finished list answers per ledger version and query (lib/answer-memo.ts): paging back, or
 * several people on the same view, read nothing again. A page is some tens of kB (its filter
 * menus are shared with the other pages of its state): at most 500.
 */
const memoPage = answerMemo(500);

/** A page of royalties with the list's sums, chart and filter menus. */
export function listRoyalties(tenantId: string, query: RoyaltyPageQuery, knownVersion?: string) {
  return memoPage(['royalties', tenantId, knownVersion, JSON.stringify(query)], async () =>
    listPage(await loadLedger(tenantId, knownVersion), query),
  );
}

async function listPage(ledger: Ledger, query: RoyaltyPageQuery) {
  const where = filterCondition(query.filter);
  const isDefault = query.sort.field === 'pay_period' && query.sort.direction === 'desc';
  const sums = totals(ledger, query.filter);
  const page = async () => {
    if (!isDefault || !ledger.source.ordered) return sortedPage(ledger, where, query);
    const { periods } = await sums;
    const slices = planDefaultPage(periods, (query.page - 1) * query.per_page, query.per_page);
    return (await Promise.all(slices.map((slice) => periodSlice(ledger, where, slice)))).flat();
  };
  const [{ overall, periods }, rows, menus] = await Promise.all([sums, page(), facets(ledger)]);
  const totalCount = Number(overall.lines);
  return {
    royalties: rows.map(royaltyJson),
    total_count: totalCount,
    total_pages: Math.ceil(totalCount / query.per_page),
    page: query.page,
    per_page: query.per_page,
    total_sum: overall.total_sum,
    label_sum: overall.label_sum,
    aggregator_sum: overall.aggregator_sum,
    estimated: overall.estimated,
    unconverted_count: Number(overall.unconverted),
    pay_periods: periods,
    ...menus,
  };
}

/** How many royalties a filter selects. */
export async function countRoyalties(tenantId: string, filter: RoyaltyFilter): Promise<number> {
  return Number((await totals(await loadLedger(tenantId), filter)).overall.lines);
}

/** Rows selected by an SQL condition over the effective royalties (ids, one line). */
export async function selectRoyalties(tenantId: string, condition: string, limit = 1000) {
  const ledger = await loadLedger(tenantId);
  return withConnection(async (connection) =>
    (
      await queryRows(
        connection,
        `SELECT ${ROYALTY_SELECT} FROM ${ledger.relation} WHERE ${condition} LIMIT ${limit}`,
        ledger.params,
      )
    ).map(royaltyJson),
  );
}

/** Distinct values of one column over the (optionally filtered) royalties: pay periods, deliverers. */
export async function distinctValues(
  tenantId: string,
  column: 'pay_period' | 'delivered_by',
  filter: RoyaltyFilter = {},
): Promise<string[]> {
  const ledger = await loadLedger(tenantId);
  const where = filterCondition(filter);
  const rollup = rollupable(filter) ? await rollupFor(ledger) : null;
  return withConnection(async (connection) =>
    (
      await queryRows(
        connection,
        `SELECT DISTINCT ${column} AS v FROM ${rollup ?? ledger.relation} WHERE ${where.sql} AND ${column} IS NOT NULL ORDER BY v DESC`,
        { ...(rollup ? {} : ledger.params), ...where.params },
      )
    ).map((r) => String(r.v)),
  );
}
