import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';

/**
 * The process's DuckDB for reading royalties: one in-memory database holding each tenant's
 * ledger table (ledger/tables.ts), one connection per statement so concurrent requests run
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

/**
 * A DuckDB of its own for one piece of work (an import, a part, a re-match) with a temp folder
 * for its files; what does not fit in memory spills into that folder. Both go when the work ends.
 */
export async function withScratchDuck<T>(
  prefix: string,
  work: (duck: DuckDBConnection, dir: string) => Promise<T>,
): Promise<T> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  const duck = await (
    await DuckDBInstance.create(':memory:', { temp_directory: path.join(dir, 'duckdb.tmp') })
  ).connect();
  try {
    return await work(duck, dir);
  } finally {
    duck.closeSync();
    await rm(dir, { recursive: true, force: true });
  }
}
