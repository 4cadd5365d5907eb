import { open } from 'node:fs/promises';
import path from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import { duckJson } from '../../lib/well-formed-text.js';
import { ident, literal } from './sql.js';

/** Rows turned to text and written at once: a slice's text stays far below the longest string V8 makes (512 MB). */
const ROWS_PER_WRITE = 20_000;

/**
 * Loads rows from DynamoDB (catalogue, rules, rates) into a DuckDB temp table through a
 * newline-delimited JSON file: one bulk read instead of one bound INSERT per row. Every value
 * is text in the file; the column types given here are applied by DuckDB, so money and shares
 * arrive as DECIMAL without passing through a JS float.
 */
export async function loadTable(
  connection: DuckDBConnection,
  workDir: string,
  table: string,
  columns: Record<string, string>,
  rows: Record<string, string | number | null | undefined>[],
): Promise<void> {
  const definition = Object.entries(columns)
    .map(([name, type]) => `${ident(name)} ${type}`)
    .join(', ');
  await connection.run(`CREATE OR REPLACE TEMP TABLE ${ident(table)} (${definition})`);
  if (!rows.length) return;
  const file = path.join(workDir, `${table}.ndjson`);
  const text = (value: string | number | null | undefined) =>
    value === null || value === undefined || value === '' ? null : String(value);
  const names = Object.keys(columns);
  // Written a slice at a time: a contract cover of two million groups is more text than one JS string may hold.
  const handle = await open(file, 'w');
  try {
    for (let start = 0; start < rows.length; start += ROWS_PER_WRITE)
      await handle.write(
        rows
          .slice(start, start + ROWS_PER_WRITE)
          .map((row) => `${duckJson(Object.fromEntries(names.map((name) => [name, text(row[name])])))}\n`)
          .join(''),
      );
  } finally {
    await handle.close();
  }
  const asText = names.map((name) => `${literal(name)}: 'VARCHAR'`).join(', ');
  const casts = Object.entries(columns)
    .map(([name, type]) => `TRY_CAST(${ident(name)} AS ${type})`)
    .join(', ');
  await connection.run(
    `INSERT INTO ${ident(table)} SELECT ${casts} FROM read_json(${literal(file)}, format = 'newline_delimited', columns = {${asText}})`,
  );
}
