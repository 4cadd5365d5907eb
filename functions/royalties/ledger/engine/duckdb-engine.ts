import type { DuckDBConnection } from '@duckdb/node-api';
import { withConnection } from '../duck.js';
import { LEDGER_COLUMNS } from '../schema.js';
import { localLedgerFile } from '../files.js';
import { type LedgerEngine, type LedgerRow, NUMBER_COLUMNS } from './engine.js';
import { LEDGER_RELATION, type LedgerScope, ledgerFilePath, literal } from './portable-sql.js';

/** Parquet files as local paths: the ledger's download cache by default; tests hand in their own. */
export type FileSource = (key: string) => Promise<string>;

/**
 * The keys of the files the view reads for one import. Athena reads every file in the import's
 * folder; here, by default, the files its manifest lists (no listing of the bucket per query). The
 * portable SQL names the manifest's files itself, so both answer alike; a test hands in the whole
 * folder to read as Athena does.
 */
export type FolderSource = (tenantId: string, entry: { importId: string; keys: string[] }) => Promise<string[]>;
const manifestFiles: FolderSource = async (_tenantId, entry) => entry.keys;

/**
 * The view the portable SQL reads in DuckDB, shaped like the Glue table: the files' columns plus
 * the two projected partition columns. It streams the files (nothing is loaded into a table), so a
 * query over a large ledger needs the memory of its answer, not of the ledger.
 */
async function createView(
  connection: DuckDBConnection,
  scope: LedgerScope,
  files: FileSource,
  folder: FolderSource,
): Promise<void> {
  const parts: string[] = [];
  for (const company of scope.companies)
    for (const entry of company.imports) {
      for (const key of await folder(company.tenantId, entry)) {
        // One select per file: each row carries the path of its file, as Athena's "$path" does.
        parts.push(
          `SELECT *, ${literal(company.tenantId)} AS tenant_id, ${literal(entry.importId)} AS import_folder, ` +
            `${literal(ledgerFilePath(scope.bucket, key))} AS "$path" FROM read_parquet(${literal(await files(key))})`,
        );
      }
    }
  // No file: an empty relation with the columns the queries name.
  const body = parts.length
    ? parts.join(' UNION ALL BY NAME ')
    : `SELECT ${Object.entries({
        ...LEDGER_COLUMNS,
        tenant_id: 'VARCHAR',
        import_folder: 'VARCHAR',
        '"$path"': 'VARCHAR',
      })
        .map(([c, type]) => `CAST(NULL AS ${type}) AS ${c}`)
        .join(', ')} WHERE false`;
  await connection.run(`CREATE OR REPLACE TEMP VIEW ${LEDGER_RELATION} AS ${body}`);
}

/** Rows as the API answers them: counts become numbers, money stays exact text. */
function asRow(row: Record<string, unknown>): LedgerRow {
  return Object.fromEntries(
    Object.entries(row).map(([k, v]) => [
      k,
      v === null || v === undefined ? null : NUMBER_COLUMNS.has(k) ? Number(v) : typeof v === 'boolean' ? v : String(v),
    ]),
  );
}

/** The DuckDB engine: a connection of its own per query (its temp view is that connection's only). */
export function duckdbEngine(files: FileSource = localLedgerFile, folder: FolderSource = manifestFiles): LedgerEngine {
  return {
    name: 'duckdb',
    rows: (scope, sql) =>
      withConnection(async (connection) => {
        await createView(connection, scope, files, folder);
        const reader = await connection.runAndReadAll(sql);
        return (reader.getRowObjectsJson() as Record<string, unknown>[]).map(asRow);
      }),
  };
}
