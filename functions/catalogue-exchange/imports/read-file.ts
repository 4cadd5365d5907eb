import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { LIST_SEPARATOR } from '../../../shared/catalogue-exchange/release-sheet.js';
import { InvalidField } from '../../lib/errors.js';

/**
 * Reads an import file into rows of text keyed by header: CSV, XLSX (its first
 * sheet) or JSON (an array of objects). Headers are trimmed and lower-cased. Every row is kept, a
 * blank one too, so `rows[i]` is always spreadsheet row `i + 2` and errors name the row the user
 * sees; only trailing blank rows are dropped.
 */
export type FileRows = { headers: string[]; rows: Record<string, string>[] };

export type ImportFileKind = 'csv' | 'xlsx' | 'json';

const FILE_FIELD = 'file';
const unreadable = (kind: string) => new InvalidField(FILE_FIELD, `The file could not be read as ${kind}`);

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

function readCsv(bytes: Buffer): FileRows {
  let records: string[][];
  try {
    records = parse(bytes, { bom: true, relax_column_count: true, skip_empty_lines: false, trim: true });
  } catch {
    throw unreadable('CSV');
  }
  const [head = [], ...body] = records;
  const headers = head.map(header);
  const rows = body.map((cells) => Object.fromEntries(headers.map((h, i) => [h, cells[i] ?? ''])));
  return { headers, rows: withoutTrailingBlanks(rows) };
}

/** A cell of a workbook as the user sees it: dates as YYYY-MM-DD, formulas as their result. */
function xlsxCell(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('result' in value) return xlsxCell(value.result as ExcelJS.CellValue);
    if ('richText' in value) return value.richText.map((t) => t.text).join('');
    if ('text' in value) return String(value.text);
    return '';
  }
  return String(value).trim();
}

async function readXlsx(bytes: Buffer): Promise<FileRows> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw unreadable('an XLSX workbook');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return { headers: [], rows: [] };
  const headers: string[] = [];
  sheet.getRow(1).eachCell({ includeEmpty: true }, (cell, column) => {
    headers[column - 1] = header(xlsxCell(cell.value));
  });
  const rows: Record<string, string>[] = [];
  for (let n = 2; n <= sheet.rowCount; n += 1) {
    const row = sheet.getRow(n);
    rows.push(Object.fromEntries(headers.map((h, i) => [h, xlsxCell(row.getCell(i + 1).value)])));
  }
  return { headers: headers.map((h) => h ?? ''), rows: withoutTrailingBlanks(rows) };
}

function readJson(bytes: Buffer): FileRows {
  let data: unknown;
  try {
    data = JSON.parse(bytes.toString('utf8').replace(/^\uFEFF/, ''));
  } catch {
    throw unreadable('JSON');
  }
  if (!Array.isArray(data) || data.some((r) => typeof r !== 'object' || r === null || Array.isArray(r)))
    throw new InvalidField(FILE_FIELD, 'A JSON file must be a list of objects, one per row');
  const headers = [...new Set(data.flatMap((r: object) => Object.keys(r).map(header)))];
  const rows = data.map((r: Record<string, unknown>) => {
    const cells = Object.fromEntries(Object.entries(r).map(([k, v]) => [header(k), cellText(v)]));
    return Object.fromEntries(headers.map((h) => [h, cells[h] ?? '']));
  });
  return { headers, rows: withoutTrailingBlanks(rows) };
}

/** The rows of an import file. A file that cannot be read is a 400 naming the file. */
export async function readImportFile(filename: string, bytes: Buffer): Promise<FileRows> {
  const kind = fileKind(filename, bytes);
  if (kind === 'xlsx') return readXlsx(bytes);
  if (kind === 'json') return readJson(bytes);
  return readCsv(bytes);
}
