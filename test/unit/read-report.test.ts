import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoyaltyMap } from '../../shared/schemas/royalty-map.js';
import { readReport } from '../../functions/royalties/import/read-report.js';

/** Reading sales reports into the ledger: formats, normalisation and control totals. */
let dir: string;
let db: DuckDBConnection;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'report-'));
  db = await (await DuckDBInstance.create(':memory:')).connect();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const STORE_MAP: RoyaltyMap = {
  columns: {
    isrc: 'ISRC',
    upc: 'UPC',
    song: 'Track',
    artist: 'Artist',
    territory: 'Country',
    quantity: 'Units',
    subtotal_payable: 'Net',
    subtotal_payable_currency: 'Currency',
    pay_period: 'Period',
  },
  constants: { retailer: 'Spotify' },
};

async function parquetRows(file: string) {
  const rows = await (
    await db.runAndReadAll(
      `SELECT line, isrc, upc, song, territory, quantity, currency, CAST(subtotal_payable AS VARCHAR) AS amount, pay_period, retailer FROM read_parquet('${file}') ORDER BY line`,
    )
  ).getRowObjects();
  return rows.map(
    (row): Record<string, unknown> => ({
      ...row,
      line: Number(row.line),
      quantity: row.quantity === null ? null : Number(row.quantity),
    }),
  );
}

describe('reading a sales report', () => {
  it('reads a CSV with a BOM, CRLF and quoted delimiters and newlines, and normalises each line', async () => {
    const csv =
      '\uFEFFISRC,UPC,Track,Artist,Country,Units,Net,Currency,Period\r\n' +
      'gb-aaa-05-00001,36000291452,"Song, with a comma",Ada,gb,3,0.012345,GBP,2026-01\r\n' +
      'GBAAA0500002,036000291452,"Two\r\nlines",Bo,DE,1,1.50,EUR,202602\r\n';
    const file = path.join(dir, 'store.csv');
    writeFileSync(file, csv);
    const out = path.join(dir, 'store.parquet');
    const totals = await readReport(db, file, STORE_MAP, out);
    expect(totals).toMatchObject({
      lines_read: 2,
      stored: 2,
      rejected: [],
      skipped: 0,
      amount_read: '1.512345',
      amount_stored: '1.512345',
      amount_rejected: '0.000000',
      // The report mixes currencies: each keeps its own amounts, never added to another's.
      amounts_by_currency: [
        { currency: 'EUR', read: '1.500000', stored: '1.500000', rejected: '0.000000' },
        { currency: 'GBP', read: '0.012345', stored: '0.012345', rejected: '0.000000' },
      ],
    });
    const rows = await parquetRows(out);
    expect(
      rows.map((r) => [
        r.line,
        r.isrc,
        r.upc,
        r.song,
        r.territory,
        Number(r.quantity),
        r.currency,
        r.amount,
        r.pay_period,
        r.retailer,
      ]),
    ).toEqual([
      [2, 'GBAAA0500001', '036000291452', 'Song, with a comma', 'GB', 3, 'GBP', '0.012345', '2026-01', 'Spotify'],
      [3, 'GBAAA0500002', '036000291452', 'Two\r\nlines', 'DE', 1, 'EUR', '1.500000', '2026-02', 'Spotify'],
    ]);
  });

  it('keeps control totals on broken lines: read = stored + rejected (with line and reason) + skipped, amounts to the cent', async () => {
    const csv = [
      'ISRC,UPC,Track,Artist,Country,Units,Net,Currency,Period',
      'GBAAA0500001,1,A,Ada,GB,1,10.00,GBP,2026-01',
      'GBAAA0500002,2,B,Ada,GB,1,abc,GBP,2026-01',
      'GBAAA0500003,3,C,Ada,GB,1,2.50,GBP,not a period',
      'GBAAA0500004,4,D,Ada,GB,1,3.25,GBP,2026-01,extra,columns',
      ',,,,,,,,',
      'GBAAA0500005,5,E,Ada,GB,x,1.00,GBP,03/2026',
      'GBAAA0500006,6,F,Ada,GB,2,4.75,GBP,03/2026',
      'Total,,,,,,21.50,,',
    ].join('\n');
    const file = path.join(dir, 'broken.csv');
    writeFileSync(file, csv);
    const totals = await readReport(db, file, { ...STORE_MAP, skip_footer_rows: 1 }, path.join(dir, 'broken.parquet'));
    expect(totals.rejected.map((r) => [r.line, r.reason.split(':')[0]])).toEqual([
      [3, 'The amount is not a number'],
      [4, 'No pay period, or not one of YYYY-MM, YYYYMM, MM/YYYY'],
      [5, 'The line has more columns than the header'],
      [7, 'The quantity is not a whole number'],
    ]);
    expect(totals).toMatchObject({
      stored: 2,
      skipped: 2,
      amount_stored: '14.750000',
      amount_rejected: '3.500000',
      amount_read: '18.250000',
      amounts_by_currency: [{ currency: 'GBP', read: '18.250000', stored: '14.750000', rejected: '3.500000' }],
    });
    expect(totals.lines_read).toBe(totals.stored + totals.rejected.length + totals.skipped);
  });

  it('reads decimal-comma semicolon files, tab-separated files and gzipped reports', async () => {
    const semicolon = path.join(dir, 'comma.csv');
    writeFileSync(
      semicolon,
      'ISRC;UPC;Track;Artist;Country;Units;Net;Currency;Period\nGBAAA0500001;1;A;Ada;FR;2;1.234,56;EUR;2026-04\n',
    );
    const comma = await readReport(
      db,
      semicolon,
      { ...STORE_MAP, delimiter: ';', decimal: 'comma' },
      path.join(dir, 'comma.parquet'),
    );
    expect(comma).toMatchObject({ stored: 1, amount_stored: '1234.560000' });

    const tsv = path.join(dir, 'store.tsv');
    writeFileSync(
      tsv,
      'ISRC\tUPC\tTrack\tArtist\tCountry\tUnits\tNet\tCurrency\tPeriod\nGBAAA0500001\t1\tA\tAda\tUS\t1\t0.004\tUSD\t2026-05\n',
    );
    expect(await readReport(db, tsv, { ...STORE_MAP, delimiter: '\t' }, path.join(dir, 'tsv.parquet'))).toMatchObject({
      stored: 1,
      amount_stored: '0.004000',
    });

    const gz = path.join(dir, 'store.csv.gz');
    writeFileSync(
      gz,
      gzipSync('ISRC,UPC,Track,Artist,Country,Units,Net,Currency,Period\nGBAAA0500001,1,A,Ada,GB,1,7.00,GBP,2026-06\n'),
    );
    expect(await readReport(db, gz, STORE_MAP, path.join(dir, 'gz.parquet'))).toMatchObject({
      stored: 1,
      amount_stored: '7.000000',
    });
    // The import decompresses it first, so a large gzipped report can be cut into parts like a plain one.
    const { asDelimitedText } = await import('../../functions/royalties/import/report-file.js');
    const text = await asDelimitedText(gz, dir);
    expect(text).not.toBe(gz);
    expect(readFileSync(text, 'utf8')).toBe(
      'ISRC,UPC,Track,Artist,Country,Units,Net,Currency,Period\nGBAAA0500001,1,A,Ada,GB,1,7.00,GBP,2026-06\n',
    );
  });

  it('reads amounts as people write them, and refuses one written with the other decimal mark instead of misreading it', async () => {
    const point = path.join(dir, 'written.csv');
    writeFileSync(
      point,
      [
        'ISRC,UPC,Track,Artist,Country,Units,Net,Currency,Period',
        'GBAAA0500001,1,A,Ada,GB,1,"1,234.56",GBP,2026-01',
        'GBAAA0500002,1,A,Ada,GB,1,€1.50,EUR,2026-01',
        'GBAAA0500003,1,A,Ada,GB,1,4.50 EUR,EUR,2026-01',
        'GBAAA0500004,1,A,Ada,GB,1,(2.25),GBP,2026-01',
        'GBAAA0500005,1,A,Ada,GB,1,"($1,000.00)",USD,2026-01',
        'GBAAA0500006,1,A,Ada,GB,1,0.75-,GBP,2026-01',
        'GBAAA0500007,1,A,Ada,GB,1,1.5E-3,GBP,2026-01',
        // A decimal comma in a report read with a decimal point: 1.23456 and 15 were stored without a word.
        'GBAAA0500008,1,A,Ada,GB,1,"1.234,56",EUR,2026-01',
        'GBAAA0500009,1,A,Ada,GB,1,"1,5",EUR,2026-01',
        'GBAAA0500010,1,A,Ada,GB,1,-(1.50),EUR,2026-01',
      ].join('\n'),
    );
    const out = path.join(dir, 'written.parquet');
    const totals = await readReport(db, point, STORE_MAP, out);
    expect((await parquetRows(out)).map((r) => [r.line, r.amount])).toEqual([
      [2, '1234.560000'],
      [3, '1.500000'],
      [4, '4.500000'],
      [5, '-2.250000'],
      [6, '-1000.000000'],
      [7, '-0.750000'],
      [8, '0.001500'],
    ]);
    expect(totals.rejected.map((r) => [r.line, r.reason])).toEqual([
      [9, 'The amount is not a number: 1.234,56'],
      [10, 'The amount is not a number: 1,5'],
      [11, 'The amount is not a number: -(1.50)'],
    ]);

    const comma = path.join(dir, 'written-comma.csv');
    writeFileSync(
      comma,
      [
        'ISRC;UPC;Track;Artist;Country;Units;Net;Currency;Period',
        'GBAAA0500001;1;A;Ada;FR;1;1\u00a0234,56 €;EUR;2026-01',
        'GBAAA0500002;1;A;Ada;FR;1;(1.234,50);EUR;2026-01',
        'GBAAA0500003;1;A;Ada;FR;1;-0,5;EUR;2026-01',
        'GBAAA0500004;1;A;Ada;FR;1;1.5;EUR;2026-01',
        'GBAAA0500005;1;A;Ada;FR;1;1,234.56;EUR;2026-01',
      ].join('\n'),
    );
    const commaOut = path.join(dir, 'written-comma.parquet');
    const commaTotals = await readReport(db, comma, { ...STORE_MAP, delimiter: ';', decimal: 'comma' }, commaOut);
    expect((await parquetRows(commaOut)).map((r) => [r.line, r.amount])).toEqual([
      [2, '1234.560000'],
      [3, '-1234.500000'],
      [4, '-0.500000'],
    ]);
    expect(commaTotals.rejected.map((r) => [r.line, r.reason])).toEqual([
      [5, 'The amount is not a number: 1.5'],
      [6, 'The amount is not a number: 1,234.56'],
    ]);
  });

  it('refuses a line whose currency is not a 3-letter code: such text reached the statement CSV as it was', async () => {
    const file = path.join(dir, 'currencies.csv');
    writeFileSync(
      file,
      [
        'ISRC,UPC,Track,Artist,Country,Units,Net,Currency,Period',
        'GBAAA0500001,1,A,Ada,GB,1,1.00,gbp,2026-01',
        'GBAAA0500002,1,A,Ada,GB,1,2.00,"=HYPERLINK(""http://x"")",2026-01',
        'GBAAA0500003,1,A,Ada,GB,1,3.00,€,2026-01',
      ].join('\n'),
    );
    const totals = await readReport(db, file, STORE_MAP, path.join(dir, 'currencies.parquet'));
    expect(totals).toMatchObject({ stored: 1, amount_stored: '1.000000', amount_rejected: '5.000000' });
    expect(totals.rejected.map((r) => [r.line, r.reason])).toEqual([
      [3, 'The currency is not a 3-letter code (such as EUR): =HYPERLINK("HTTP://X")'],
      [4, 'The currency is not a 3-letter code (such as EUR): €'],
    ]);
  });

  it("finds the map's columns in a header retyped in another case or with spaces around its names", async () => {
    const file = path.join(dir, 'retyped.csv');
    writeFileSync(
      file,
      ' isrc , upc,TRACK,artist,Country , units,NET,currency,period\nGBAAA0500001,1,A,Ada,GB,2,1.25,GBP,2026-01\n',
    );
    const out = path.join(dir, 'retyped.parquet');
    expect(await readReport(db, file, STORE_MAP, out)).toMatchObject({ stored: 1, rejected: [] });
    expect(await parquetRows(out)).toMatchObject([
      { isrc: 'GBAAA0500001', song: 'A', quantity: 2, amount: '1.250000' },
    ]);
  });

  it('takes the currency from the map when the report has none, and skips a title block', async () => {
    const file = path.join(dir, 'titled.csv');
    writeFileSync(file, 'Monthly statement\nNorthern Lights Records\nISRC,Net,Period\nGBAAA0500001,5.5,2026-07\n');
    const totals = await readReport(
      db,
      file,
      {
        columns: { isrc: 'ISRC', subtotal_payable: 'Net', pay_period: 'Period' },
        currency: 'gbp',
        skip_header_rows: 2,
      },
      path.join(dir, 'titled.parquet'),
    );
    expect(totals).toMatchObject({ stored: 1, rejected: [] });
    const [row] = await parquetRows(path.join(dir, 'titled.parquet'));
    expect(row).toMatchObject({ line: 4, currency: 'GBP', amount: '5.500000' });
  });
});

describe('report files', () => {
  it('reads the first sheet of an XLSX and the report inside a zip archive', async () => {
    const { asDelimitedText } = await import('../../functions/royalties/import/report-file.js');
    const ExcelJS = (await import('exceljs')).default;
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Sales');
    sheet.addRow(['ISRC', 'UPC', 'Track', 'Artist', 'Country', 'Units', 'Net', 'Currency', 'Period']);
    sheet.addRow(['GBAAA0500001', '036000291452', 'Song, "quoted"', 'Ada', 'GB', 4, 12.34, 'GBP', '2026-08']);
    workbook.addWorksheet('Notes').addRow(['not the report']);
    const xlsx = path.join(dir, 'sales.xlsx');
    await workbook.xlsx.writeFile(xlsx);
    const fromXlsx = await asDelimitedText(xlsx, dir);
    const totals = await readReport(db, fromXlsx, STORE_MAP, path.join(dir, 'xlsx.parquet'));
    expect(totals).toMatchObject({ stored: 1, amount_stored: '12.340000' });
    expect((await parquetRows(path.join(dir, 'xlsx.parquet')))[0]).toMatchObject({
      song: 'Song, "quoted"',
      quantity: 4,
    });

    const { zipSync, strToU8 } = await import('fflate');
    const zip = path.join(dir, 'report.zip');
    writeFileSync(
      zip,
      zipSync({
        'readme.txt': strToU8('see the csv'),
        'sales/june.csv': strToU8(
          'ISRC,UPC,Track,Artist,Country,Units,Net,Currency,Period\nGBAAA0500001,1,A,Ada,GB,1,3.30,GBP,2026-06\n',
        ),
      }),
    );
    const fromZip = await asDelimitedText(zip, dir);
    expect(path.basename(fromZip)).toBe('june.csv');
    expect(await readReport(db, fromZip, STORE_MAP, path.join(dir, 'zip.parquet'))).toMatchObject({
      stored: 1,
      amount_stored: '3.300000',
    });
  });

  it('reads an XLSX whose shared strings come before its sheets and the workbook part after them', async () => {
    const { asDelimitedText } = await import('../../functions/royalties/import/report-file.js');
    const ExcelJS = (await import('exceljs')).default;
    const { unzipSync, zipSync } = await import('fflate');
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Sales');
    sheet.addRow(['ISRC', 'UPC', 'Track', 'Artist', 'Country', 'Units', 'Net', 'Currency', 'Period']);
    sheet.addRow(['GBAAA0500001', '036000291452', 'Shared text', 'Ada', 'GB', 2, 7.5, 'GBP', '2026-08']);
    const parts = unzipSync(new Uint8Array(await workbook.xlsx.writeBuffer()));
    // A valid archive in the order that stopped ExcelJS's own streaming reader: relations, shared strings, the
    // sheet, and only then the workbook part that names the sheets.
    const first = ['[Content_Types].xml', '_rels/.rels', 'xl/_rels/workbook.xml.rels', 'xl/sharedStrings.xml'];
    const last = ['xl/workbook.xml'];
    const ordered = Object.fromEntries([
      ...first.map((name) => [name, parts[name]]),
      ...Object.entries(parts).filter(([name]) => !first.includes(name) && !last.includes(name)),
      ...last.map((name) => [name, parts[name]]),
    ]);
    expect(Object.keys(ordered).indexOf('xl/sharedStrings.xml')).toBeLessThan(
      Object.keys(ordered).indexOf('xl/worksheets/sheet1.xml'),
    );
    const xlsx = path.join(dir, 'reordered.xlsx');
    writeFileSync(xlsx, zipSync(ordered));
    const text = await asDelimitedText(xlsx, dir);
    expect(await readReport(db, text, STORE_MAP, path.join(dir, 'reordered.parquet'))).toMatchObject({
      stored: 1,
      amount_stored: '7.500000',
    });
  });
});

describe('ledger files', () => {
  it('are written in exactly the ledger schema whatever the map fills, derived columns still empty', async () => {
    const { LEDGER_COLUMNS } = await import('../../functions/royalties/ledger/schema.js');
    const file = path.join(dir, 'narrow.csv');
    writeFileSync(
      file,
      'ISRC,Net,Period,Currency,Mix,Type,Released\nGBAAA0500001,1.00,2026-09,GBP,Radio Edit,Track,2026-01-02\n',
    );
    const out = path.join(dir, 'narrow.parquet');
    const columns = {
      isrc: 'ISRC',
      subtotal_payable: 'Net',
      pay_period: 'Period',
      subtotal_payable_currency: 'Currency',
      mix: 'Mix',
      asset_type: 'Type',
      release_date: 'Released',
    } as const;
    await readReport(db, file, { columns }, out, { importId: 'IMP9' });
    const types = await (await db.runAndReadAll(`DESCRIBE SELECT * FROM read_parquet('${out}')`)).getRowObjects();
    expect(types.map((t) => [t.column_name, t.column_type])).toEqual(Object.entries(LEDGER_COLUMNS));
    const [row] = await (await db.runAndReadAll(`SELECT * FROM read_parquet('${out}')`)).getRowObjectsJson();
    expect(row).toMatchObject({
      import_id: 'IMP9',
      mix: 'Radio Edit',
      asset_type: 'Track',
      release_date: '2026-01-02',
      estimated: false,
      amount: null,
      matched_by: null,
      upc: null,
    });
  });
});
