import type { DuckDBConnection } from '@duckdb/node-api';
import { ledgerKeys, localLedgerFile } from './ledger-files.js';
import { LEDGER_COLUMN_NAMES, LEDGER_COLUMNS } from './ledger-schema.js';

/**
 * Each tenant's ledger as one DuckDB table in the process's in-memory database, kept in step
 * with the tenant's ledger files: a new import's file is inserted, a deleted or re-matched
 * import's rows are replaced. Queries then scan DuckDB's own compressed columns instead of
 * decoding Parquet on every request (the royalties list must answer over millions of lines).
 * Ledger files never change under a key, so the set of keys is the table's whole state.
 */
type TenantTable = { name: string; keysByImport: Map<string, string>; version: number };
const tables = new Map<string, TenantTable>();
const syncing = new Map<string, Promise<TenantTable>>();

const tableName = (tenantId: string) => `ledger_${tenantId.replace(/[^0-9A-Za-z]/g, '_')}`;
const quote = (value: string) => `'${value.replace(/'/g, "''")}'`;

/**
 * The tenant's ledger table, brought up to date with its finished imports first. One sync per
 * tenant at a time; concurrent requests wait for the same one.
 */
export async function tenantLedgerTable(connection: DuckDBConnection, tenantId: string): Promise<{ name: string; version: number }> {
  const entries = await ledgerKeys(tenantId);
  const wanted = new Map(entries.map((entry) => [entry.importId, entry.keys.join('|')]));
  const known = tables.get(tenantId);
  if (known && sameKeys(known.keysByImport, wanted)) return known;
  let pending = syncing.get(tenantId);
  if (!pending) {
    pending = sync(connection, tenantId, entries).finally(() => syncing.delete(tenantId));
    syncing.set(tenantId, pending);
  }
  return pending;
}

function sameKeys(a: Map<string, string>, b: Map<string, string>): boolean {
  if (a.size !== b.size) return false;
  for (const [k, v] of a) if (b.get(k) !== v) return false;
  return true;
}

async function sync(connection: DuckDBConnection, tenantId: string, entries: { importId: string; keys: string[] }[]): Promise<TenantTable> {
  const name = tableName(tenantId);
  const current = tables.get(tenantId) ?? { name, keysByImport: new Map<string, string>(), version: 0 };
  if (!tables.has(tenantId)) {
    const columns = LEDGER_COLUMN_NAMES.map((c) => `CAST(NULL AS ${LEDGER_COLUMNS[c]}) AS ${c}`).join(', ');
    await connection.run(`CREATE OR REPLACE TABLE ${name} AS SELECT ${columns} WHERE false`);
  }
  const wanted = new Map(entries.map((entry) => [entry.importId, entry]));
  const stale = [...current.keysByImport.keys()].filter((id) => wanted.get(id)?.keys.join('|') !== current.keysByImport.get(id));
  const fresh = entries.filter((entry) => current.keysByImport.get(entry.importId) !== entry.keys.join('|'));
  const files = await Promise.all(fresh.flatMap((entry) => entry.keys.map(localLedgerFile)));
  // One transaction: readers see the old rows or the new ones, never a half-replaced import.
  await connection.run('BEGIN TRANSACTION');
  try {
    if (stale.length) await connection.run(`DELETE FROM ${name} WHERE import_id IN (${stale.map(quote).join(', ')})`);
    if (files.length) await connection.run(`INSERT INTO ${name} SELECT ${LEDGER_COLUMN_NAMES.join(', ')} FROM read_parquet([${files.map(quote).join(', ')}], union_by_name = true)`);
    await connection.run('COMMIT');
  } catch (error) {
    await connection.run('ROLLBACK');
    throw error;
  }
  const updated = { name, keysByImport: new Map(entries.map((entry) => [entry.importId, entry.keys.join('|')])), version: current.version + 1 };
  tables.set(tenantId, updated);
  return updated;
}
