import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';

/**
 * The process's DuckDB for reading royalties: one in-memory database holding each tenant's
 * ledger table (ledger-tables.ts), one connection per statement so concurrent requests run
 * side by side on DuckDB's own threads (a connection runs one statement at a time).
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
