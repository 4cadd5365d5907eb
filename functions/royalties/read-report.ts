import type { DuckDBConnection } from '@duckdb/node-api';
import { DERIVED_COLUMNS, ident, ledgerProjection, literal, literalOrNull } from './ledger-sql.js';
import { MONEY_COLUMNS, type MappingColumn, type RoyaltyMap } from './mapping.js';

/**
 * Reads one sales report through its map into normalised ledger lines, with DuckDB, and writes
 * them to a Parquet file (spec 3 §4; DESIGN.md §3 Royalty ledger). Money is DECIMAL(18,6) from
 * the first character to the file: never a float.
 *
 * Control totals: lines read = stored + rejected (each with its line number and reason) +
 * skipped (blank lines, footer rows), and the amount read = amount stored + amount rejected.
 *
 * The file has the ledger's full schema (ledger-schema.ts) with the derived columns (match,
 * conversion, cuts) still NULL: ledger-rules.ts fills them, on import and on every re-match.
 */
export type Rejected = { line: number; reason: string };
export type ControlTotals = {
  lines_read: number;
  stored: number;
  rejected: Rejected[];
  skipped: number;
  /** In the report's currency, as exact decimal strings. */
  amount_read: string;
  amount_stored: string;
  amount_rejected: string;
};

const MONEY = 'DECIMAL(18,6)';

/** A text column as a decimal: spaces and the thousands separator dropped, a decimal comma made a point. */
function moneyExpression(column: string, decimal: 'point' | 'comma'): string {
  const cleaned = `replace(trim(${column}), ' ', '')`;
  const normalised = decimal === 'comma' ? `replace(replace(${cleaned}, '.', ''), ',', '.')` : `replace(${cleaned}, ',', '')`;
  return `TRY_CAST(nullif(${normalised}, '') AS ${MONEY})`;
}

/** Pay periods written YYYY-MM, YYYYMM, YYYY-MM-DD, MM/YYYY or MM-YYYY, as YYYY-MM. */
function periodExpression(column: string): string {
  const v = `trim(${column})`;
  return `CASE
    WHEN regexp_matches(${v}, '^\\d{4}-\\d{2}(-\\d{2})?$') THEN substr(${v}, 1, 7)
    WHEN regexp_matches(${v}, '^\\d{6}$') THEN substr(${v}, 1, 4) || '-' || substr(${v}, 5, 2)
    WHEN regexp_matches(${v}, '^\\d{1,2}[/-]\\d{4}$') THEN regexp_extract(${v}, '(\\d{4})$') || '-' || lpad(regexp_extract(${v}, '^(\\d{1,2})'), 2, '0')
    ELSE NULL END`;
}

export async function readReport(connection: DuckDBConnection, file: string, map: RoyaltyMap, output: string, { importId }: { importId?: string } = {}): Promise<ControlTotals> {
  const decimal = map.decimal ?? 'point';
  const options = [
    'header = true',
    'all_varchar = true',
    "quote = '\"'",
    "escape = '\"'",
    'store_rejects = true',
    "rejects_table = 'report_rejects'",
    "rejects_scan = 'report_scan'",
    ...(map.delimiter ? [`delim = ${literal(map.delimiter)}`] : []),
    ...(map.skip_header_rows ? [`skip = ${map.skip_header_rows}`] : []),
  ];
  await connection.run('DROP TABLE IF EXISTS report_rejects; DROP TABLE IF EXISTS report_scan; DROP TABLE IF EXISTS raw_lines');
  await connection.run(`CREATE TEMP TABLE raw_lines AS SELECT row_number() OVER () AS rn, * FROM read_csv(${literal(file)}, ${options.join(', ')})`);
  const headerLine = 1 + (map.skip_header_rows ?? 0);
  // DuckDB may note several errors on one line (one per extra column): one reject per line.
  const parseRejects = (await (await connection.runAndReadAll('SELECT line, min(error_message) AS error_message FROM report_rejects GROUP BY line ORDER BY line')).getRowObjects()).map((r) => ({
    line: Number(r.line),
    reason: `The line could not be read: ${String(r.error_message).split('\n')[0]}`,
  }));

  // A line DuckDB could not read is not among raw_lines, so the lines after it move up one:
  // each reject is a slot in the data numbering from which later lines count one more.
  const slots = parseRejects.map((r, i) => r.line - headerLine - i);
  await connection.run('CREATE OR REPLACE TEMP TABLE reject_slots (slot BIGINT)');
  if (slots.length) await connection.run(`INSERT INTO reject_slots VALUES ${slots.map((slot) => `(${slot})`).join(', ')}`);

  const mapped = (column: MappingColumn) => {
    const header = map.columns[column];
    if (header) return `nullif(trim(${ident(header)}), '')`;
    const constant = map.constants?.[column];
    // A column the map does not fill is text too, so every ledger file has the same schema.
    return constant !== undefined ? literal(constant) : 'CAST(NULL AS VARCHAR)';
  };
  const total = Number((await (await connection.runAndReadAll('SELECT count(*) AS n FROM raw_lines')).getRowObjects())[0].n);
  const footer = Math.min(map.skip_footer_rows ?? 0, total);
  const mappedHeaders = Object.values(map.columns).filter(Boolean) as string[];
  const blank = mappedHeaders.length ? mappedHeaders.map((h) => `coalesce(trim(${ident(h)}), '') = ''`).join(' AND ') : 'false';

  // One row per line: its number in the file, the normalised values, and why it is refused (if it is).
  await connection.run(`CREATE OR REPLACE TEMP TABLE lines AS
    SELECT rn, rn + ${headerLine} + (SELECT count(*) FROM reject_slots WHERE slot <= rn) AS line,
      (${blank}) AS blank,
      ${periodExpression(mapped('pay_period'))} AS pay_period,
      upper(replace(${mapped('isrc')}, '-', '')) AS isrc,
      CASE WHEN regexp_matches(coalesce(${mapped('upc')}, ''), '^\\d{1,12}$') THEN lpad(${mapped('upc')}, 12, '0') ELSE ${mapped('upc')} END AS upc,
      ${mapped('cat_no')} AS cat_no,
      ${mapped('song')} AS song, ${mapped('mix')} AS mix, ${mapped('asset_type')} AS asset_type, ${mapped('release_date')} AS release_date, ${mapped('artist')} AS artist, ${mapped('album')} AS album, ${mapped('album_artist')} AS album_artist,
      ${mapped('label_name')} AS label_name, ${mapped('retailer')} AS retailer, ${mapped('delivered_by')} AS delivered_by,
      upper(coalesce(${mapped('country_iso')}, ${mapped('territory')})) AS territory,
      ${mapped('sales_category')} AS sales_category, ${mapped('sales_format')} AS sales_format, ${mapped('sales_description')} AS sales_description,
      TRY_CAST(${mapped('quantity')} AS BIGINT) AS quantity,
      ${mapped('quantity')} AS quantity_text,
      upper(coalesce(${mapped('subtotal_payable_currency')}, ${map.currency ? literal(map.currency) : 'NULL'})) AS currency,
      ${MONEY_COLUMNS.map((c) => `${moneyExpression(mapped(c), decimal)} AS ${c}, ${mapped(c)} AS ${c}_text`).join(',\n      ')}
    FROM raw_lines
    WHERE rn <= ${total - footer}`);
  await connection.run(`CREATE OR REPLACE TEMP TABLE judged AS
    SELECT *, CASE
      WHEN blank THEN NULL
      WHEN subtotal_payable_text IS NULL THEN 'No amount (subtotal_payable)'
      WHEN subtotal_payable IS NULL THEN 'The amount is not a number: ' || subtotal_payable_text
      WHEN pay_period IS NULL THEN 'No pay period, or not one of YYYY-MM, YYYYMM, MM/YYYY'
      WHEN currency IS NULL THEN 'No currency'
      WHEN quantity_text IS NOT NULL AND quantity IS NULL THEN 'The quantity is not a whole number: ' || quantity_text
      ELSE NULL END AS reason
    FROM lines`);

  const derived = Object.fromEntries(DERIVED_COLUMNS.map((column) => [column, 'NULL']));
  await connection.run(`COPY (
      SELECT ${ledgerProjection({ ...derived, import_id: literalOrNull(importId), estimated: 'false' })}
      FROM judged WHERE NOT blank AND reason IS NULL ORDER BY line
    ) TO ${literal(output)} (FORMAT parquet, COMPRESSION zstd)`);

  const [sums] = await (
    await connection.runAndReadAll(`SELECT
      count(*) FILTER (WHERE NOT blank AND reason IS NULL) AS stored,
      count(*) FILTER (WHERE blank) AS blank,
      CAST(coalesce(sum(subtotal_payable) FILTER (WHERE NOT blank AND reason IS NULL), 0) AS VARCHAR) AS amount_stored,
      CAST(coalesce(sum(subtotal_payable) FILTER (WHERE NOT blank AND reason IS NOT NULL), 0) AS VARCHAR) AS amount_rejected,
      CAST(coalesce(sum(subtotal_payable) FILTER (WHERE NOT blank), 0) AS VARCHAR) AS amount_read
      FROM judged`)
  ).getRowObjects();
  const lineRejects = (await (await connection.runAndReadAll('SELECT line, reason FROM judged WHERE NOT blank AND reason IS NOT NULL ORDER BY line')).getRowObjects()).map((r) => ({
    line: Number(r.line),
    reason: String(r.reason),
  }));
  const rejected = [...parseRejects, ...lineRejects].sort((a, b) => a.line - b.line);
  const stored = Number(sums.stored);
  const skipped = Number(sums.blank) + footer;
  return {
    lines_read: stored + rejected.length + skipped,
    stored,
    rejected,
    skipped,
    amount_read: String(sums.amount_read),
    amount_stored: String(sums.amount_stored),
    amount_rejected: String(sums.amount_rejected),
  };
}
