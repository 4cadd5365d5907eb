/**
 * Every file the product sends out that a spreadsheet may open (statement CSVs, catalogue exports,
 * bank files) writes its text cells through here. A cell starting with = + - @ (or a tab or carriage
 * return, which spreadsheets skip before reading one of those) would be run as a formula by Excel,
 * LibreOffice or Google Sheets: text from a distributor's report such as `=HYPERLINK(…)` or
 * `=cmd|' /C calc'!A0` would reach a payee's machine. Such a cell is prefixed with an apostrophe
 * (OWASP's rule for CSV injection), which spreadsheets show as text.
 *
 * A plain number ("-2.50", "+3") is left as it is, so figures stay machine-readable.
 */
/** The characters a formula starts with, as above. */
const FORMULA_START = '=+-@\t\r';
/** A plain number: the same pattern in JavaScript and in DuckDB's SQL (it holds no quote). */
const PLAIN_NUMBER = '^[+-]?[0-9]+(\\.[0-9]+)?$';
const plainNumber = new RegExp(PLAIN_NUMBER);
/** FORMULA_START's code points, as the SQL compares them with `ord`. */
const FORMULA_START_CODES = [...FORMULA_START].map((character) => character.codePointAt(0)).join(', ');

export function spreadsheetSafe(text: string): string {
  return text !== '' && FORMULA_START.includes(text[0]) && !plainNumber.test(text) ? `'${text}` : text;
}

/** A cell as it was before spreadsheetSafe: for reading back a file the product wrote, to show or compare its text. */
export function spreadsheetText(cell: string): string {
  const text = cell.slice(1);
  return cell.startsWith("'") && spreadsheetSafe(text) === cell ? text : cell;
}

/**
 * The same rule as DuckDB SQL over a text column, for CSVs DuckDB writes itself (COPY … TO). The first character is
 * read with `ord` (its code point, -1 for an empty text) rather than a regular expression: a statement run applies
 * this to eight columns of every line it states, and over 160 million cells the regular expression took twice the
 * CPU (6.9 s against 3.5 s). The plain-number look stays a regular expression: it runs only on the few cells that
 * start with one of those characters.
 */
export function spreadsheetSafeSql(column: string): string {
  return `CASE WHEN ord(${column}) IN (${FORMULA_START_CODES}) AND NOT regexp_matches(${column}, '${PLAIN_NUMBER}') THEN '''' || ${column} ELSE ${column} END`;
}
