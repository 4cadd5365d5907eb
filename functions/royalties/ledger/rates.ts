import type { DuckDBConnection } from '@duckdb/node-api';
import { loadTable } from './duck-tables.js';

/** What the rules read of an exchange rate (entities/royalties.ts ExchangeRate). */
export type RateRow = {
  distributor: string;
  original_currency: string;
  target_currency: string;
  payment_date: string;
  rate: string;
  createdAt?: string;
};

/** The tenant's rates as temp table `rates`, for the join in ledger/rules.ts. */
export async function loadRateRows(connection: DuckDBConnection, workDir: string, items: RateRow[]): Promise<void> {
  await loadTable(
    connection,
    workDir,
    'rates',
    {
      distributor: 'VARCHAR',
      original_currency: 'VARCHAR',
      target_currency: 'VARCHAR',
      payment_date: 'VARCHAR',
      created: 'VARCHAR',
      rate: 'DECIMAL(18,6)',
    },
    items.map((item) => ({ ...item, created: item.createdAt })),
  );
}
