import type { LedgerEngine, LedgerRow } from './engine.js';
import { type LedgerScope, type PortableFilter, type PortableSort, pageSql, sumsSql } from './portable-sql.js';

/** A page of the portable list with its count and sums, the rows named by their company. */
export async function portablePage(
  engine: LedgerEngine,
  scope: LedgerScope,
  filter: PortableFilter,
  sort: PortableSort,
  page: number,
  perPage: number,
): Promise<{ royalties: LedgerRow[]; total_count: number; total_pages: number; sums: LedgerRow }> {
  const [royalties, [sums = {}]] = await Promise.all([
    engine.rows(scope, pageSql(scope, filter, sort, page, perPage)),
    engine.rows(scope, sumsSql(scope, filter)),
  ]);
  const { total_count: count, ...money } = sums;
  const total = Number(count ?? 0);
  return { royalties, total_count: total, total_pages: Math.max(1, Math.ceil(total / perPage)), sums: money };
}
