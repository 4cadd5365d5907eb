import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import { duckJson } from '../../lib/well-formed-text.js';
import { ident, literal } from './sql.js';

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
  await writeFile(
    file,
    rows
      .map((row) => duckJson(Object.fromEntries(Object.keys(columns).map((name) => [name, text(row[name])]))))
      .join('\n'),
  );
  const asText = Object.keys(columns)
    .map((name) => `${literal(name)}: 'VARCHAR'`)
    .join(', ');
  const casts = Object.entries(columns)
    .map(([name, type]) => `TRY_CAST(${ident(name)} AS ${type})`)
    .join(', ');
  await connection.run(
    `INSERT INTO ${ident(table)} SELECT ${casts} FROM read_json(${literal(file)}, format = 'newline_delimited', columns = {${asText}})`,
  );
}
