import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { tenantLedgerTable } from './ledger-tables.js';
import { LEDGER_COLUMNS } from './ledger-schema.js';
import { effectiveRelation, ID_SQL, loadOverlays, type Overlays } from './overlays.js';
import { filterCondition, type RoyaltyFilter } from './royalty-filter.js';

/**
 * Reads a tenant's royalties with DuckDB: the ledger's Parquet files with the overlays applied
 * (overlays.ts). One DuckDB instance per process, one connection per query, so concurrent
 * requests run side by side on DuckDB's own threads.
 */
let instance: Promise<DuckDBInstance> | undefined;

export async function withConnection<T>(work: (connection: DuckDBConnection) => Promise<T>): Promise<T> {
  instance ??= DuckDBInstance.create(':memory:');
  const connection = await (await instance).connect();
  try {
    return await work(connection);
  } finally {
    connection.closeSync();
  }
}

export type Ledger = { table: string; version: number; overlays: Overlays };

/** The tenant's ledger table (synced with its imports) and its overlays. */
export async function loadLedger(tenantId: string): Promise<Ledger> {
  const [table, overlays] = await Promise.all([withConnection((connection) => tenantLedgerTable(connection, tenantId)), loadOverlays(tenantId)]);
  return { table: table.name, version: table.version, overlays };
}

/** Rows as plain JSON: money stays an exact decimal string, counts become numbers. */
export async function queryRows(connection: DuckDBConnection, sql: string, params: Record<string, string>): Promise<Record<string, unknown>[]> {
  const reader = await connection.runAndReadAll(sql, params);
  return reader.getRowObjectsJson() as Record<string, unknown>[];
}

const NUMBER_FIELDS = new Set(['line', 'quantity', 'lines', 'total_count']);
/** A royalty as the API answers it. */
export function royaltyJson(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, NUMBER_FIELDS.has(k) && v !== null && v !== undefined ? Number(v) : v]));
}

/** The columns a royalty answer carries. */
export const ROYALTY_SELECT = `${ID_SQL} AS id, ${Object.keys(LEDGER_COLUMNS).join(', ')}, paid, artist_paid, manual, edited`;

export const SORT_FIELDS = ['pay_period', 'amount', 'retailer', 'territory', 'song', 'artist', 'album', 'quantity', 'isrc', 'label_name', 'line'] as const;
export type SortField = (typeof SORT_FIELDS)[number];

export type RoyaltyPageQuery = { filter: RoyaltyFilter; page: number; per_page: number; sort: { field: SortField; direction: 'asc' | 'desc' } };

/** Totals over the filtered lines: count, the four sums (spec 3 §3.1), estimated, and the same per pay period for the chart. */
async function totals(connection: DuckDBConnection, relation: string, where: string, params: Record<string, string>) {
  const rows = await queryRows(
    connection,
    `SELECT pay_period, GROUPING(pay_period) AS all_periods, count(*) AS lines,
       CAST(coalesce(sum(amount), 0) AS VARCHAR) AS total_sum,
       CAST(coalesce(sum(artist_payable), 0) AS VARCHAR) AS artist_sum,
       CAST(coalesce(sum(label_payable), 0) AS VARCHAR) AS label_sum,
       CAST(coalesce(sum(aggregator_payable), 0) AS VARCHAR) AS aggregator_sum,
       CAST(coalesce(sum(amount) FILTER (WHERE estimated), 0) AS VARCHAR) AS estimated,
       count(*) FILTER (WHERE amount IS NULL) AS unconverted
     FROM ${relation} WHERE ${where}
     GROUP BY GROUPING SETS ((pay_period), ())
     ORDER BY pay_period`,
    params,
  );
  const overall = rows.find((r) => Number(r.all_periods) === 1) ?? { lines: 0, total_sum: '0.000000', artist_sum: '0.000000', label_sum: '0.000000', aggregator_sum: '0.000000', estimated: '0.000000', unconverted: 0 };
  const periods = rows.filter((r) => Number(r.all_periods) === 0).map((r) => ({ pay_period: r.pay_period as string, total: r.total_sum as string, lines: Number(r.lines) }));
  return { overall, periods };
}

/** Distinct values for the list's filter menus, over the whole ledger; cached while the ledger is unchanged. */
const facetCache = new Map<string, Promise<Record<string, string[]>>>();
async function facets(connection: DuckDBConnection, relation: string, params: Record<string, string>, signature: string) {
  let cached = facetCache.get(signature);
  if (!cached) {
    cached = queryRows(
      connection,
      `SELECT list(DISTINCT label_name ORDER BY label_name) FILTER (WHERE label_name IS NOT NULL) AS label_names,
         list(DISTINCT retailer ORDER BY retailer) FILTER (WHERE retailer IS NOT NULL) AS retailers,
         list(DISTINCT artist ORDER BY artist) FILTER (WHERE artist IS NOT NULL) AS artists,
         list(DISTINCT album ORDER BY album) FILTER (WHERE album IS NOT NULL) AS albums
       FROM ${relation}`,
      params,
    ).then(([row]) => ({
      label_names: (row?.label_names as string[] | null) ?? [],
      retailers: (row?.retailers as string[] | null) ?? [],
      artists: (row?.artists as string[] | null) ?? [],
      albums: (row?.albums as string[] | null) ?? [],
    }));
    if (facetCache.size > 200) facetCache.clear();
    facetCache.set(signature, cached);
    cached.catch(() => facetCache.delete(signature));
  }
  return cached;
}

/** A page of royalties with the list's sums, chart and filter menus (spec 3 §3.1 list response). */
export async function listRoyalties(tenantId: string, query: RoyaltyPageQuery) {
  const ledger = await loadLedger(tenantId);
  const { sql: relation, params } = effectiveRelation(ledger.table, ledger.overlays);
  const where = filterCondition(query.filter);
  const allParams = { ...params, ...where.params };
  const order = `${query.sort.field} ${query.sort.direction === 'desc' ? 'DESC' : 'ASC'} NULLS LAST, import_id, line, manual_id`;
  const signature = `${ledger.table}|${ledger.version}|${JSON.stringify(ledger.overlays.edits)}|${ledger.overlays.manual.length}`;
  // Three statements at once, each on its own connection (a connection runs one at a time).
  const [{ overall, periods }, rows, menus] = await Promise.all([
    withConnection((connection) => totals(connection, relation, where.sql, allParams)),
    withConnection((connection) =>
      queryRows(connection, `SELECT ${ROYALTY_SELECT} FROM ${relation} WHERE ${where.sql} ORDER BY ${order} LIMIT ${query.per_page} OFFSET ${(query.page - 1) * query.per_page}`, allParams),
    ),
    withConnection((connection) => facets(connection, relation, params, signature)),
  ]);
  {
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
}

/** The royalties a condition selects, as ids (bulk actions by filter are rules, so this is for small sets only). */
export async function countRoyalties(tenantId: string, filter: RoyaltyFilter): Promise<number> {
  const ledger = await loadLedger(tenantId);
  const { sql: relation, params } = effectiveRelation(ledger.table, ledger.overlays);
  const where = filterCondition(filter);
  return withConnection(async (connection) => {
    const [row] = await queryRows(connection, `SELECT count(*) AS n FROM ${relation} WHERE ${where.sql}`, { ...params, ...where.params });
    return Number(row.n);
  });
}

/** Rows selected by an SQL condition over the effective view (ids, one line). */
export async function selectRoyalties(tenantId: string, condition: string, limit = 1000) {
  const ledger = await loadLedger(tenantId);
  const { sql: relation, params } = effectiveRelation(ledger.table, ledger.overlays);
  return withConnection(async (connection) =>
    (await queryRows(connection, `SELECT ${ROYALTY_SELECT} FROM ${relation} WHERE ${condition} LIMIT ${limit}`, params)).map(royaltyJson),
  );
}

/** Distinct values of one column over the (optionally filtered) royalties: pay periods, deliverers. */
export async function distinctValues(tenantId: string, column: 'pay_period' | 'delivered_by', filter: RoyaltyFilter = {}): Promise<string[]> {
  const ledger = await loadLedger(tenantId);
  const { sql: relation, params } = effectiveRelation(ledger.table, ledger.overlays);
  const where = filterCondition(filter);
  return withConnection(async (connection) =>
    (await queryRows(connection, `SELECT DISTINCT ${column} AS v FROM ${relation} WHERE ${where.sql} AND ${column} IS NOT NULL ORDER BY v DESC`, { ...params, ...where.params })).map((r) => String(r.v)),
  );
}
