import ExcelJS from 'exceljs';
import { RELEASE_SHEET_COLUMNS, type ReleaseSheetRow } from '../../../shared/catalogue-exchange/release-sheet.js';
import { spreadsheetSafe } from '../../../shared/spreadsheet-safe.js';
import { tenantLabelSummaries } from '../../catalogue/labels.js';
import { safeCsv } from '../../lib/safe-csv.js';

/** The formats the release sheet is read in, and so the formats its template comes in. */
export const TEMPLATE_FORMATS = ['csv', 'xlsx', 'json'] as const;
export type TemplateFormat = (typeof TEMPLATE_FORMATS)[number];

/**
 * The release sheet's example: one release of one track with every column the import needs filled the way
 * it reads them (lists split by "|", dates as YYYY-MM-DD, yes/no as Y/N, WW for the world). It names the
 * company's first label, so once the user puts in codes of their own it previews without an error.
 */
function exampleRow(label: string): ReleaseSheetRow {
  const row = Object.fromEntries(RELEASE_SHEET_COLUMNS.map((c) => [c.key, ''])) as ReleaseSheetRow;
  return Object.assign(row, {
    release_title: 'Night Drive',
    upc: '5012345678900',
    cat_no: '',
    label,
    primary_artists: 'Mira Vale',
    featured_artists: '',
    release_date: '2027-03-05',
    original_release_date: '2027-03-05',
    primary_genre: 'Pop',
    c_line: `2027 ${label}`,
    p_line: `2027 ${label}`,
    explicit: 'N',
    format: 'Digital',
    total_volumes: '1',
    territories: 'WW',
    metadata_language: 'English',
    disc_number: '1',
    position: '1',
    isrc: 'GBXXX2700001',
    track_title: 'Night Drive',
    track_primary_artists: 'Mira Vale',
    track_primary_genre: 'Pop',
    audio_language: 'English',
    album_only: 'N',
    explicit_lyrics: 'N',
    writers: 'Mira Vale (Composer)|Jon Hale (Lyricist)',
    publishers: 'Copyright Control',
    length: '00:03:30',
  } satisfies Partial<ReleaseSheetRow>);
}

const CONTENT_TYPES: Record<TemplateFormat, string> = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  json: 'application/json',
};

/** The release sheet's header and its example row in `format`, as the import reads that format back. */
export async function releaseSheetTemplate(
  tenantId: string,
  format: TemplateFormat,
): Promise<{ filename: string; content_type: string; data: string }> {
  const [first] = await tenantLabelSummaries(tenantId);
  const row = exampleRow(first?.name ?? 'Your label');
  const header = RELEASE_SHEET_COLUMNS.map((c) => c.key);
  const cells = header.map((key) => row[key]);
  let bytes: Buffer;
  if (format === 'json') bytes = Buffer.from(JSON.stringify([row], null, 2));
  else if (format === 'csv') bytes = Buffer.from(safeCsv([header, cells]));
  else {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Releases');
    sheet.addRow(header);
    // Every cell as text: a UPC or an ISRC must not become a number, a date must stay as written.
    sheet.addRow(cells.map(spreadsheetSafe));
    sheet.columns.forEach((column) => {
      column.numFmt = '@';
    });
    bytes = Buffer.from(await workbook.xlsx.writeBuffer());
  }
  return {
    filename: `release-sheet-template.${format}`,
    content_type: CONTENT_TYPES[format],
    data: bytes.toString('base64'),
  };
}
