import type { LedgerScope } from './portable-sql.js';

/** A row as the API answers it: money as exact decimal strings, counts as numbers, text, booleans, nulls. */
export type LedgerRow = Record<string, string | number | boolean | null>;

/**
 * Where a portable ledger query (portable-sql.ts) runs: DuckDB over the Parquet files on this machine,
 * or Athena over the same files in S3. Both answer rows in the same JSON shape.
 */
export interface LedgerEngine {
  readonly name: 'duckdb' | 'athena';
  /** Runs `sql` (a portable-sql.ts statement) over `scope`'s ledger files. */
  rows(scope: LedgerScope, sql: string): Promise<LedgerRow[]>;
}

/** Columns answered as numbers (counts); every other non-text value keeps its exact text. */
export const NUMBER_COLUMNS = new Set(['line', 'quantity', 'total_count']);
