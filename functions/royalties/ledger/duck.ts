import { rm } from 'node:fs/promises';
import type { DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { ENV } from '../../../infra/resources.js';
import { madeOnce } from '../../lib/made-once.js';
import { makeWorkFolder } from '../../lib/work-folders.js';
import { ident } from './sql.js';

/**
 * The process's DuckDB for reading royalties: one in-memory database that holds no ledger (the
 * lines are read from the immutable Parquet files in the local cache, ledger/files.ts), only
 * each tenant's small overlay table (ledger/ledger-source.ts). One connection per statement, so
 * concurrent requests run side by side on DuckDB's own threads.
 *
 * Its memory is bounded by LEDGER_MEMORY_MB (default 1024, the API process's whole budget):
 * DuckDB gets that minus what Node itself needs, and what does not fit (a large sort or
 * grouping) spills into a temp folder on local disk (/tmp in Lambda) instead of growing.
 */
export const DEFAULT_LEDGER_MEMORY_MB = 1024;
/** What the Node process itself (V8 heap, the handlers, the SDK clients) needs beside DuckDB. */
const NODE_RESERVE_MB = 320;
/** DuckDB needs a little to run at all. */
const MIN_DUCKDB_MB = 128;

/** DuckDB's share of the process's memory budget, in MB. */
export function duckMemoryMb(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env[ENV.ledgerMemoryMb]);
  const budget = Number.isInteger(value) && value > 0 ? value : DEFAULT_LEDGER_MEMORY_MB;
  return Math.max(MIN_DUCKDB_MB, budget - NODE_RESERVE_MB);
}

/**
 * A DuckDB of this process (or worker thread) that spills into a folder of its own in the process's work folder: a
 * process killed mid-query leaves it to the next one to remove. Of its own, because a process has two (the reader
 * and the scratch database), and two databases spilling into one folder write temp files of the same names (two
 * sorts spilling at once crashed the process).
 */
async function spillingDatabase(spillPrefix: string, options: Record<string, string> = {}): Promise<DuckDBInstance> {
  // Imported on the first database, not at the top: DuckDB is a native module installed only beside the Lambdas
  // that declare it (infra/functions.ts `nativeModules`), and a function whose bundle merely holds this module
  // through a facade (the catalogue's, through the licensing rules) must still start without it.
  const { DuckDBInstance: Instance } = await import('@duckdb/node-api');
  return Instance.create(':memory:', { ...options, temp_directory: await makeWorkFolder(spillPrefix) });
}

/** The reader, made on the first read (a failed making, such as a full disk, is tried again by the next read). */
const readerInstance = madeOnce(async () => {
  const created = await spillingDatabase('spill-', { memory_limit: `${duckMemoryMb()}MB` });
  // Parquet footers are read once per file, not on every query (the files never change). A
  // setting of the Parquet extension, so it is set once loaded, not at creation.
  const connection = await created.connect();
  await connection.run('SET GLOBAL parquet_metadata_cache = true');
  connection.closeSync();
  return created;
});

/** `work` on a connection of its own to `database`, closed when it ends. */
async function onConnection<T>(
  database: Promise<DuckDBInstance>,
  work: (connection: DuckDBConnection) => Promise<T>,
): Promise<T> {
  const connection = await (await database).connect();
  try {
    return await work(connection);
  } finally {
    connection.closeSync();
  }
}

export function withConnection<T>(work: (connection: DuckDBConnection) => Promise<T>): Promise<T> {
  return onConnection(readerInstance(), work);
}

/**
 * Drops the connection's temp tables with queries, which DuckDB runs off the event loop, so that closing the
 * connection (synchronous, on the event loop) has nothing large left to free. Closed with them, the statements
 * engine's tables over a 10,000,000-line ledger took 2.3 s to free, and every answer of the process waited.
 */
export async function dropTempTables(connection: DuckDBConnection): Promise<void> {
  const reader = await connection.runAndReadAll('SELECT table_name FROM duckdb_tables() WHERE temporary');
  for (const [name] of reader.getRows()) await connection.run(`DROP TABLE IF EXISTS temp.main.${ident(String(name))}`);
}

/**
 * `work`, then its connection's temp tables dropped (dropTempTables) before the connection closes. A failed drop
 * (the work's own failure may have ended the connection's transaction) leaves them to the close, and the work's
 * own outcome stands.
 */
function droppingTempTables<T>(
  work: (connection: DuckDBConnection) => Promise<T>,
): (connection: DuckDBConnection) => Promise<T> {
  return async (connection) => {
    try {
      return await work(connection);
    } finally {
      await dropTempTables(connection).catch(() => undefined);
    }
  };
}

/** withConnection for work that builds temp tables (the statements engine over a whole ledger). */
export function withTempTables<T>(work: (connection: DuckDBConnection) => Promise<T>): Promise<T> {
  return withConnection(droppingTempTables(work));
}

const scratchInstance = madeOnce(() => spillingDatabase('scratch-spill-'));

/**
 * A DuckDB connection of its own for one piece of work (an import, a part, a re-match) with a temp folder for its
 * files; both go when the work ends. The work keeps its tables as temp tables, which only its own connection sees,
 * so pieces of work side by side never meet. They share one database per process (or worker thread), apart from
 * the reader's and without the API's memory limit (an import's sort or grouping may use what the machine has): a
 * database of each work's own was torn down by its synchronous close, on the event loop, and every request of the
 * process waited (up to a third of a second, over 200 times in a run of the tests). Its temp tables are dropped by
 * queries first, which DuckDB runs off the event loop, so the close has little left to free.
 */
export async function withScratchDuck<T>(
  prefix: string,
  work: (duck: DuckDBConnection, dir: string) => Promise<T>,
): Promise<T> {
  const dir = await makeWorkFolder(prefix);
  try {
    return await onConnection(
      scratchInstance(),
      droppingTempTables((duck) => work(duck, dir)),
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
