import { LEDGER_COLUMN_NAMES, LEDGER_COLUMNS, type LedgerColumn } from './schema.js';

/** SQL helpers shared by the steps that write ledger files, so every file has one schema. */
export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
export const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;
export const literalOrNull = (value: string | null | undefined) =>
  value === null || value === undefined ? 'NULL' : literal(value);

/**
 * Products of two DECIMAL(18,6) values come back as DECIMAL(18,12) in DuckDB, which overflows
 * at a million: money is widened to this before multiplying, then rounded back to the ledger type.
 */
export const WIDE_MONEY = 'DECIMAL(38,6)';

/**
 * The SELECT list of a ledger file: every LEDGER_COLUMNS entry in its order and type. A column
 * without an expression passes through from the source relation under its own name.
 */
export function ledgerProjection(expressions: Partial<Record<LedgerColumn, string>>): string {
  return LEDGER_COLUMN_NAMES.map(
    (column) => `CAST(${expressions[column] ?? ident(column)} AS ${LEDGER_COLUMNS[column]}) AS ${ident(column)}`,
  ).join(',\n  ');
}

/** Columns the ledger derives after reading (catalogue match, conversion, cuts): NULL straight out of a report. */
export const DERIVED_COLUMNS = [
  'exchange_rate',
  'company_currency',
  'amount',
  'aggregator_payable',
  'label_payable',
  'artist_payable',
  'recording_id',
  'release_id',
  'label_id',
  'artist_id',
  'matched_by',
] as const satisfies readonly LedgerColumn[];
