import type { DuckDBConnection } from '@duckdb/node-api';
import { withConnection } from './duck.js';
import { ledgerState, type LedgerState } from './state.js';
import { DEFAULT_ORDER, dropLater, tenantLedgerTable } from './tables.js';
import { LEDGER_COLUMNS } from './schema.js';
import { effectiveRelation, ID_SQL } from './overlays.js';
import { filterCondition, type RoyaltyFilter } from './filter.js';
import { getOrCreate } from '../../lib/get-or-create.js';

/**
 * Reads a tenant's royalties: the ledger table (ledger/tables.ts) with the overlays applied
 * (ledger/overlays.ts). Sums come from a rollup of the effective lines by the list's filter columns,
 * built once per ledger state, whenever the filter allows; a page in the default order is read
 * without sorting (the table is stored in that order).
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

type Ledger = { tenantId: string; state: LedgerState; table: string; relation: string; params: Record<string, string> };

/** The tenant's effective royalties for the ledger state the request's version names. */
async function loadLedger(tenantId: string, knownVersion?: string): Promise<Ledger> {
  const state = await ledgerState(tenantId, knownVersion);
  const table = await withConnection((connection) => tenantLedgerTable(connection, tenantId, state));
  const { sql, params } = effectiveRelation(table.name, state);
  return { tenantId, state, table: table.name, relation: sql, params };
}

/**
 * Runs `work` on one connection over the tenant's effective royalties (lines, overlays and manual
 * sales) as the list sees them: `relation` is SQL over that connection's database, `params` its
 * bound parameters. For readers that sum the whole ledger in their own SQL (statements).
 */
export async function withEffectiveLedger<T>(
  tenantId: string,
  work: (connection: DuckDBConnection, relation: string, params: Record<string, string>) => Promise<T>,
): Promise<T> {
  const ledger = await loadLedger(tenantId);
  return withConnection((connection) => work(connection, ledger.relation, ledger.params));
}

/**
 * The filter columns the rollup keeps: a filter on these only (no free text, no recording) is
 * answered from the rollup, which has one row per combination instead of one per line.
 */
const ROLLUP_DIMENSIONS = [
  'pay_period',
  'retailer',
  'label_id',
  'label_name',
  'artist',
  'album',
  'import_id',
  'release_id',
  'delivered_by',
  'matched_by',
  'paid',
  'artist_paid',
];
// Territory and artist id (the finances drill-downs) are not rollup columns: those lists scan.
const rollupable = (filter: RoyaltyFilter) =>
  !filter.q && !filter.recording_id && !filter.by_territory && !filter.artist_id;
const SUMS = {
  lines: 'count(*)',
  amount: 'sum(amount)',
  artist_payable: 'sum(artist_payable)',
  label_payable: 'sum(label_payable)',
  aggregator_payable: 'sum(aggregator_payable)',
  estimated: 'sum(amount) FILTER (WHERE estimated)',
  unconverted: 'count(*) FILTER (WHERE amount IS NULL)',
};
/** Over the rollup the same totals are sums of its sums. */
const SUMS_OF_ROLLUP = Object.fromEntries(Object.keys(SUMS).map((k) => [k, `sum(${k})`]));

/** One rollup table per ledger state (the state object is the same while its version holds). */
const rollups = new WeakMap<LedgerState, Promise<string | null>>();
/** Each tenant's newest rollup: a newer state's rollup replaces it, and the old table is dropped. */
const newestRollup = new Map<string, { state: LedgerState; pending: Promise<string | null> }>();
let rollupCount = 0;

function rollupFor(ledger: Ledger): Promise<string | null> {
  let pending = rollups.get(ledger.state);
  if (!pending) {
    const name = `rollup_${++rollupCount}`;
    pending = withConnection(async (connection) => {
      await connection.run(
        `CREATE TABLE ${name} AS SELECT ${ROLLUP_DIMENSIONS.join(', ')}, ${Object.entries(SUMS)
          .map(([k, v]) => `${v} AS ${k}`)
          .join(', ')}
         FROM ${ledger.relation} GROUP BY ALL`,
        ledger.params,
      );
      const [{ rows, lines }] = await queryRows(
        connection,
        `SELECT count(*) AS rows, coalesce(sum(lines), 0) AS lines FROM ${name}`,
        {},
      );
      // A rollup nearly as long as the ledger saves nothing.
      if (Number(rows) * 4 > Number(lines) && Number(lines) > 10_000) {
        await connection.run(`DROP TABLE ${name}`);
        return null;
      }
      return name;
    });
    rollups.set(ledger.state, pending);
    const replaced = newestRollup.get(ledger.tenantId);
    newestRollup.set(ledger.tenantId, { state: ledger.state, pending });
    if (replaced) {
      rollups.delete(replaced.state);
      replaced.pending.then(
        (table) => table && dropLater(table),
        () => undefined,
      );
    }
    pending.catch(() => rollups.delete(ledger.state));
  }
  return pending;
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
  let pending = cache.get(key);
  if (!pending) {
    // Oldest first out: a Map keeps insertion order.
    if (cache.size >= TOTALS_PER_STATE) {
      const oldest = cache.keys().next().value;
      if (oldest !== undefined) cache.delete(oldest);
    }
    pending = computeTotals(ledger, filter);
    cache.set(key, pending);
    pending.catch(() => cache.delete(key));
  }
  return pending;
}

/** Totals over the filtered lines: count, the four sums (spec 3 §3.1), estimated, and per pay period for the chart. */
async function computeTotals(ledger: Ledger, filter: RoyaltyFilter) {
  const where = filterCondition(filter);
  const rollup = rollupable(filter) ? await rollupFor(ledger) : null;
  const source = rollup ?? ledger.relation;
  const sums = rollup ? SUMS_OF_ROLLUP : SUMS;
  const money = (k: keyof typeof SUMS) => `CAST(coalesce(${sums[k]}, 0) AS DECIMAL(38,6))`;
  const rows = await withConnection((connection) =>
    queryRows(
      connection,
      `SELECT pay_period, GROUPING(pay_period) AS all_periods, ${sums.lines} AS lines,
         CAST(${money('amount')} AS VARCHAR) AS total_sum, CAST(${money('artist_payable')} AS VARCHAR) AS artist_sum,
         CAST(${money('label_payable')} AS VARCHAR) AS label_sum, CAST(${money('aggregator_payable')} AS VARCHAR) AS aggregator_sum,
         CAST(${money('estimated')} AS VARCHAR) AS estimated, coalesce(${sums.unconverted}, 0) AS unconverted
       FROM ${source} WHERE ${where.sql}
       GROUP BY GROUPING SETS ((pay_period), ()) ORDER BY pay_period`,
      { ...(rollup ? {} : ledger.params), ...where.params },
    ),
  );
  const zero = '0.000000';
  const overall = rows.find((r) => Number(r.all_periods) === 1) ?? {
    lines: 0,
    total_sum: zero,
    artist_sum: zero,
    label_sum: zero,
    aggregator_sum: zero,
    estimated: zero,
    unconverted: 0,
  };
  const periods = rows
    .filter((r) => Number(r.all_periods) === 0)
    .map((r) => ({ pay_period: r.pay_period as string, total: r.total_sum as string, lines: Number(r.lines) }));
  return { overall, periods };
}

/** Distinct values for the list's filter menus, over the whole ledger, once per ledger state. */
const facetCache = new WeakMap<LedgerState, Promise<Record<string, string[]>>>();
function facets(ledger: Ledger): Promise<Record<string, string[]>> {
  let cached = facetCache.get(ledger.state);
  if (!cached) {
    cached = rollupFor(ledger).then((rollup) =>
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
    );
    facetCache.set(ledger.state, cached);
    cached.catch(() => facetCache.delete(ledger.state));
  }
  return cached;
}

/** A page of royalties with the list's sums, chart and filter menus (spec 3 §3.1 list response). */
export async function listRoyalties(tenantId: string, query: RoyaltyPageQuery, knownVersion?: string) {
  const ledger = await loadLedger(tenantId, knownVersion);
  const where = filterCondition(query.filter);
  const isDefault = query.sort.field === 'pay_period' && query.sort.direction === 'desc';
  // The table is stored in the default order, and DuckDB keeps insertion order without ORDER BY;
  // an edit joins rows in, which may reorder them, so then the order is asked for explicitly.
  const order =
    isDefault && !ledger.state.edits.length
      ? ''
      : `ORDER BY ${isDefault ? DEFAULT_ORDER : `${query.sort.field} ${query.sort.direction === 'desc' ? 'DESC' : 'ASC'} NULLS LAST, ${DEFAULT_ORDER}`}`;
  const [{ overall, periods }, rows, menus] = await Promise.all([
    totals(ledger, query.filter),
    withConnection(async (connection) => {
      // Late materialization turns an unsorted page into a second scan of the whole table for the
      // page's row ids (6.6 → 2.3 ms on ten million lines): off for this connection when the
      // table's own order is the page's. Sorted pages keep it (it spares their Top-N wide rows).
      if (!order) await connection.run('SET SESSION late_materialization_max_rows = 0');
      return queryRows(
        connection,
        `SELECT ${ROYALTY_SELECT} FROM ${ledger.relation} WHERE ${where.sql} ${order} LIMIT ${query.per_page} OFFSET ${(query.page - 1) * query.per_page}`,
        {
          ...ledger.params,
          ...where.params,
        },
      );
    }),
    facets(ledger),
  ]);
  const totalCount = Number(overall.lines);
  return {
    royalties: rows.map(royaltyJson),
    total_count: totalCount,
    total_pages: Math.ceil(totalCount / query.per_page),
    page: query.page,
    per_page: query.per_page,
    total_sum: overall.total_sum,
    artist_sum: overall.artist_sum,
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
