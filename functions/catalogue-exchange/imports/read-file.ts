import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import type ExcelJS from 'exceljs';
import { LIST_SEPARATOR } from '../../../shared/catalogue-exchange/release-sheet.js';
import { csvDelimiter } from '../../../shared/csv-rows.js';
import { InvalidField } from '../../lib/errors.js';
import { jsonDepth, MAX_JSON_DEPTH } from '../../lib/json-depth.js';
import { decodeText, REPLACEMENT_CHARACTER } from '../../../shared/text-encoding.js';
import { workbookReader } from '../../lib/workbook-reader.js';

/**
 * Reads an import file into rows of text keyed by header: CSV, XLSX (its first
 * sheet) or JSON (an array of objects). Headers are trimmed and lower-cased. Every row is kept, a
 * blank one too, so `rows[i]` is always spreadsheet row `i + 2` and errors name the row the user
 * sees; only trailing blank rows are dropped.
 *
 * A file holds at most MAX_IMPORT_ROWS rows. Every kind is read row by row and reading stops at the
 * first row past the limit, so a file of a million rows is refused after reading 50,001 of them and
 * the memory an import takes is bounded by the limit, not by the file (a 15 MB workbook of a million
 * rows had grown past 4 GB when it was read whole).
 */
export type FileRows = { headers: string[]; rows: Record<string, string>[] };

export type ImportFileKind = 'csv' | 'xlsx' | 'json';

const FILE_FIELD = 'file';
const unreadable = (kind: string) => new InvalidField(FILE_FIELD, `The file could not be read as ${kind}`);

const lostCharacter = (row: number, column: string) =>
  new InvalidField(
    FILE_FIELD,
    `Row ${row}${column ? ` (${column})` : ''} holds a character that was lost before the file was saved (shown as ${REPLACEMENT_CHARACTER}); type it again and save the file as UTF-8`,
  );

/** The most rows one catalogue import reads: what one import worker plans and writes within its memory. */
export const MAX_IMPORT_ROWS = 50_000;
const tooManyRows = () =>
  new InvalidField(FILE_FIELD, `The file has more than ${MAX_IMPORT_ROWS.toLocaleString('en-GB')} rows; split it`);

/** The kind of a file from its name, else its first bytes (an XLSX workbook is a zip). */
export function fileKind(filename: string, bytes: Buffer): ImportFileKind {
  const ext = /\.([a-z]+)$/i.exec(filename)?.[1]?.toLowerCase();
  if (ext === 'xlsx') return 'xlsx';
  if (ext === 'json') return 'json';
  if (ext === 'csv' || ext === 'txt') return 'csv';
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) return 'xlsx';
  const first = bytes
    .toString('utf8', 0, 64)
    .replace(/^\uFEFF/, '')
    .trimStart();
  return first.startsWith('[') ? 'json' : 'csv';
}

const header = (name: unknown) =>
  String(name ?? '')
    .trim()
    .toLowerCase();

/** A JSON cell as text: lists joined like the sheet's list columns, yes/no as Y/N. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(cellText).join(LIST_SEPARATOR);
  if (typeof value === 'boolean') return value ? 'Y' : 'N';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value).trim();
}

const isBlank = (row: Record<string, string>) => Object.values(row).every((v) => v === '');

/** Whether every cell of a row is empty (importers skip such rows; their numbers still count). */
export const isBlankRow = isBlank;

function withoutTrailingBlanks(rows: Record<string, string>[]): Record<string, string>[] {
  let end = rows.length;
  while (end > 0 && isBlank(rows[end - 1])) end -= 1;
  return rows.slice(0, end);
}

/**
 * The body rows of a file as they are read, refusing the first non-blank row past the limit. Blank
 * rows past it are dropped unkept (trailing blanks are dropped anyway; one followed by a filled row
 * is refused with it), so a sheet formatted down to its millionth row costs nothing.
 */
class BoundedRows {
  private readonly rows: Record<string, string>[] = [];
  constructor(private readonly headers: readonly string[]) {}

  private blank(): Record<string, string> {
    return Object.fromEntries(this.headers.filter(Boolean).map((h) => [h, '']));
  }

  /** The row at body index `index` (0 is spreadsheet row 2); a gap before it is filled with blank rows. */
  add(row: Record<string, string>, index = this.rows.length): void {
    if (index >= MAX_IMPORT_ROWS) {
      if (!isBlank(row)) throw tooManyRows();
      return;
    }
    while (this.rows.length < index) this.rows.push(this.blank());
    this.rows.push(row);
  }

  /** The row of cells under the headers; a column without a header is never imported, so it is not kept. */
  addCells(cells: readonly string[], index = this.rows.length): void {
    const row: Record<string, string> = {};
    this.headers.forEach((h, i) => {
      const cell = cells[i] ?? '';
      // U+FFFD is a character lost before the file was saved (or a wrong encoding upstream): stored, it
      // would show as "Beyonc�" on every page and in every delivery, so the user fixes the cell first.
      if (cell.includes(REPLACEMENT_CHARACTER)) throw lostCharacter(index + 2, h);
      if (h) row[h] = cell;
    });
    this.add(row, index);
  }

  result(): FileRows {
    return { headers: [...this.headers], rows: withoutTrailingBlanks(this.rows) };
  }
}

/** A file as a stream of small pieces: a parser given the whole file at once parses it all before stopping. */
function pieces(file: Buffer | string): Readable {
  const PIECE = 64 * 1024;
  return Readable.from(
    (function* () {
      for (let at = 0; at < file.length; at += PIECE)
        yield typeof file === 'string' ? file.slice(at, at + PIECE) : file.subarray(at, at + PIECE);
    })(),
  );
}

/**
 * A CSV in any encoding (text-encoding.ts): a Windows "CSV" of accented names reads as it shows in Excel, and one
 * saved with semicolons or tabs reads as one saved with commas.
 */
async function readCsv(bytes: Buffer): Promise<FileRows> {
  const text = decodeText(bytes);
  // A NUL is in no text a spreadsheet saves: this is a compressed file or a workbook under another name.
  if (text.includes('\u0000'))
    throw new InvalidField(
      FILE_FIELD,
      'The file could not be read as CSV: it holds binary data. Upload the sheet itself (CSV, XLSX or JSON), not compressed',
    );
  const parser = pieces(text).pipe(
    parse({ bom: true, relax_column_count: true, skip_empty_lines: false, trim: true, delimiter: csvDelimiter(text) }),
  );
  let rows: BoundedRows | undefined;
  try {
    for await (const cells of parser as AsyncIterable<string[]>) {
      if (rows) rows.addCells(cells);
      else rows = new BoundedRows(cells.map(header));
    }
  } catch (error) {
    if (error instanceof InvalidField) throw error;
    throw unreadable('CSV');
  } finally {
    parser.destroy();
  }
  return rows ? rows.result() : { headers: [], rows: [] };
}

/**
 * Excel's day zero: a cell holding a time and no date (a track length typed 0:03:30, which Excel makes a time) is
 * that day at that time.
 */
const EXCEL_DAY_ZERO = '1899-12-30';

/**
 * A cell of a workbook as the user sees it: dates as YYYY-MM-DD, times of day zero as HH:MM:SS (read as a date,
 * a length typed 0:03:30 was "1899-12-30" and refused as not HH:MM:SS), formulas as their result.
 */
function xlsxCell(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const iso = value.toISOString();
    // Rounded to the second: a time Excel stores as a fraction of a day comes back a millisecond off.
    if (iso.startsWith(EXCEL_DAY_ZERO))
      return new Date(Math.round(value.getTime() / 1000) * 1000).toISOString().slice(11, 19);
    return iso.slice(0, 10);
  }
  if (typeof value === 'object') {
    if ('result' in value) return xlsxCell(value.result as ExcelJS.CellValue);
    if ('richText' in value) return value.richText.map((t) => t.text).join('');
    if ('text' in value) return String(value.text);
    return '';
  }
  return String(value).trim();
}

/** The cells of a streamed workbook row, column A first. */
function xlsxCells(row: ExcelJS.Row): string[] {
  const cells: string[] = [];
  row.eachCell({ includeEmpty: false }, (cell, column) => {
    cells[column - 1] = xlsxCell(cell.value);
  });
  return Array.from(cells, (c) => c ?? '');
}

/**
 * The first sheet of a workbook, streamed row by row: the workbook is never held whole, and reading
 * stops at the first row past the limit.
 */
async function readXlsx(bytes: Buffer): Promise<FileRows> {
  // A workbook is a zip archive; the streaming reader finds no sheet in anything else and says nothing.
  if (bytes[0] !== 0x50 || bytes[1] !== 0x4b) throw unreadable('an XLSX workbook');
  let sheets = 0;
  const reader = workbookReader(pieces(bytes), {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  let rows: BoundedRows | undefined;
  try {
    for await (const sheet of reader) {
      sheets += 1;
      for await (const row of sheet) {
        if (!rows) {
          // The header is row 1; a sheet whose first rows are empty has no header.
          rows = new BoundedRows(row.number === 1 ? xlsxCells(row).map(header) : []);
          if (row.number === 1) continue;
        }
        rows.addCells(xlsxCells(row), row.number - 2);
      }
      break;
    }
  } catch (error) {
    if (error instanceof InvalidField) throw error;
    throw unreadable('an XLSX workbook');
  }
  if (!sheets) throw unreadable('an XLSX workbook');
  return rows ? rows.result() : { headers: [], rows: [] };
}

/**
 * How many values a JSON array holds at its top level, counted over the text without parsing it,
 * so a list of a million objects is refused before it is built.
 */
function topLevelCount(text: string): number {
  let depth = 0;
  let count = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i += 1;
      else if (c === 0x22) inString = false;
      continue;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (depth === 1) count += 1;
      depth += 1;
    } else if (c === 0x5d || c === 0x7d) depth -= 1;
  }
  return count;
}

function readJson(bytes: Buffer): FileRows {
  const text = decodeText(bytes);
  if (topLevelCount(text) > MAX_IMPORT_ROWS) throw tooManyRows();
  // Measured over the text before it is parsed: a row nested 100,000 levels deep overflowed the stack (a 500).
  if (jsonDepth(text) > MAX_JSON_DEPTH)
    throw new InvalidField(
      FILE_FIELD,
      `The JSON file is nested too deeply (at most ${MAX_JSON_DEPTH} levels): a row is one object of cells`,
    );
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw unreadable('JSON');
  }
  if (!Array.isArray(data) || data.some((r) => typeof r !== 'object' || r === null || Array.isArray(r)))
    throw new InvalidField(FILE_FIELD, 'A JSON file must be a list of objects, one per row');
  const headers = [...new Set(data.flatMap((r: object) => Object.keys(r).map(header)))];
  const rows = new BoundedRows(headers);
  for (const r of data as Record<string, unknown>[]) {
    const cells = Object.fromEntries(Object.entries(r).map(([k, v]) => [header(k), cellText(v)]));
    rows.addCells(headers.map((h) => cells[h] ?? ''));
  }
  return rows.result();
}

/** The rows of an import file. A file that cannot be read is a 400 naming the file. */
export async function readImportFile(filename: string, bytes: Buffer): Promise<FileRows> {
  const kind = fileKind(filename, bytes);
  if (kind === 'xlsx') return readXlsx(bytes);
  if (kind === 'json') return readJson(bytes);
  return readCsv(bytes);
}
