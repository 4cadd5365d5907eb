import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoyaltyMap } from '../../shared/schemas/royalty-map.js';
import { stagedLedgerRows, stageReport, type ControlTotals } from '../../functions/royalties/import/read-report.js';
import { splitReport } from '../../functions/royalties/import/split-report.js';

/**
 * Cutting a large report into parts: parts start and end on record boundaries, never
 * inside a quoted field, and a report read part by part gives the same lines, line numbers and
 * control totals as read whole.
 */
let dir: string;
let db: DuckDBConnection;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'split-'));
  db = await (await DuckDBInstance.create(':memory:')).connect();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(name: string, text: string | Buffer): string {
  const file = path.join(dir, name);
  writeFileSync(file, text);
  return file;
}

/** A part as its worker reads it: the header record, then the part's bytes. */
function partText(file: string, header: { start: number; end: number }, range: { start: number; end: number }): Buffer {
  const bytes = readFileSync(file);
  return Buffer.concat([bytes.subarray(header.start, header.end), bytes.subarray(range.start, range.end)]);
}

describe('splitReport', () => {
  it('cuts at newlines outside quotes, numbering each part from the records before it', async () => {
    const rows = [
      'Title line',
      'Song,Net',
      ...Array.from({ length: 40 }, (_, i) =>
        i % 5 === 2 ? `"Song ${i}\nsecond line, with comma",1.00` : `Song ${i},1.00`,
      ),
    ];
    const file = write('quoted.csv', `${rows.join('\r\n')}\r\n`);
    const split = await splitReport(file, { partBytes: 60, skipRows: 1 });
    expect(split.parts.length).toBeGreaterThan(5);
    const text = readFileSync(file, 'utf8');
    expect(text.slice(split.header.start, split.header.end)).toBe('Song,Net\r\n');
    expectPartsTileSongs(text, split, '\r\n');
  });

  it('cuts a file of classic Mac line ends (CR alone) on its CRs, never on a line feed inside a quoted field', async () => {
    const rows = [
      'Title line',
      'Song,Net',
      ...Array.from({ length: 40 }, (_, i) => (i % 5 === 2 ? `"Song ${i}\nsecond line",1.00` : `Song ${i},1.00`)),
    ];
    const file = write('mac.csv', `${rows.join('\r')}\r`);
    const split = await splitReport(file, { partBytes: 60, skipRows: 1 });
    expect(split.parts.length).toBeGreaterThan(5);
    const text = readFileSync(file, 'utf8');
    expect(text.slice(split.header.start, split.header.end)).toBe('Song,Net\r');
    expectPartsTileSongs(text, split, '\r');
  });

  it('reads a CRLF file as CRLF even when its first CR ends a read of the file', async () => {
    // The first line end's CR is the last byte of the first 64 KiB read, its LF the first of the next.
    const first = `${'x'.repeat((64 << 10) - 1)}\r\n`;
    const file = write('crlf-boundary.csv', `${first}Song,Net\r\nA,1\r\nB,2\r\n`);
    const split = await splitReport(file, { partBytes: 3, skipRows: 1 });
    const text = readFileSync(file, 'utf8');
    expect(split.parts.map((p) => text.slice(p.start, p.end))).toEqual(['A,1\r\n', 'B,2\r\n']);
  });

  it('keeps a quoted field whole when it straddles two reads of the file (8 MiB each)', async () => {
    const plain = (i: number) => `Song ${String(i).padStart(8, '0')},1.0\n`;
    const line = plain(0).length;
    const header = 'Song,Net\n';
    // The quoted field with newlines starts just before byte 8 MiB, where the second read of the file starts.
    const before = Math.floor(((8 << 20) - header.length) / line) - 1;
    const quoted = `"Song ${String(before).padStart(8, '0')}\nspans across\nthe read boundary\nof the file",1.0\n`;
    const file = write(
      'boundary.csv',
      `${header}${Array.from({ length: before }, (_, i) => plain(i)).join('')}${quoted}${Array.from({ length: 100 }, (_, i) => plain(before + 1 + i)).join('')}`,
    );
    const quotedStart = header.length + before * line;
    expect(quotedStart).toBeLessThan(8 << 20);
    expect(quotedStart + quoted.length).toBeGreaterThan(8 << 20);
    // A part is due at the quoted field's first newline: the cut must wait for the end of its record.
    const split = await splitReport(file, { partBytes: quotedStart + quoted.indexOf('\n') + 1 - header.length });
    expect(split.parts.map((p) => [p.start, p.end, p.firstRecord])).toEqual([
      [header.length, quotedStart + quoted.length, 0],
      [quotedStart + quoted.length, header.length + before * line + quoted.length + 100 * line, before + 1],
    ]);
  });

  it('keeps the last record without a newline, and a file of one part whole', async () => {
    const file = write('short.csv', 'Song,Net\nA,1\nB,2');
    expect((await splitReport(file, { partBytes: 1000 })).parts).toEqual([
      { index: 0, start: 9, end: 16, firstRecord: 0 },
    ]);
    const small = await splitReport(file, { partBytes: 3 });
    expect(small.parts.map((p) => [p.start, p.end, p.firstRecord])).toEqual([
      [9, 13, 0],
      [13, 16, 1],
    ]);
    // A header alone has nothing to cut.
    expect((await splitReport(write('header.csv', 'Song,Net\n'), { partBytes: 1 })).parts).toEqual([]);
  });
});

describe('a report read in parts', () => {
  const MAP: RoyaltyMap = {
    columns: {
      song: 'Song',
      isrc: 'ISRC',
      subtotal_payable: 'Net',
      subtotal_payable_currency: 'Currency',
      pay_period: 'Period',
    },
    skip_header_rows: 1,
    skip_footer_rows: 1,
  };

  async function stagedLines(
    file: string,
    map: RoyaltyMap,
    lineOffset = 0,
  ): Promise<{ totals: ControlTotals; lines: Record<string, unknown>[] }> {
    const staged = await stageReport(db, file, map, { lineOffset });
    const lines = (
      await (
        await db.runAndReadAll(
          `SELECT line, song, isrc, CAST(subtotal_payable AS VARCHAR) AS net FROM (${stagedLedger(staged)}) ORDER BY line`,
        )
      ).getRowObjects()
    ).map((r) => ({ ...r, line: Number(r.line) }));
    return { totals: staged.totals, lines };
  }
  const stagedLedger = (staged: Awaited<ReturnType<typeof stageReport>>) => stagedLedgerRows(staged, 'IMPORT');

  it('gives the same lines, line numbers and control totals as the whole report', async () => {
    const rows = ['Sales report June', 'Song,ISRC,Net,Currency,Period'];
    for (let i = 0; i < 300; i += 1) {
      if (i % 41 === 7) rows.push(`Song ${i},GBAAA26${String(i).padStart(5, '0')},oops,GBP,2026-06`);
      else if (i % 53 === 9) rows.push(`Song ${i},GBAAA26${String(i).padStart(5, '0')},1.25,GBP,`);
      else if (i % 17 === 3)
        rows.push(
          `"Song ${i}, live\nat the hall",GBAAA26${String(i).padStart(5, '0')},0.${String(i).padStart(6, '0')},GBP,2026-06`,
        );
      else rows.push(`Song ${i},GBAAA26${String(i).padStart(5, '0')},${i}.5,GBP,2026-06`);
    }
    rows.push('Total,,12345,,');
    const file = write('parts.csv', `\uFEFF${rows.join('\n')}\n`);

    const whole = await stagedLines(file, MAP);
    expect(whole.totals.rejected.length).toBeGreaterThan(5);

    const split = await splitReport(file, { partBytes: 1000, skipRows: 1 });
    expect(split.parts.length).toBeGreaterThan(5);
    const parts: Awaited<ReturnType<typeof stagedLines>>[] = [];
    for (const part of split.parts) {
      const last = part.index === split.parts.length - 1;
      const partFile = write(`part-${part.index}.csv`, partText(file, split.header, part));
      parts.push(
        await stagedLines(
          partFile,
          { ...MAP, skip_header_rows: 0, skip_footer_rows: last ? 1 : 0 },
          1 + part.firstRecord,
        ),
      );
    }
    expect(parts.flatMap((p) => p.lines)).toEqual(whole.lines);
    const sum = (field: 'lines_read' | 'stored' | 'skipped') => parts.reduce((n, p) => n + p.totals[field], 0);
    expect({ lines_read: sum('lines_read'), stored: sum('stored'), skipped: sum('skipped') }).toEqual({
      lines_read: whole.totals.lines_read,
      stored: whole.totals.stored,
      skipped: whole.totals.skipped,
    });
    expect(parts.flatMap((p) => p.totals.rejected)).toEqual(whole.totals.rejected);
    // A rejected line names its line in the whole file: the first bad amount is data record 7, line 1 + 1 + 7 + 1.
    expect(whole.totals.rejected[0]).toEqual({ line: 10, reason: 'The amount is not a number: oops' });
  });
});

/**
 * The parts tile the data exactly after the header, each starts a record (never inside a quoted field), ends on the
 * file's line end, and knows its first record's index among the data records ("Song N" is record N).
 */
function expectPartsTileSongs(text: string, split: Awaited<ReturnType<typeof splitReport>>, lineEnd: string) {
  expect(split.parts[0].start).toBe(split.header.end);
  expect(split.parts.at(-1)!.end).toBe(Buffer.byteLength(text));
  for (const [i, part] of split.parts.entries()) {
    if (i > 0) expect(part.start).toBe(split.parts[i - 1].end);
    const body = text.slice(part.start, part.end);
    expect(body.startsWith('Song ') || body.startsWith('"Song ')).toBe(true);
    expect(body.endsWith(lineEnd)).toBe(true);
    expect(part.firstRecord).toBe(Number(/Song (\d+)/.exec(body)![1]));
  }
}
