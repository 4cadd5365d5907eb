import { describe, expect, it } from 'vitest';
import { mapColumns } from '../../functions/catalogue-exchange/imports/column-map.js';
import { fileKind, readImportFile } from '../../functions/catalogue-exchange/imports/read-file.js';
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
});
