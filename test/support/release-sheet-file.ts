import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import { gtinCheckDigit } from '../../shared/identifiers.js';
import { RELEASE_SHEET_COLUMNS, type ReleaseSheetRow } from '../../shared/catalogue-exchange/release-sheet.js';

/** Release sheet files for import tests: rows, and the same rows as CSV, XLSX or JSON. */

const unique = () => Math.random().toString(36).slice(2, 8);
const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');

/** A fresh valid UPC-A. */
export function freshUpc(): string {
  const body = digits(11);
  return `${body}${gtinCheckDigit(body)}`;
}

/** The n-th valid 13-digit UPC/EAN of a generated catalogue (benchmarks: codes that never repeat). */
export function upcOf(n: number): string {
  const body = `50600${String(n).padStart(7, '0')}`;
  return `${body}${gtinCheckDigit(body)}`;
}

/** The n-th ISRC of a generated catalogue: country GB, registrant XBE, year 26. */
export const isrcOf = (n: number): string => `GBXBE26${String(n).padStart(5, '0')}`;

/** A fresh ISRC (a registrant code nobody else uses in the tests). */
export const freshIsrc = () =>
  `GB${unique()
    .slice(0, 3)
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, 'X')}26${digits(5)}`;

/** The rows of one release with `tracks` recordings, every required column filled. */
export function releaseRows(label: string, overrides: Partial<ReleaseSheetRow> = {}, tracks = 2): ReleaseSheetRow[] {
  const upc = overrides.upc ?? freshUpc();
  const title = overrides.release_title ?? `Imported ${unique()}`;
  return Array.from({ length: tracks }, (_, i) => {
    const row = Object.fromEntries(RELEASE_SHEET_COLUMNS.map((c) => [c.key, ''])) as ReleaseSheetRow;
    return Object.assign(row, {
      release_title: title,
      upc,
      cat_no: `CAT-${unique()}`,
      label,
      primary_artists: 'Mira Vale',
      release_date: '2026-12-04',
      original_release_date: '2026-12-04',
      primary_genre: 'Pop',
      c_line: '2026 Northern Lights Records',
      p_line: '2026 Northern Lights Records',
      explicit: 'N',
      format: 'Digital',
      total_volumes: '1',
      territories: 'WW',
      metadata_language: 'English',
      disc_number: '1',
      position: String(i + 1),
      isrc: freshIsrc(),
      track_title: `${title} track ${i + 1}`,
      track_primary_artists: 'Mira Vale',
      track_primary_genre: 'Pop',
      audio_language: 'English',
      album_only: 'N',
      explicit_lyrics: 'N',
      writers: `Writer ${unique()}`,
      publishers: 'Copyright Control',
      length: '00:03:30',
      ...overrides,
      // One cat_no per release, not per row.
    });
  }).map((row, _, all) => ({ ...row, cat_no: overrides.cat_no ?? all[0].cat_no }));
}

const header = RELEASE_SHEET_COLUMNS.map((c) => c.key);

export const sheetCsv = (rows: readonly ReleaseSheetRow[]) =>
  Buffer.from(stringify([header, ...rows.map((r) => header.map((h) => r[h as keyof ReleaseSheetRow]))]));

export const sheetJson = (rows: readonly ReleaseSheetRow[]) => Buffer.from(JSON.stringify(rows));

export async function sheetXlsx(rows: readonly ReleaseSheetRow[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Releases');
  sheet.addRow(header);
  for (const r of rows) sheet.addRow(header.map((h) => r[h as keyof ReleaseSheetRow]));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
