import { RELEASE_SHEET_COLUMNS } from '../../../../shared/catalogue-exchange/release-sheet';
import type { ImportPreviewAnswer } from '../../../../shared/schemas/catalogue-import-views';

/** The pure rules of the data management pages: what a preview shows, and how far an import is. */

const LABELS = new Map<string, string>(RELEASE_SHEET_COLUMNS.map((c) => [c.key, c.label]));

/** A column's name in the user's words ("upc" → "UPC"); an unknown one as it is. */
const fieldLabel = (field: string) => LABELS.get(field) ?? field;

export type PreviewLine = { id: string; row: number; field: string; message: string; record: string };

/** Every error of a preview, one line each, by row: none is left out. */
export function previewErrorLines(preview: ImportPreviewAnswer): PreviewLine[] {
  return preview.records
    .flatMap((r) =>
      r.errors.map((e, i) => ({
        id: `${r.key}-${i}`,
        row: e.row,
        field: fieldLabel(e.field),
        message: e.message,
        record: r.label,
      })),
    )
    .sort((a, b) => a.row - b.row);
}

/** The records a preview reports as duplicates (not written). */
export const previewDuplicates = (preview: ImportPreviewAnswer) =>
  preview.records.filter((r) => r.duplicate && !r.errors.length);

/**
 * Whether a preview shows only the first of its errors or duplicates (a large file's preview carries
 * its first ones and the counts of all), said in the user's words.
 */
export function previewShownPart(preview: { listed_all?: boolean }): string | undefined {
  if (preview.listed_all !== false) return undefined;
  return 'Only the first errors and duplicates are listed; fix them and upload the file again to see the rest.';
}

/** A whole percent of the records written. */
export function importPercent(done: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.floor((done / total) * 100));
}

export const IMPORT_ACCEPT = '.csv,.xlsx,.json,text/csv,application/json';

/** The content type to send for a file the browser may leave untyped. */
export function importContentType(file: { name: string; type: string }): string {
  const ext = /\.([a-z]+)$/i.exec(file.name)?.[1]?.toLowerCase();
  if (ext === 'xlsx') return 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  if (ext === 'json') return 'application/json';
  if (ext === 'csv') return 'text/csv';
  return file.type || 'text/csv';
}

/** Why a chosen file cannot be imported, if it cannot. */
export function importFileProblem(file: { name: string; size: number }): string | undefined {
  if (!/\.(csv|xlsx|json)$/i.test(file.name)) return 'Choose a CSV, XLSX or JSON file';
  if (file.size === 0) return 'The file is empty';
  if (file.size > 100 * 1024 * 1024) return 'The file is larger than 100 MB';
  return undefined;
}
