import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { previewOf, PREVIEW_RECORDS } from '../../functions/catalogue-exchange/imports/pipeline.js';
import { mapColumns } from '../../functions/catalogue-exchange/imports/column-map.js';
import { fileKind, MAX_IMPORT_ROWS, readImportFile } from '../../functions/catalogue-exchange/imports/read-file.js';
import { csvDelimiter } from '../../shared/csv-rows.js';
import { readCell } from '../../functions/catalogue-exchange/releases/sheet-cells.js';
import { RELEASE_SHEET_COLUMNS } from '../../shared/catalogue-exchange/release-sheet.js';
import { releaseRows, sheetCsv, sheetJson, sheetXlsx } from '../support/release-sheet-file.js';

/** Import files: CSV, XLSX and JSON read alike, headers trimmed and lower-cased, cells by kind. */

const column = (key: string) => RELEASE_SHEET_COLUMNS.find((c) => c.key === key)!;

describe('import files', () => {
  it('reads the same rows from CSV, XLSX and JSON, keeping row numbers and dropping trailing blanks', async () => {
    const rows = releaseRows('Night Label', {}, 2);
    const fromCsv = await readImportFile('a.csv', sheetCsv(rows));
    const fromXlsx = await readImportFile('a.xlsx', await sheetXlsx(rows));
    const fromJson = await readImportFile('a.json', sheetJson(rows));
    for (const read of [fromCsv, fromXlsx, fromJson]) {
      expect(read.rows).toHaveLength(2);
      expect(read.rows[1]).toMatchObject({ upc: rows[1].upc, isrc: rows[1].isrc, position: '2', label: 'Night Label' });
    }
    expect(fromXlsx.rows).toEqual(fromCsv.rows);
    const blanks = await readImportFile('b.csv', Buffer.from(' UPC ,Release Title\n1,A\n,\n2,B\n,\n,\n'));
    expect(blanks.headers).toEqual(['upc', 'release title']);
    // The blank row in the middle stays, so row 4 of the sheet is rows[2].
    expect(blanks.rows.map((r) => r.upc)).toEqual(['1', '', '2']);
  });

  it('reads a CSV saved with semicolons or tabs as one saved with commas, a comma in a cell staying text', async () => {
    const expected = [{ upc: '1', 'release title': 'Smith, John: Live', price: '12,50' }];
    const semicolons = await readImportFile(
      'eu.csv',
      Buffer.from('\uFEFFUPC;Release Title;Price\r\n1;Smith, John: Live;12,50\r\n'),
    );
    const tabs = await readImportFile(
      'export.txt',
      Buffer.from('UPC\tRelease Title\tPrice\n1\tSmith, John: Live\t12,50\n'),
    );
    const commas = await readImportFile(
      'a.csv',
      Buffer.from('UPC,"Release Title; Deluxe",Price\n1,"Smith, John: Live","12,50"\n'),
    );
    expect(semicolons.rows).toEqual(expected);
    expect(tabs.rows).toEqual(expected);
    // Separators inside a quoted header are text: the file is still read with its commas.
    expect(commas.headers).toEqual(['upc', 'release title; deluxe', 'price']);
    expect(commas.rows[0]?.['release title; deluxe']).toBe('Smith, John: Live');
    expect(csvDelimiter('Payee\nAnn;Bob\n')).toBe(',');
  });

  it('tells the kind by name, else by the first bytes, and names an unreadable file', async () => {
    expect(fileKind('x', Buffer.from('PK\u0003\u0004'))).toBe('xlsx');
    expect(fileKind('x', Buffer.from(' [{"a":1}]'))).toBe('json');
    expect(fileKind('x', Buffer.from('a,b'))).toBe('csv');
    await expect(readImportFile('a.json', Buffer.from('{"not":"a list"}'))).rejects.toMatchObject({
      status: 400,
      errors: { file: ['A JSON file must be a list of objects, one per row'] },
    });
    await expect(readImportFile('a.xlsx', Buffer.from('nope'))).rejects.toMatchObject({
      errors: { file: ['The file could not be read as an XLSX workbook'] },
    });
  });

  it('refuses a JSON file nested too deeply and a binary file sent as CSV, naming the file, never a crash', async () => {
    // 100,000 levels inside one row overflowed the stack while parsing: the preview answered 500.
    const deep = `[{"title":${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}}]`;
    await expect(readImportFile('a.json', Buffer.from(deep))).rejects.toMatchObject({
      status: 400,
      errors: { file: ['The JSON file is nested too deeply (at most 64 levels): a row is one object of cells'] },
    });
    // A gzipped sheet named .csv read as rows of garbage columns.
    const { gzipSync } = await import('node:zlib');
    await expect(readImportFile('a.csv', gzipSync('Title,Artist\nA,Ada\n'))).rejects.toMatchObject({
      status: 400,
      errors: {
        file: [
          'The file could not be read as CSV: it holds binary data. Upload the sheet itself (CSV, XLSX or JSON), not compressed',
        ],
      },
    });
  });

  it('reads a track length Excel keeps as a time (typed 0:03:30) as HH:MM:SS, not as the day 1899-12-30', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Releases');
    sheet.addRow(['Length', 'Release date']);
    // Excel stores a time as a fraction of a day: 3 min 30 s is 210/86400 of day zero.
    const row = sheet.addRow([new Date(Date.UTC(1899, 11, 30, 0, 3, 30)), new Date(Date.UTC(2026, 0, 5))]);
    row.getCell(1).numFmt = 'h:mm:ss';
    const read = await readImportFile('a.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(read.rows).toEqual([{ length: '00:03:30', 'release date': '2026-01-05' }]);
  });

  it('joins JSON lists with the list separator and writes yes/no as Y/N', async () => {
    const read = await readImportFile('a.json', Buffer.from(JSON.stringify([{ Writers: ['A', 'B'], Explicit: true }])));
    expect(read.rows[0]).toEqual({ writers: 'A|B', explicit: 'Y' });
  });

  it('maps columns by the map, else by attribute name or label', () => {
    const attributes = [
      { name: 'release_title', label: 'Release title', required: true },
      { name: 'upc', label: 'UPC', required: true },
    ];
    expect(mapColumns(['release title', 'upc'], [{ 'release title': 'A', upc: '1' }], attributes)).toEqual([
      { release_title: 'A', upc: '1' },
    ]);
    expect(
      mapColumns(['name', 'barcode'], [{ name: 'A', barcode: '1' }], attributes, {
        Name: 'release_title',
        barcode: 'upc',
      }),
    ).toEqual([{ release_title: 'A', upc: '1' }]);
  });

  it('reads each cell by its column kind, naming the column in every error', () => {
    expect(readCell(column('upc'), '')).toEqual({ error: 'UPC is required' });
    expect(readCell(column('explicit'), 'yes')).toEqual({ value: true });
    expect(readCell(column('explicit'), 'maybe')).toEqual({ error: 'Explicit must be Y or N' });
    expect(readCell(column('release_date'), '2026-02-30')).toEqual({
      error: 'Release date must be a date (YYYY-MM-DD)',
    });
    expect(readCell(column('total_volumes'), '2')).toEqual({ value: 2 });
    expect(readCell(column('recording_year'), '1800')).toEqual({ error: 'Recording year must be a year' });
    expect(readCell(column('length'), '3:05')).toEqual({ value: '00:03:05' });
    expect(readCell(column('length'), '00:61:00')).toEqual({ error: 'Track length must be HH:MM:SS' });
    expect(readCell(column('writers'), ' A | | B ')).toEqual({ value: ['A', 'B'] });
    expect(readCell(column('writers'), ' | ')).toEqual({ error: 'Writers is required' });
  });

  const tooMany = { status: 400, errors: { file: ['The file has more than 50,000 rows; split it'] } };

  /** A workbook of `rows` numbered rows under one header, written as a stream (small: ~5 bytes a row zipped). */
  async function bigWorkbook(rows: number): Promise<Buffer> {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: false });
    const sheet = workbook.addWorksheet('Releases');
    sheet.addRow(['UPC']).commit();
    for (let n = 1; n <= rows; n += 1) sheet.addRow([n]).commit();
    await workbook.commit();
    return Buffer.concat(chunks);
  }

  it("refuses a file past 50,000 rows in the user's words, reading no further than the row past the limit", async () => {
    expect(MAX_IMPORT_ROWS).toBe(50_000);
    const csv = (rows: number, tail = '') => Buffer.from(`upc\n${'1\n'.repeat(rows)}${tail}`);
    expect((await readImportFile('a.csv', csv(MAX_IMPORT_ROWS))).rows).toHaveLength(MAX_IMPORT_ROWS);
    // Blank rows after the last one count for nothing; a filled row after them is refused with them.
    expect((await readImportFile('a.csv', csv(MAX_IMPORT_ROWS, ',\n'.repeat(10)))).rows).toHaveLength(MAX_IMPORT_ROWS);
    await expect(readImportFile('a.csv', csv(MAX_IMPORT_ROWS, '\n\n2\n'))).rejects.toMatchObject(tooMany);
    // A million rows (2 MB) is refused as soon as the row past the limit is read.
    const started = Date.now();
    await expect(readImportFile('a.csv', csv(1_000_000))).rejects.toMatchObject(tooMany);
    expect(Date.now() - started).toBeLessThan(5_000);
    await expect(
      readImportFile('a.json', Buffer.from(JSON.stringify(Array(MAX_IMPORT_ROWS + 1).fill({ upc: 1 })))),
    ).rejects.toMatchObject(tooMany);
  });

  it('streams a workbook of more than 50,000 rows and refuses it', async () => {
    const bytes = await bigWorkbook(MAX_IMPORT_ROWS + 1);
    expect(bytes.length).toBeLessThan(2_000_000);
    await expect(readImportFile('big.xlsx', bytes)).rejects.toMatchObject(tooMany);
  });

  it('previews the counts of the whole file and only its first errors, duplicates and good records', () => {
    const records = Array.from({ length: 3 * PREVIEW_RECORDS + 30 }, (_, i) => ({
      key: String(i),
      rows: [i + 2],
      label: `R${i}`,
      errors: i % 3 === 0 ? [{ row: i + 2, field: 'upc', message: 'UPC is required' }] : [],
      duplicate: i % 3 === 1 ? 'already in the catalogue' : undefined,
      notes: i % 3 === 2 ? [`New artist: A${i}`, 'New writer: Jo'] : ['Only of a record not written'],
    }));
    const rows = records.map(() => ({ upc: '1' }));
    const preview = previewOf('i', 'releases', { rows, records });
    expect(preview).toMatchObject({ valid: 110, invalid: 110, duplicates: 110, rows: 330, listed_all: false });
    expect(preview.records.filter((r) => r.errors.length)).toHaveLength(PREVIEW_RECORDS);
    expect(preview.records.filter((r) => r.duplicate && !r.errors.length)).toHaveLength(PREVIEW_RECORDS);
    expect(preview.records).toHaveLength(3 * PREVIEW_RECORDS);
    expect(preview.left_out).toBe(30);
    // Notes come only from records that will be written, once each, at most PREVIEW_RECORDS of them.
    expect(preview.notes).toHaveLength(PREVIEW_RECORDS);
    expect(preview.notes).toContain('New writer: Jo');
    expect(preview.notes).not.toContain('Only of a record not written');
    const small = previewOf('i', 'releases', { rows: rows.slice(0, 3), records: records.slice(0, 3) });
    expect(small).toMatchObject({ listed_all: true, left_out: 0, notes: ['New artist: A2', 'New writer: Jo'] });
  });

  it('reads a Windows-1252 or UTF-16 sheet as it shows in a spreadsheet, and refuses a character already lost', async () => {
    const sheet = 'Artist,Title\nBeyoncé,Café “Noir” €\n';
    const expected = [{ artist: 'Beyoncé', title: 'Café “Noir” €' }];
    const utf16be = Buffer.from(sheet, 'utf16le').swap16();
    for (const bytes of [
      Buffer.from(new TextEncoder().encode(sheet)),
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(sheet)]),
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(sheet, 'utf16le')]),
      Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be]),
      // UTF-16 saved without its byte order mark: read as UTF-8, every name had a NUL between its letters.
      Buffer.from(sheet, 'utf16le'),
      utf16be,
      // Windows-1252: é = E9, “ ” = 93 94, € = 80.
      Buffer.from([
        ...Buffer.from('Artist,Title\nBeyonc'),
        0xe9,
        ...Buffer.from(',Caf'),
        0xe9,
        0x20,
        0x93,
        ...Buffer.from('Noir'),
        0x94,
        0x20,
        0x80,
        0x0a,
      ]),
    ]) {
      const read = await readImportFile('a.csv', bytes);
      expect(read.headers).toEqual(['artist', 'title']);
      expect(read.rows).toEqual(expected);
      expect(JSON.stringify(read.rows)).not.toContain('\uFFFD');
    }
    await expect(readImportFile('a.csv', Buffer.from('Artist\nOk\nBeyonc\uFFFD\n'))).rejects.toMatchObject({
      status: 400,
      errors: {
        file: [
          'Row 3 (artist) holds a character that was lost before the file was saved (shown as \uFFFD); type it again and save the file as UTF-8',
        ],
      },
    });
    const latin1Json = Buffer.from(JSON.stringify([{ Artist: 'Beyoncé' }]), 'latin1');
    expect((await readImportFile('a.json', latin1Json)).rows).toEqual([{ artist: 'Beyoncé' }]);
  });
});
