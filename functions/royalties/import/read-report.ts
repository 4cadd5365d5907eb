import type { DuckDBConnection } from '@duckdb/node-api';
import { DERIVED_COLUMNS, ident, ledgerProjection, literal, literalOrNull } from '../ledger/sql.js';
import type { LedgerColumn } from '../ledger/schema.js';
import { MONEY_COLUMNS, type MappingColumn, type RoyaltyMap } from '../../../shared/schemas/royalty-map.js';
import { ReportProblem } from './report-problem.js';

/**
 * Reads one sales report through its map into normalised ledger lines, with DuckDB, and writes
 * them to a Parquet file. Money is DECIMAL(18,6) from
 * the first character to the file: never a float.
 *
 * Control totals: lines read = stored + rejected (each with its line number and reason) +
 * skipped (blank lines, footer rows), and the amount read = amount stored + amount rejected:
 * a line rejected for another reason than its amount (a bad pay period, no currency) still
 * counts its amount, and names it, so the accountant sees the money left out.
 *
 * The file has the ledger's full schema (ledger/schema.ts) with the derived columns (match,
 * conversion, cuts) still NULL: ledger/rules.ts fills them, on import and on every re-match.
 */
/** A refused line; amount and currency when the line's amount could be read (it is in amount_rejected). */
type Rejected = { line: number; reason: string; amount?: string; currency?: string };
/** One currency's amounts in a report ("" for lines that name none), as exact decimal strings. */
export type CurrencyAmounts = { currency: string; read: string; stored: string; rejected: string };
export type ControlTotals = {
  lines_read: number;
  stored: number;
  rejected: Rejected[];
  skipped: number;
  /** Every line's amount added up whatever its currency, as exact decimal strings: the check read = stored + rejected. */
  amount_read: string;
  amount_stored: string;
  amount_rejected: string;
  /**
   * The same amounts per currency, in currency order: what the pages show, as a report may mix currencies. Absent on
   * imports read before it was kept.
   */
  amounts_by_currency?: CurrencyAmounts[];
};

const MONEY = 'DECIMAL(18,6)';

/** The mapping columns a ledger line is made of. */
const READ_COLUMNS: MappingColumn[] = [
  'pay_period',
  'isrc',
  'upc',
  'cat_no',
  'song',
  'mix',
  'asset_type',
  'release_date',
  'artist',
  'album',
  'album_artist',
  'label_name',
  'retailer',
  'delivered_by',
  'country_iso',
  'territory',
  'sales_category',
  'sales_format',
  'sales_description',
  'quantity',
  'subtotal_payable_currency',
  ...MONEY_COLUMNS,
];

/**
 * An amount as people and spreadsheets write it, when it is not a plain number: spaces (also the no-break
 * spaces Excel puts between thousands) dropped, then an optional sign, currency symbol or code before or after
 * ("€1.50", "4.50 EUR"), negatives in parentheses ("(1.50)") or with a trailing minus ("1.50-"), and
 * thousands separators only in groups of three. The thousands separator is the one the map's decimal mark is
 * not, so "1.234,56" in a report whose map says decimal point is refused rather than read as 1.23456 (and
 * "1,5" as 15): a wrong amount would be stored without a word.
 */
function writtenAmount(column: string, decimal: 'point' | 'comma'): string {
  const [thousands, mark] = decimal === 'comma' ? ['\\.', ','] : [',', '\\.'];
  const unit = '(?:[€$£¥]|[A-Z]{3})?';
  const pattern = `^(\\()?([+-])?${unit}([+-])?(\\d{1,3}(?:${thousands}\\d{3})+|\\d*)(${mark}\\d*)?${unit}(-)?(\\))?$`;
  const spaced = `regexp_replace(${column}, '[\\s\\x{00A0}\\x{202F}]', '', 'g')`;
  const parts = `regexp_extract(${spaced}, '${pattern}', ['open', 'sign', 'inner_sign', 'whole', 'fraction', 'trailing', 'close'])`;
  const part = (name: string) => `struct_extract(${parts}, '${name}')`;
  const negatives = `(${part('open')} <> '')::INT + (${part('sign')} = '-')::INT + (${part('inner_sign')} = '-')::INT + (${part('trailing')} <> '')::INT`;
  return `CASE WHEN ${part('whole')} || substr(${part('fraction')}, 2) = '' OR (${part('open')} = '') <> (${part('close')} = '')
      OR (${part('sign')} <> '' AND ${part('inner_sign')} <> '') OR ${negatives} > 1 THEN NULL
    ELSE TRY_CAST(CASE WHEN ${negatives} = 1 THEN '-' ELSE '' END || coalesce(nullif(regexp_replace(${part('whole')}, '${thousands}', '', 'g'), ''), '0')
      || '.' || substr(${part('fraction')}, 2) || '0' AS ${MONEY}) END`;
}

/**
 * A text column (trimmed, NULL when empty) as a decimal. A plain number (with a decimal comma: with no point in
 * it) is cast at once; anything else is read as written (writtenAmount), so most values skip the regular
 * expression.
 */
function moneyExpression(column: string, decimal: 'point' | 'comma'): string {
  const written = writtenAmount(column, decimal);
  return decimal === 'comma'
    ? `CASE WHEN contains(${column}, '.') THEN ${written} ELSE coalesce(TRY_CAST(replace(${column}, ',', '.') AS ${MONEY}), ${written}) END`
    : `coalesce(TRY_CAST(${column} AS ${MONEY}), ${written})`;
}

/**
 * Pay periods written YYYY-MM, YYYYMM, YYYY-MM-DD, MM/YYYY or MM-YYYY, as YYYY-MM. Decided by
 * length and separator position first, so a regular expression runs only on the candidate
 * shape (a per-line regex over every form costs seconds on ten million lines).
 */
function periodExpression(v: string): string {
  const is = (pattern: string) => `regexp_full_match(${v}, '${pattern}')`;
  return `CASE length(${v})
    WHEN 7 THEN CASE WHEN ${is('\\d{4}-\\d{2}')} THEN ${v} WHEN ${is('\\d{2}[/-]\\d{4}')} THEN substr(${v}, 4, 4) || '-' || substr(${v}, 1, 2) END
    WHEN 10 THEN CASE WHEN ${is('\\d{4}-\\d{2}-\\d{2}')} THEN substr(${v}, 1, 7) END
    WHEN 6 THEN CASE WHEN ${is('\\d{6}')} THEN substr(${v}, 1, 4) || '-' || substr(${v}, 5, 2) WHEN ${is('\\d[/-]\\d{4}')} THEN substr(${v}, 3, 4) || '-0' || substr(${v}, 1, 1) END
    END`;
}

/** The CSV reader's options for a map. */
function csvOptions(map: RoyaltyMap): string {
  return [
    'header = true',
    'all_varchar = true',
    "quote = '\"'",
    "escape = '\"'",
    'store_rejects = true',
    "rejects_table = 'report_rejects'",
    "rejects_scan = 'report_scan'",
    ...(map.delimiter ? [`delim = ${literal(map.delimiter)}`] : []),
    ...(map.skip_header_rows ? [`skip = ${map.skip_header_rows}`] : []),
  ].join(', ');
}

/**
 * A staged report: temp table `report_lines` holds one row per data line of the file (its
 * number in the file is `line`, an SQL expression over the row), normalised, with why it is
 * refused (`reason`) or that it is blank; `accepted` is the condition of the lines stored.
 */
export type StagedReport = { totals: ControlTotals; line: string; accepted: string };

/**
 * lineOffset: added to every line number of this file: a part of a split report (split-report.ts) is numbered as in the whole report.
 * mapName: the map's name as the user knows it, for the messages about the report's columns.
 */
export type StageOptions = { lineOffset?: number; mapName?: string };

/** Why DuckDB could not read a line (its rejects' error_type), in the user's words rather than the engine's. */
const LINE_ERRORS: Record<string, string> = {
  'TOO MANY COLUMNS': 'The line has more columns than the header',
  'MISSING COLUMNS': 'The line has fewer columns than the header',
  'UNQUOTED VALUE': 'A quote in the line is not closed, or a value has a quote inside it',
  'LINE SIZE OVER MAXIMUM': 'The line is too long to read',
  'INVALID UNICODE': 'The line has characters that are not UTF-8 text',
  'INVALID ENCODING': 'The line has characters that are not UTF-8 text',
};
const DELIMITER_NAMES: Record<string, string> = {
  '': 'found from the file',
  ',': 'comma',
  '\t': 'tab',
  ';': 'semicolon',
  '|': 'pipe',
};
const lineError = (type: unknown) => LINE_ERRORS[String(type)] ?? 'The line could not be read';

/** A header as people retype it: case, spaces around it and runs of spaces inside it do not count. */
const headerKey = (header: string) => header.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * The map with each header it names as the report writes it: the same text, else the one header that differs
 * only in case and spaces ("ISRC" in the map reads " isrc " in a report re-saved by hand); `missing` the
 * columns the report has no header for.
 */
export function matchHeaders(
  map: RoyaltyMap,
  headers: string[],
): { map: RoyaltyMap; missing: [column: string, header: string][] } {
  const present = new Set(headers);
  const byKey = new Map<string, string[]>();
  for (const header of headers) byKey.set(headerKey(header), [...(byKey.get(headerKey(header)) ?? []), header]);
  const missing: [string, string][] = [];
  const columns = Object.fromEntries(
    Object.entries(map.columns).map(([column, header]) => {
      if (!header || present.has(header)) return [column, header];
      const alike = byKey.get(headerKey(header)) ?? [];
      if (alike.length === 1) return [column, alike[0]];
      missing.push([column, header]);
      return [column, header];
    }),
  );
  return { map: { ...map, columns: columns as RoyaltyMap['columns'] }, missing };
}

/**
 * The report's headers as DuckDB reads them with the map's options (no data is scanned), and the map with its
 * headers as the report writes them (matchHeaders). A header the map names and the report lacks is refused here,
 * naming the column and the map, rather than as the engine's binder error from the query that reads the lines.
 */
async function checkHeaders(
  connection: DuckDBConnection,
  file: string,
  map: RoyaltyMap,
  mapName: string | undefined,
): Promise<RoyaltyMap> {
  const headers = (
    await (
      await connection.runAndReadAll(`DESCRIBE SELECT * FROM read_csv(${literal(file)}, ${csvOptions(map)})`)
    ).getRowObjects()
  ).map((r) => String(r.column_name));
  const matched = matchHeaders(map, headers);
  const { missing } = matched;
  if (!missing.length) return matched.map;
  const named = missing.map(([column, header]) => `"${header}" (for ${column})`).join(', ');
  // One column where the map reads several: the lines were not split (another delimiter, an unclosed quote).
  if (headers.length === 1 && new Set(Object.values(map.columns).filter(Boolean)).size > 1)
    throw new ReportProblem(
      `The report could not be split into the columns the map ${mapName ? `"${mapName}"` : 'of this source'} ` +
        `names: its first line reads as one column. Check the map's delimiter (${DELIMITER_NAMES[map.delimiter ?? '']}), ` +
        'and look for a quote that is not closed.',
    );
  const shown = headers
    .slice(0, 30)
    .map((h) => `"${h}"`)
    .join(', ');
  throw new ReportProblem(
    `The report has no column${missing.length > 1 ? 's' : ''} ${named}, which the map ${mapName ? `"${mapName}"` : 'of this source'} names. ` +
      `The report's columns are: ${shown}${headers.length > 30 ? ', …' : ''}.`,
  );
}

/**
 * Reads the report once into `report_lines` (only the mapped columns, normalised once) and
 * takes its control totals. The ledger file is then written from it (readReport, or the
 * import's single pass through the ledger rules in ledger/rules.ts).
 */
export async function stageReport(
  connection: DuckDBConnection,
  file: string,
  givenMap: RoyaltyMap,
  { lineOffset = 0, mapName }: StageOptions = {},
): Promise<StagedReport> {
  const decimal = givenMap.decimal ?? 'point';
  await connection.run(
    'DROP TABLE IF EXISTS report_rejects; DROP TABLE IF EXISTS report_scan; DROP TABLE IF EXISTS report_lines',
  );
  const map = await checkHeaders(connection, file, givenMap, mapName);
  // The report's columns as the map reads them: trimmed text, NULL when empty (a constant as given).
  const source = (column: MappingColumn) => {
    const header = map.columns[column];
    // trim() copies every value; most have no space to trim.
    const h = header && ident(header);
    if (h) return `nullif(CASE WHEN starts_with(${h}, ' ') OR ends_with(${h}, ' ') THEN trim(${h}) ELSE ${h} END, '')`;
    const constant = map.constants?.[column];
    // A column the map does not fill is text too, so every ledger file has the same schema.
    return constant !== undefined
      ? literal(column === 'pay_period' ? constant.trim() : constant)
      : 'CAST(NULL AS VARCHAR)';
  };
  const mapped = (column: MappingColumn) => ident(`m_${column}`);
  // Blank: every column the map reads from the report is empty.
  const fromReport = READ_COLUMNS.filter((c, i) => map.columns[c] && READ_COLUMNS.indexOf(c) === i);
  const readHeaders = new Set(fromReport.map((c) => map.columns[c]));
  const otherHeaders = [...new Set(Object.values(map.columns).filter((h): h is string => !!h && !readHeaders.has(h)))];
  const others = otherHeaders.length
    ? `(${otherHeaders.map((h) => `coalesce(trim(${ident(h)}), '') = ''`).join(' AND ')})`
    : 'true';
  const blank =
    fromReport.length || otherHeaders.length
      ? [...fromReport.map((c) => `${mapped(c)} IS NULL`), 'm_others_blank'].join(' AND ')
      : 'false';
  const upc = mapped('upc');
  const quantity = mapped('quantity');
  // Each value is read once (innermost SELECT), normalised once (middle), then judged.
  // No row_number() here: a window numbering rows runs on one thread. The table keeps the
  // file's order (insertion order is preserved), so a row's rowid is its place in the file.
  await connection.run(`CREATE TEMP TABLE report_lines AS
    SELECT * EXCLUDE (subtotal_payable_text, quantity_text), CASE
      WHEN blank THEN NULL
      WHEN subtotal_payable_text IS NULL THEN 'No amount (subtotal_payable)'
      WHEN subtotal_payable IS NULL THEN 'The amount is not a number: ' || subtotal_payable_text
      WHEN pay_period IS NULL THEN 'No pay period, or not one of YYYY-MM, YYYYMM, MM/YYYY'
      WHEN currency IS NULL THEN 'No currency'
      WHEN NOT regexp_full_match(currency, '[A-Z]{3}') THEN 'The currency is not a 3-letter code (such as EUR): ' || currency
      WHEN quantity_text IS NOT NULL AND quantity IS NULL THEN 'The quantity is not a whole number: ' || quantity_text
      ELSE NULL END AS reason
    FROM (
      SELECT (${blank}) AS blank,
        ${periodExpression(mapped('pay_period'))} AS pay_period,
        upper(replace(${mapped('isrc')}, '-', '')) AS isrc,
        CASE WHEN length(${upc}) <= 12 AND regexp_full_match(${upc}, '\\d+') THEN lpad(${upc}, 12, '0') ELSE ${upc} END AS upc,
        ${mapped('cat_no')} AS cat_no,
        ${mapped('song')} AS song, ${mapped('mix')} AS mix, ${mapped('asset_type')} AS asset_type, ${mapped('release_date')} AS release_date, ${mapped('artist')} AS artist, ${mapped('album')} AS album, ${mapped('album_artist')} AS album_artist,
        ${mapped('label_name')} AS label_name, ${mapped('retailer')} AS retailer, ${mapped('delivered_by')} AS delivered_by,
        upper(coalesce(${mapped('country_iso')}, ${mapped('territory')})) AS territory,
        ${mapped('sales_category')} AS sales_category, ${mapped('sales_format')} AS sales_format, ${mapped('sales_description')} AS sales_description,
        TRY_CAST(${quantity} AS BIGINT) AS quantity, ${quantity} AS quantity_text,
        upper(coalesce(${mapped('subtotal_payable_currency')}, ${map.currency ? literal(map.currency) : 'NULL'})) AS currency,
        ${moneyExpression(mapped('subtotal_payable'), decimal)} AS subtotal_payable, ${mapped('subtotal_payable')} AS subtotal_payable_text,
        ${MONEY_COLUMNS.filter((c) => c !== 'subtotal_payable' && c !== 'exchange_rate')
          .map((c) => `${moneyExpression(mapped(c), decimal)} AS ${c}`)
          .join(', ')}
      FROM (
        SELECT ${others} AS m_others_blank, ${[...new Set(READ_COLUMNS)].map((c) => `${source(c)} AS ${mapped(c)}`).join(', ')}
        FROM read_csv(${literal(file)}, ${csvOptions(map)})))`);

  const headerLine = 1 + (map.skip_header_rows ?? 0);
  // DuckDB may note several errors on one line (one per extra column): one reject per line.
  const parseRejects = (
    await (
      await connection.runAndReadAll(
        'SELECT line, min(error_type) AS error_type FROM report_rejects GROUP BY line ORDER BY line',
      )
    ).getRowObjects()
  ).map((r) => ({ line: Number(r.line) + lineOffset, reason: lineError(r.error_type) }));
  // A line DuckDB could not read is not among the rows, so the lines after it move up one:
  // each reject is a slot in the data numbering from which later lines count one more.
  const slots = parseRejects.map((r, i) => r.line - lineOffset - headerLine - i);
  // rn: the row's number among the rows DuckDB read (1 = the first after the header).
  const rn = '(report_lines.rowid + 1)';
  const first = headerLine + lineOffset;
  let line = `(${rn} + ${first})`;
  if (slots.length > 32) {
    await connection.run('CREATE OR REPLACE TEMP TABLE reject_slots (slot BIGINT)');
    await connection.run(`INSERT INTO reject_slots VALUES ${slots.map((slot) => `(${slot})`).join(', ')}`);
    line = `(${rn} + ${first} + (SELECT count(*) FROM reject_slots WHERE slot <= ${rn}))`;
  } else if (slots.length)
    line = `(${rn} + ${first} + ${slots.map((slot) => `(${rn} >= ${slot})::BIGINT`).join(' + ')})`;

  const footer = map.skip_footer_rows ?? 0;
  const total =
    footer > 0
      ? Number((await (await connection.runAndReadAll('SELECT count(*) AS n FROM report_lines')).getRowObjects())[0].n)
      : 0;
  if (footer > 0) await connection.run(`DELETE FROM report_lines WHERE rowid >= ${total - footer}`);
  const accepted = 'NOT blank AND reason IS NULL';
  const [sums] = await (
    await connection.runAndReadAll(`SELECT
      count(*) AS rows,
      count(*) FILTER (WHERE ${accepted}) AS stored,
      count(*) FILTER (WHERE blank) AS blank,
      count(*) FILTER (WHERE NOT blank AND reason IS NOT NULL) AS refused,
      CAST(coalesce(sum(subtotal_payable) FILTER (WHERE ${accepted}), 0) AS VARCHAR) AS amount_stored,
      CAST(coalesce(sum(subtotal_payable) FILTER (WHERE NOT blank AND reason IS NOT NULL), 0) AS VARCHAR) AS amount_rejected,
      CAST(coalesce(sum(subtotal_payable) FILTER (WHERE NOT blank), 0) AS VARCHAR) AS amount_read
      FROM report_lines`)
  ).getRowObjects();
  const byCurrency = (
    await (
      await connection.runAndReadAll(`SELECT
        coalesce(currency, '') AS currency,
        CAST(coalesce(sum(subtotal_payable) FILTER (WHERE reason IS NULL), 0) AS VARCHAR) AS amount_stored,
        CAST(coalesce(sum(subtotal_payable) FILTER (WHERE reason IS NOT NULL), 0) AS VARCHAR) AS amount_rejected,
        CAST(coalesce(sum(subtotal_payable), 0) AS VARCHAR) AS amount_read
        FROM report_lines WHERE NOT blank GROUP BY 1 ORDER BY 1`)
    ).getRowObjects()
  ).map(
    (r): CurrencyAmounts => ({
      currency: String(r.currency),
      read: String(r.amount_read),
      stored: String(r.amount_stored),
      rejected: String(r.amount_rejected),
    }),
  );
  const footerRows = Math.min(footer, total);
  const lineRejects = Number(sums.refused)
    ? (
        await (
          await connection.runAndReadAll(
            `SELECT ${line} AS line, reason, CAST(subtotal_payable AS VARCHAR) AS amount, currency
              FROM report_lines WHERE NOT blank AND reason IS NOT NULL ORDER BY rowid`,
          )
        ).getRowObjects()
      ).map(
        (r): Rejected => ({
          line: Number(r.line),
          reason: String(r.reason),
          // The money the line carries, when it could be read (with its currency, when the line has one).
          ...(r.amount === null ? {} : { amount: String(r.amount) }),
          ...(r.amount === null || r.currency === null ? {} : { currency: String(r.currency) }),
        }),
      )
    : [];
  const rejected = [...parseRejects, ...lineRejects].sort((a, b) => a.line - b.line);
  const stored = Number(sums.stored);
  const skipped = Number(sums.blank) + footerRows;
  return {
    totals: {
      lines_read: stored + rejected.length + skipped,
      stored,
      rejected,
      skipped,
      amount_read: String(sums.amount_read),
      amount_stored: String(sums.amount_stored),
      amount_rejected: String(sums.amount_rejected),
      amounts_by_currency: byCurrency,
    },
    line,
    accepted,
  };
}

/**
 * The stored lines of a staged report as ledger rows (ledger/schema.ts), `expressions` giving
 * the columns that are not read from the report (the derived ones are NULL unless given).
 */
export function stagedLedgerRows(
  staged: StagedReport,
  importId: string | undefined,
  expressions: Partial<Record<LedgerColumn, string>> = {},
  from = 'report_lines',
): string {
  const derived = Object.fromEntries(DERIVED_COLUMNS.map((column) => [column, 'NULL']));
  return `SELECT ${ledgerProjection({ ...derived, import_id: literalOrNull(importId), line: staged.line, estimated: 'false', ...expressions })}
    FROM ${from} WHERE ${staged.accepted}`;
}

export async function readReport(
  connection: DuckDBConnection,
  file: string,
  map: RoyaltyMap,
  output: string,
  { importId }: { importId?: string } = {},
): Promise<ControlTotals> {
  const staged = await stageReport(connection, file, map);
  await connection.run(
    `COPY (${stagedLedgerRows(staged, importId)} ORDER BY rowid) TO ${literal(output)} (FORMAT parquet, COMPRESSION zstd)`,
  );
  await connection.run('DROP TABLE IF EXISTS report_lines');
  return staged.totals;
}
