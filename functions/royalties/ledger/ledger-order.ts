import type { DuckDBConnection } from '@duckdb/node-api';
import { literal } from './sql.js';

/**
 * How a ledger file's lines are laid out, so a read touches only what it needs: newest pay
 * period first, then line order, in row groups of LEDGER_ROW_GROUP lines with min/max
 * statistics. A filter on a pay period skips the other periods' row groups, and within one
 * import the file's order is the royalties list's default order (import, line), so a default
 * page is the first matching lines in file order and the scan stops once the page is full.
 *
 * A file written this way says so in its Parquet key-value metadata (LEDGER_ORDER_MARK): files
 * written before it (no mark) are still read correctly, with an explicit sort.
 */
export const LEDGER_FILE_ORDER = 'pay_period DESC NULLS LAST, line';
const ORDER_KEY = 'label_platform_ledger_order';
const ORDER_VALUE = 'pay_period desc nulls last, line';
const LEDGER_ROW_GROUP = 122_880;

/** The COPY options of a ledger file: zstd level 1 (about as fast to write as snappy, and smaller) and the order mark. */
export const LEDGER_FILE_OPTIONS = `FORMAT parquet, COMPRESSION zstd, COMPRESSION_LEVEL 1, ROW_GROUP_SIZE ${LEDGER_ROW_GROUP}, KV_METADATA {${ORDER_KEY}: ${literal(ORDER_VALUE)}}`;

/** Whether each file was written in ledger order; the answer per path is kept (files never change under a path). */
const known = new Map<string, boolean>();
const MAX_KNOWN = 20_000;

export async function inLedgerOrder(connection: DuckDBConnection, files: string[]): Promise<boolean> {
  const unknown = files.filter((file) => !known.has(file));
  if (unknown.length) {
    const reader = await connection.runAndReadAll(
      `SELECT file_name, decode(value) AS value FROM parquet_kv_metadata([${unknown.map(literal).join(', ')}])
       WHERE decode(key) = ${literal(ORDER_KEY)}`,
    );
    const marked = new Set(
      (reader.getRowObjectsJson() as { file_name: string; value: string }[])
        .filter((row) => row.value === ORDER_VALUE)
        .map((row) => row.file_name),
    );
    if (known.size + unknown.length > MAX_KNOWN) known.clear();
    for (const file of unknown) known.set(file, marked.has(file));
  }
  return files.every((file) => known.get(file));
}

/** Each file's columns in order (names and types); files never change under a path. */
const columnsOf = new Map<string, string>();

/**
 * Whether the files all have the same columns in the same order, so they are read as one table
 * without matching columns by name (`union_by_name` reads every file's schema on each query and
 * costs about a fifth of a page's time at 20 concurrent clients). Files of an older ledger
 * schema are read by name.
 */
export async function sameColumns(connection: DuckDBConnection, files: string[]): Promise<boolean> {
  const unknown = files.filter((file) => !columnsOf.has(file));
  if (unknown.length) {
    const reader = await connection.runAndReadAll(
      `SELECT file_name, name, type FROM parquet_schema([${unknown.map(literal).join(', ')}]) WHERE num_children IS NULL OR num_children = 0`,
    );
    const found = new Map<string, string[]>();
    for (const row of reader.getRowObjectsJson() as { file_name: string; name: string; type: string | null }[])
      found.set(row.file_name, [...(found.get(row.file_name) ?? []), `${row.name}:${row.type ?? ''}`]);
    if (columnsOf.size + unknown.length > MAX_KNOWN) columnsOf.clear();
    for (const file of unknown) columnsOf.set(file, (found.get(file) ?? []).join(','));
  }
  return new Set(files.map((file) => columnsOf.get(file))).size <= 1;
}
