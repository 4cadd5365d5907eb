import { stringify } from 'csv-stringify/sync';
import { spreadsheetSafe } from '../../shared/spreadsheet-safe.js';

/**
 * CSV rows with every text cell safe to open in a spreadsheet (a title, name or comment typed as `=…` stays
 * text): the one writer for the CSV files the product sends out. `windows` ends records with CRLF.
 */
export function safeCsv(rows: unknown[][], options: { windows?: boolean } = {}): string {
  return stringify(rows, {
    cast: { string: spreadsheetSafe },
    ...(options.windows ? { record_delimiter: 'windows' as const } : {}),
  });
}
