import { createWriteStream, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { createGzip, gzipSync } from 'node:zlib';
import { zipSync } from 'fflate';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asDelimitedText } from '../../functions/royalties/import/report-file.js';
import { stageReport } from '../../functions/royalties/import/read-report.js';
import { ReportProblem, UNREADABLE_REPORT, unreadableReport } from '../../functions/royalties/import/report-problem.js';
import type { RoyaltyMap } from '../../shared/schemas/royalty-map.js';

/**
 * Reports that are bad files: decompression bombs refused early, money on refused
 * lines counted and named, and every error about a report in the user's words, never the
 * engine's (no "Binder Error", no SQL, no stack).
 */
let dir: string;
let db: DuckDBConnection;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'royalty-faults-'));
  db = await (await DuckDBInstance.create(':memory:')).connect();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What an engine's message looks like: none of it may reach the user. */
const ENGINE_TEXT =
  /Binder Error|Catalog Error|Parser Error|Conversion Error|Invalid Input Error|SELECT |FROM |LINE \d|\n\s+at /;

const MAP: RoyaltyMap = {
  columns: { pay_period: 'Period', subtotal_payable: 'Net', subtotal_payable_currency: 'Cur', isrc: 'ISRC' },
};

const fresh = (name: string) => mkdtempSync(path.join(dir, `${name}-`));
const bytesUnder = (folder: string) => readdirSync(folder).reduce((n, f) => n + statSync(path.join(folder, f)).size, 0);

describe('a compressed report that unpacks too far', () => {
  it('refuses a gzip bomb (100 MB of zeros) early, with a clear message, writing little to disk', async () => {
    const work = fresh('gz');
    const bomb = path.join(work, 'report.csv.gz');
    // 100 MB of zeros, gzipped as it is generated (about 100 KB): never committed, never held whole.
    const zeros = Readable.from(
      (function* () {
        const chunk = Buffer.alloc(1 << 20);
        for (let i = 0; i < 100; i += 1) yield chunk;
      })(),
    );
    await pipeline(zeros, createGzip(), createWriteStream(bomb));
    expect(statSync(bomb).size).toBeLessThan(200_000);
    const started = performance.now();
    const refused = await asDelimitedText(bomb, work).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ReportProblem);
    expect((refused as Error).message).toMatch(/unpacks to more than 200 times its size/);
    expect(unreadableReport(refused, dir)).toBe((refused as Error).message);
    // Refused once the ratio shows: a few MB at most were written, not 100.
    expect(bytesUnder(work) - statSync(bomb).size).toBeLessThan(20 * 1024 * 1024);
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('refuses a zip bomb from its declared sizes, before unpacking anything', async () => {
    const work = fresh('zip');
    const bomb = path.join(work, 'report.zip');
    writeFileSync(bomb, zipSync({ 'report.csv': new Uint8Array(100 * 1024 * 1024) }, { level: 9 }));
    const refused = await asDelimitedText(bomb, work).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ReportProblem);
    expect((refused as Error).message).toMatch(/unpacks to more than 200 times its size/);
    expect(readdirSync(work)).toEqual(['report.zip']);
  });

  it('names the real packed size of a gzip bomb', async () => {
    const work = fresh('gz-size');
    const bomb = path.join(work, 'report.csv.gz');
    writeFileSync(bomb, gzipSync(Buffer.alloc(300 * 1024 * 1024), { level: 9 }));
    const packed = statSync(bomb).size;
    const refused = await asDelimitedText(bomb, work).catch((e: unknown) => e);
    // 300 KB packed reads as "1 MB" (the smallest figure said), never the 64 KB read ahead so far.
    expect(packed).toBeGreaterThan(64 * 1024);
    expect((refused as Error).message).toContain(`(${packed >= 1.5e6 ? Math.round(packed / 1e6) : 1} MB to over`);
    // The ratio is judged on the whole file: it stops once 200 times the packed size is unpacked.
    const unpacked = Number(/to over (\d+) MB/.exec((refused as Error).message)?.[1]);
    expect(unpacked).toBeGreaterThanOrEqual(Math.floor((200 * packed) / 1e6));
  });

  it('reads a UTF-16 report as text (no NUL in its column names) and says an empty drop is empty', async () => {
    const work = fresh('utf16');
    const text = 'Period,Net,Cur,ISRC,Artist\n2026-01,1.25,GBP,GBAAA2600001,Beyoncé\n';
    const le = path.join(work, 'le.csv');
    writeFileSync(le, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]));
    const be = path.join(work, 'be.csv');
    writeFileSync(be, Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()]));
    for (const file of [le, be]) {
      const out = await asDelimitedText(file, work);
      const read = readFileSync(out, 'utf8');
      expect(read).toBe(text);
      expect(read).not.toContain('\u0000');
    }
    const empty = path.join(work, 'empty.csv');
    writeFileSync(empty, '');
    const refused = await asDelimitedText(empty, work).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ReportProblem);
    expect((refused as Error).message).toBe('The file is empty: upload the report again.');
  });

  it('reads a Windows-1252 report (Excel\'s "CSV" on Windows) as the text it shows, not as unreadable lines', async () => {
    const work = fresh('cp1252');
    const file = path.join(work, 'windows.csv');
    // é is 0xE9 and € is 0x80 in Windows-1252; read as UTF-8 the line was refused as unreadable.
    writeFileSync(
      file,
      Buffer.from('Period,Net,Cur,ISRC,Artist\n2026-01,1.25,EUR,GBAAA2600001,Beyonc\xe9 \x80\n', 'latin1'),
    );
    const out = await asDelimitedText(file, work);
    expect(readFileSync(out, 'utf8')).toBe('Period,Net,Cur,ISRC,Artist\n2026-01,1.25,EUR,GBAAA2600001,Beyoncé €\n');
    // UTF-8 is read where it is, as before.
    const utf8 = path.join(work, 'utf8.csv');
    writeFileSync(utf8, 'Period,Net\n2026-01,1.25 €\n');
    expect(await asDelimitedText(utf8, work)).toBe(utf8);
  });

  it('reads UTF-16 saved without its mark, and names a file that is no report (blank, .xls, PDF, binary) in words', async () => {
    const work = fresh('not-a-report');
    const text = 'Period,Net,Cur,ISRC,Artist\n2026-01,1.25,GBP,GBAAA2600001,Beyoncé\n';
    const bare = path.join(work, 'bare-utf16.csv');
    writeFileSync(bare, Buffer.from(text, 'utf16le'));
    expect(readFileSync(await asDelimitedText(bare, work), 'utf8')).toBe(text);
    // Each was read as one column of noise and the user was told to check the map's delimiter.
    const refusals: [string, Buffer | string, string][] = [
      ['blank.csv', '\uFEFF\r\n\r\n', 'The file is empty: upload the report again.'],
      [
        'old.xls',
        Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(512)]),
        'The file is an Excel 97-2003 workbook (.xls), which the import does not read: save it as .xlsx or CSV and upload it again.',
      ],
      [
        'report.pdf',
        '%PDF-1.4\n1 0 obj\n<<>>\nendobj\n',
        'The file is a PDF: the import reads sales reports as CSV, TSV or XLSX (or a zip or gzip of one). Upload the report in one of those.',
      ],
      [
        'image.csv',
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]),
        'The file is not a text report (it holds binary data): upload the report as CSV, TSV or XLSX, or a zip or gzip of one.',
      ],
    ];
    for (const [name, bytes, message] of refusals) {
      const file = path.join(work, name);
      writeFileSync(file, bytes);
      const refused = await asDelimitedText(file, work).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(ReportProblem);
      expect((refused as Error).message).toBe(message);
    }
  });

  it('still reads an honest gzipped report', async () => {
    const work = fresh('ok');
    const file = path.join(work, 'report.csv.gz');
    const text = `Period,Net,Cur,ISRC\n${Array.from({ length: 2000 }, (_, i) => `2026-01,${i}.25,GBP,GBAAA26${String(i).padStart(5, '0')}`).join('\n')}\n`;
    writeFileSync(file, gzipSync(text));
    const out = await asDelimitedText(file, work);
    expect(statSync(out).size).toBe(Buffer.byteLength(text));
  });
});

describe('money on refused lines', () => {
  it('counts and names the amount of a line refused for its pay period: read = stored + rejected', async () => {
    const file = path.join(dir, 'periods.csv');
    writeFileSync(
      file,
      [
        'Period,Net,Cur,ISRC',
        '2026-01,1.50,GBP,GBAAA2600001',
        '13/2026x,2.25,GBP,GBAAA2600002',
        '2026-02,abc,GBP,GBAAA2600003',
        ',0.75,EUR,GBAAA2600004',
        '2026-03,1.00,GBP,GBAAA2600005,extra',
        '2026-03,4.00,GBP,GBAAA2600006',
      ].join('\n'),
    );
    const { totals } = await stageReport(db, file, MAP, { mapName: 'Store A' });
    expect(totals).toMatchObject({ lines_read: 6, stored: 2, skipped: 0 });
    expect(totals.amount_stored).toBe('5.500000');
    expect(totals.amount_rejected).toBe('3.000000');
    expect(Number(totals.amount_read)).toBe(Number(totals.amount_stored) + Number(totals.amount_rejected));
    expect(totals.rejected).toEqual([
      {
        line: 3,
        reason: 'No pay period, or not one of YYYY-MM, YYYYMM, MM/YYYY',
        amount: '2.250000',
        currency: 'GBP',
      },
      // The amount itself is unreadable: nothing to count, nothing named.
      { line: 4, reason: 'The amount is not a number: abc' },
      {
        line: 5,
        reason: 'No pay period, or not one of YYYY-MM, YYYYMM, MM/YYYY',
        amount: '0.750000',
        currency: 'EUR',
      },
      // A line the reader could not split says why in words, not the engine's.
      { line: 6, reason: 'The line has more columns than the header' },
    ]);
  });
});

describe('errors in the user words', () => {
  it('a report missing a column its map names says which column and which map', async () => {
    const file = path.join(dir, 'missing.csv');
    writeFileSync(file, 'Period,Amount,Cur,ISRC\n2026-01,1.50,GBP,GBAAA2600001\n');
    const refused = await stageReport(db, file, MAP, { mapName: 'Store A' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ReportProblem);
    const message = unreadableReport(refused, dir);
    expect(message).toBe(
      'The report has no column "Net" (for subtotal_payable), which the map "Store A" names. ' +
        'The report\'s columns are: "Period", "Amount", "Cur", "ISRC".',
    );
    expect(message).not.toMatch(ENGINE_TEXT);
  });

  it('a report whose lines do not split into the columns says so, not the engine', async () => {
    const file = path.join(dir, 'broken.csv');
    writeFileSync(file, 'Period,Net,Cur,ISRC\n2026-01,"1.50,GBP,GBAAA2600001\n');
    const refused = await stageReport(db, file, MAP, { mapName: 'Store A' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ReportProblem);
    expect(unreadableReport(refused, dir)).toBe(
      'The report could not be split into the columns the map "Store A" names: its first line reads as one ' +
        "column. Check the map's delimiter (found from the file), and look for a quote that is not closed.",
    );
  });

  it('any other engine error becomes a plain sentence', () => {
    const message = unreadableReport(new Error('Binder Error: Referenced column "X" not found in FROM clause!'), dir);
    expect(message).toBe(UNREADABLE_REPORT);
    expect(message).not.toMatch(ENGINE_TEXT);
  });
});

describe("an error of this machine's own is not the report's", () => {
  /** DuckDB's own error for a query. */
  const errorOf = (sql: string) =>
    db.run(sql).then(
      () => undefined,
      (error: unknown) => error as Error,
    );

  it('throws DuckDB’s error for a missing CSV or Parquet file of the scratch folder on, and a full disk', async () => {
    const csv = await errorOf(`SELECT * FROM read_csv('${path.join(dir, 'gone.csv')}')`);
    expect(() => unreadableReport(csv, dir)).toThrow(csv);
    const parquet = await errorOf(`SELECT * FROM read_parquet('${path.join(dir, 'gone.parquet')}')`);
    expect(() => unreadableReport(parquet, dir)).toThrow(parquet);
    const full = new Error('IO Error: Could not write file "/tmp/x/duckdb.tmp/a.block": No space left on device');
    expect(() => unreadableReport(full, '/elsewhere')).toThrow(full);
  });

  it('answers the plain sentence for a value that does not convert, and for a missing file elsewhere', async () => {
    const file = path.join(dir, 'twelve.csv');
    writeFileSync(file, 'a\ntwelve\n');
    const bad = await errorOf(`SELECT * FROM read_csv('${file}', header = true, columns = {'a': 'INTEGER'})`);
    expect(bad).toBeDefined();
    expect(unreadableReport(bad, dir)).toBe(UNREADABLE_REPORT);
    const elsewhere = await errorOf(`SELECT * FROM read_csv('/no/such/folder/part.csv')`);
    expect(unreadableReport(elsewhere, dir)).toBe(UNREADABLE_REPORT);
  });
});
