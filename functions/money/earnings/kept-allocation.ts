import { createHash, randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { DuckDBConnection } from '@duckdb/node-api';
import { findOrWriteFile, foundFile } from '../../royalties/ledger/cached-files.js';
import { literal } from '../../royalties/ledger/sql.js';
import { log } from '../../lib/logger.js';
import { timed } from '../../lib/step-timings.js';

/**
 * The allocation's two computed tables, kept for the next computation of the same inputs: `st_groups` (the period's
 * lines summed by what decides their split, the one pass over every line) and `st_split` (each distinct split's
 * shares). A statement run computes them in its preview and again in its publish step, usually on the same ledger,
 * catalogue and months: the publish step then loads the preview's instead of grouping ten million lines again.
 *
 * They are kept as one DuckDB database file (both tables, their exact types: Parquet would turn the 128-bit sums into
 * floating point) named by a hash of everything they are computed from (the ledger state, the catalogue as the
 * computation saw it, the scope, and ALLOCATION_RULE), so a file is never read for other inputs: any import, edit,
 * catalogue or contract change names another file. Where it lives and how it is shared (the local disk, then the
 * ledger bucket under `derived/`, expiring after 30 days) is ledger/cached-files.ts's. A file that cannot be read
 * (removed meanwhile, or unreadable) is no answer: the tables are computed, as without it.
 */

/**
 * The version of the rule that computes the two tables (allocation.ts: the groups and `splitDistinct`; weights.ts:
 * the weight sets and parts). Raise it with any change there: files kept under an older rule are then never read.
 */
const ALLOCATION_RULE = 1;

const KIND = 'allocations';
const EXTENSION = 'duckdb';
const TABLES = ['st_groups', 'st_split'] as const;

/** What the kept tables are computed from; the computation passes it whole and it is hashed once. */
export type KeptAllocation = { tenantId: string; inputs: unknown };

/** The file's name inputs: the rule's version and one hash of the inputs (the catalogue alone may be megabytes). */
const nameOf = (kept: KeptAllocation) => [
  ALLOCATION_RULE,
  createHash('sha256').update(JSON.stringify(kept.inputs)).digest('hex'),
];

/** A database alias of its own: the connection's database is shared with other work of the process. */
const alias = () => `kept_${randomUUID().replace(/-/g, '')}`;

async function attached<T>(
  connection: DuckDBConnection,
  file: string,
  readOnly: boolean,
  work: (name: string) => Promise<T>,
): Promise<T> {
  const name = alias();
  await connection.run(`ATTACH ${literal(file)} AS ${name}${readOnly ? ' (READ_ONLY)' : ''}`);
  try {
    return await work(name);
  } finally {
    await connection.run(`DETACH ${name}`);
  }
}

/** Loads the kept tables into the connection's temp tables; false when the file could not be read. */
async function loadKept(connection: DuckDBConnection, file: string): Promise<boolean> {
  try {
    await attached(connection, file, true, async (name) => {
      for (const table of TABLES)
        await connection.run(`CREATE OR REPLACE TEMP TABLE ${table} AS SELECT * FROM ${name}.${table}`);
    });
    return true;
  } catch (error) {
    log().warn('kept allocation not read', { file, error: String(error) });
    // Removed, so that the tables computed next are kept in its place.
    await rm(file, { force: true }).catch(() => undefined);
    return false;
  }
}

/**
 * Makes the connection's `st_groups` and `st_split`: loaded from the file `kept` names when there is one, else
 * by `compute`, then kept under that name. A failed keep costs only the next computation its own grouping.
 */
export async function keptOrComputed(
  connection: DuckDBConnection,
  kept: KeptAllocation,
  compute: () => Promise<void>,
): Promise<void> {
  const name = nameOf(kept);
  const found = await foundFile(KIND, kept.tenantId, name, EXTENSION).catch(() => undefined);
  if (found && (await timed('allocation.kept_load', () => loadKept(connection, found)))) return;
  await compute();
  await timed('allocation.kept_write', () =>
    findOrWriteFile(
      KIND,
      kept.tenantId,
      name,
      (partial) =>
        attached(connection, partial, false, async (name) => {
          for (const table of TABLES) await connection.run(`CREATE TABLE ${name}.${table} AS SELECT * FROM ${table}`);
          return true;
        }),
      EXTENSION,
    ),
  ).catch((error) => log().warn('allocation not kept', { tenantId: kept.tenantId, error: String(error) }));
}
