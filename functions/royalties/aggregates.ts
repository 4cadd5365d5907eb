import type { DuckDBConnection } from '@duckdb/node-api';
import { getDb } from '../data/service.js';
import { literal } from './ledger-sql.js';

/**
 * An import's aggregates: its lines summed per pay period, currency, store, territory, sales
 * category and catalogue match, so DynamoDB writes grow with those combinations, not with the
 * lines (DESIGN.md §3). Sums are exact decimal strings; `amount` and the cuts are in the
 * company currency (converted lines only), `amount_original` in `currency`.
 */
const GROUP = ['pay_period', 'currency', 'retailer', 'territory', 'sales_category', 'label_id', 'release_id', 'recording_id', 'artist_id'] as const;
const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** Writes the aggregates of one ledger file for its import, removes ones it no longer has; returns how many it wrote. */
export async function writeAggregates(connection: DuckDBConnection, tenantId: string, importId: string, ledgerFile: string): Promise<number> {
  const sum = (column: string) => `CAST(coalesce(sum(${column}), 0) AS VARCHAR) AS ${column}`;
  const groups = await (
    await connection.runAndReadAll(`SELECT ${GROUP.join(', ')}, count(*) AS lines, coalesce(sum(quantity), 0) AS quantity,
        ${sum('amount')}, CAST(sum(subtotal_payable) AS VARCHAR) AS amount_original, ${sum('label_payable')}, ${sum('artist_payable')}, ${sum('aggregator_payable')}
      FROM read_parquet(${literal(ledgerFile)}) GROUP BY ALL ORDER BY ALL`)
  ).getRowObjects();
  const items = groups.map((g) => ({
    tenantId,
    importId,
    key: GROUP.map((column) => text(g[column])).join('|'),
    ...Object.fromEntries(GROUP.map((column) => [column, text(g[column])])),
    lines: Number(g.lines),
    quantity: Number(g.quantity),
    amount: String(g.amount),
    amount_original: String(g.amount_original),
    label_payable: String(g.label_payable),
    artist_payable: String(g.artist_payable),
    aggregator_payable: String(g.aggregator_payable),
  }));
  const db = getDb();
  const before = (await db.entities.RoyaltyAggregate.query.byImport({ tenantId, importId }).go({ pages: 'all', attributes: ['key'] })).data;
  if (items.length) await db.entities.RoyaltyAggregate.put(items).go({ concurrency: 4 });
  const keep = new Set(items.map((item) => item.key));
  const stale = before.filter((item) => !keep.has(item.key)).map((item) => ({ tenantId, importId, key: item.key }));
  if (stale.length) await db.entities.RoyaltyAggregate.delete(stale).go({ concurrency: 4 });
  return items.length;
}

/** Removes all of an import's aggregates (an import stored as a duplicate has none). */
export async function deleteAggregates(tenantId: string, importId: string): Promise<void> {
  const db = getDb();
  const found = (await db.entities.RoyaltyAggregate.query.byImport({ tenantId, importId }).go({ pages: 'all', attributes: ['key'] })).data;
  if (found.length) await db.entities.RoyaltyAggregate.delete(found.map((item) => ({ tenantId, importId, key: item.key }))).go({ concurrency: 4 });
}
