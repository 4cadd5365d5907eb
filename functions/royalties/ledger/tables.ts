import type { DuckDBConnection } from '@duckdb/node-api';
import { duckJson } from '../../lib/well-formed-text.js';
import { withConnection } from './duck.js';
import { localLedgerFile } from './files.js';
import { LEDGER_COLUMN_NAMES, LEDGER_COLUMNS, type LedgerColumn } from './schema.js';
import type { LedgerState } from './state.js';

/**
 * Each tenant's ledger as one DuckDB table in the process's in-memory database: the lines of
 * its finished imports plus its manual sales, sorted in the list's default order (newest pay
 * period first, then import and line). Queries scan DuckDB's own compressed columns instead of
 * decoding Parquet on every request, and a page in the default order is the first matching rows
 * in table order (DuckDB preserves insertion order), so it stops scanning once the page is full.
 *
 * The table is rebuilt when the tenant's imports or manual sales change (a new import, a
 * re-match, a deletion): lines kept from the previous table are copied in memory, only new
 * ledger files are read. Ledger files never change under a key, so keys are the whole state.
 */
type TenantTable = { name: string; signature: string; keysByImport: Map<string, string>; version: number };
const tables = new Map<string, TenantTable>();
const building = new Map<string, Promise<TenantTable>>();

/** How long a replaced table stays for queries that started on it. */
const DROP_AFTER_MS = 60_000;
export const DEFAULT_ORDER = 'pay_period DESC NULLS LAST, import_id, line, manual_id';

const quote = (value: string) => `'${value.replace(/'/g, "''")}'`;
const signatureOf = (state: LedgerState) =>
  `${state.imports.map((i) => `${i.importId}:${i.keys.join('|')}`).join(',')}#${state.manual.map((m) => `${m.id}:${m.updatedAt ?? ''}`).join(',')}`;

/** The tenant's ledger table for this ledger state, built first when the state is new. */
export async function tenantLedgerTable(
  connection: DuckDBConnection,
  tenantId: string,
  state: LedgerState,
): Promise<{ name: string; version: number }> {
  const signature = signatureOf(state);
  const known = tables.get(tenantId);
  if (known?.signature === signature) return known;
  const key = `${tenantId}\u0000${signature}`;
  let pending = building.get(key);
  if (!pending) {
    pending = build(connection, tenantId, state, signature).finally(() => building.delete(key));
    building.set(key, pending);
  }
  return pending;
}

async function build(
  connection: DuckDBConnection,
  tenantId: string,
  state: LedgerState,
  signature: string,
): Promise<TenantTable> {
  const previous = tables.get(tenantId);
  const version = (previous?.version ?? 0) + 1;
  const name = `ledger_${tenantId.replace(/[^0-9A-Za-z]/g, '_')}_${version}`;
  const wanted = new Map(state.imports.map((entry) => [entry.importId, entry.keys.join('|')]));
  const kept = previous
    ? [...previous.keysByImport].filter(([id, keys]) => wanted.get(id) === keys).map(([id]) => id)
    : [];
  const fresh = state.imports.filter((entry) => !kept.includes(entry.importId));
  const files = await Promise.all(fresh.flatMap((entry) => entry.keys.map(localLedgerFile)));

  const columns = LEDGER_COLUMN_NAMES.join(', ');
  const parts: string[] = [];
  const params: Record<string, string> = {};
  if (previous && kept.length)
    parts.push(
      `SELECT ${columns}, manual_id FROM ${previous.name} WHERE manual_id IS NULL AND import_id IN (${kept.map(quote).join(', ')})`,
    );
  if (files.length)
    parts.push(
      `SELECT ${columns}, CAST(NULL AS VARCHAR) AS manual_id FROM read_parquet([${files.map(quote).join(', ')}], union_by_name = true)`,
    );
  if (state.manual.length) {
    params.manual = duckJson(state.manual.map((m) => ({ ...m.fields, manual_id: m.id })));
    const shape = JSON.stringify([{ ...LEDGER_COLUMNS, manual_id: 'VARCHAR' }]);
    parts.push(`SELECT ${LEDGER_COLUMN_NAMES.map((c: LedgerColumn) => `CAST(${c} AS ${LEDGER_COLUMNS[c]}) AS ${c}`).join(', ')}, manual_id
      FROM (SELECT unnest(from_json($manual, '${shape}'), recursive := true))`);
  }
  if (!parts.length)
    parts.push(
      `SELECT ${LEDGER_COLUMN_NAMES.map((c) => `CAST(NULL AS ${LEDGER_COLUMNS[c]}) AS ${c}`).join(', ')}, CAST(NULL AS VARCHAR) AS manual_id WHERE false`,
    );
  await connection.run(
    `CREATE OR REPLACE TABLE ${name} AS SELECT *, manual_id IS NOT NULL AS manual FROM (${parts.join(' UNION ALL ')}) ORDER BY ${DEFAULT_ORDER}`,
    params,
  );

  const table = { name, signature, keysByImport: wanted, version };
  tables.set(tenantId, table);
  if (previous) dropLater(previous.name);
  return table;
}

/**
 * Drops a replaced table once queries that started on it are done. On a connection of its own:
 * the one that built the table is closed by then.
 */
export function dropLater(name: string): void {
  setTimeout(
    () => void withConnection((connection) => connection.run(`DROP TABLE IF EXISTS ${name}`)).catch(() => undefined),
    DROP_AFTER_MS,
  ).unref();
}
