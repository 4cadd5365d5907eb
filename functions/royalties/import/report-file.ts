import { createReadStream, createWriteStream } from 'node:fs';
import { createGunzip } from 'node:zlib';
import { mkdir, open, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type ExcelJS from 'exceljs';
import yauzl from 'yauzl';
import { joinDsrParts } from './dsr-parts.js';
import { MAX_EXPANSION_RATIO, MAX_REPORT_BYTES, RATIO_GRACE_BYTES, readableSize } from './limits.js';
import { ReportProblem } from './report-problem.js';
import { workbookReader } from '../../lib/workbook-reader.js';
import { isUtf8File, windows1252FileToUtf8 } from '../../lib/text-encoding.js';
import { utf16ByMark, utf16WithoutMark } from '../../../shared/text-encoding.js';

/**
 * Turns an uploaded report into a file DuckDB reads as delimited text (CSV, TSV,
 * semicolon-separated or XLSX, any of them zipped or gzipped): a zip archive gives its report,
 * an XLSX workbook its first sheet as CSV, gzip its text; UTF-16 and Windows-1252 text (what Excel
 * on Windows saves as "CSV") become UTF-8; UTF-8 text DuckDB reads as it is.
 *
 * Unpacking is capped (limits.ts): a file that would unpack past 5 GB, or to more than
 * MAX_EXPANSION_RATIO times its size, is refused as soon as that shows (a zip's declared sizes
 * before any byte is written, gzip while it streams), so a bomb never fills the disk.
 */
export async function asDelimitedText(file: string, workDir: string): Promise<string> {
  // An empty drop is said to be empty: DuckDB found no columns in it and the user was told to check the delimiter.
  if ((await stat(file)).size === 0) throw new ReportProblem('The file is empty: upload the report again.');
  const kind = await sniff(file);
  if (kind === 'blank') throw new ReportProblem('The file is empty: upload the report again.');
  if (kind === 'zip') {
    const entries = await zipEntries(file);
    checkZipSizes(entries, (await stat(file)).size);
    if (entries.some((e) => e.fileName === 'xl/workbook.xml'))
      return xlsxToCsv(file, path.join(workDir, `${path.basename(file)}.csv`));
    if (entries.length > 1) {
      // A DSR cut into several files comes as a zip of them all (dsr-parts.ts); any other zip gives its largest file.
      const texts: string[] = [];
      for (const [i, entry] of entries.entries()) {
        // Each in a folder of its own: two entries may share a name in different folders of the archive.
        const folder = path.join(workDir, `zip-entry-${i}`);
        await mkdir(folder, { recursive: true });
        texts.push(await asDelimitedText(await extractEntry(file, entry, folder), folder));
      }
      const joined = await joinDsrParts(texts, workDir);
      const largest = entries.indexOf([...entries].sort((a, b) => b.uncompressedSize - a.uncompressedSize)[0]);
      await Promise.all(texts.filter((_, i) => joined || i !== largest).map((t) => rm(t, { force: true })));
      return joined ?? texts[largest];
    }
    return asDelimitedText(await extractReport(file, entries, workDir), workDir);
  }
  if (kind === 'gzip') {
    // Decompressed here rather than by DuckDB: plain text can be cut into parts (import/parts.ts).
    const target = path.join(workDir, `${path.basename(file).replace(/\.gz$/i, '')}.txt`);
    // Judged against the whole packed file: the bytes read so far (the stream reads ahead) gave a wrong
    // size in the message, and the file is on disk whole anyway.
    const packed = (await stat(file)).size;
    await pipeline(
      createReadStream(file),
      createGunzip(),
      expansionGuard(() => packed),
      createWriteStream(target),
    );
    return asDelimitedText(target, workDir);
  }
  if (kind === 'utf-16le' || kind === 'utf-16be') return utf16ToUtf8(file, kind, workDir);
  if (await isUtf8File(file)) return file;
  // Read as UTF-8, every line with an accent ("Beyoncé" saved by Excel on Windows) was refused as unreadable.
  const target = path.join(workDir, `${path.basename(file)}.utf8.txt`);
  await windows1252FileToUtf8(file, target);
  return target;
}

/**
 * A UTF-16 report (marked by its byte order mark: some stores and Excel's "Unicode text" write it)
 * as UTF-8, which DuckDB reads: read as it was, every other byte was a NUL in the column names.
 */
async function utf16ToUtf8(file: string, encoding: 'utf-16le' | 'utf-16be', workDir: string): Promise<string> {
  const target = path.join(workDir, `${path.basename(file)}.utf8.txt`);
  // One little-endian decoder for both: big-endian pairs are swapped first (its mark becomes the
  // little-endian one, which the decoder drops), an odd last byte waiting for the next chunk.
  const decoder = new TextDecoder('utf-16le');
  let odd: Buffer | undefined;
  await pipeline(
    createReadStream(file),
    new Transform({
      transform(chunk: Buffer, _encoding, done) {
        let bytes = odd ? Buffer.concat([odd, chunk]) : chunk;
        odd = undefined;
        if (encoding === 'utf-16be') {
          const even = bytes.length - (bytes.length % 2);
          if (even < bytes.length) odd = Buffer.from(bytes.subarray(even));
          bytes = Buffer.from(bytes.subarray(0, even)).swap16();
        }
        done(null, Buffer.from(decoder.decode(bytes, { stream: true })));
      },
      flush(done) {
        done(null, Buffer.from(decoder.decode()));
      },
    }),
    createWriteStream(target),
  );
  return target;
}

const bombMessage = (unpacked: number, packed: number) =>
  unpacked > MAX_REPORT_BYTES
    ? `The compressed report unpacks to more than ${readableSize(MAX_REPORT_BYTES)}, the largest report ` +
      'the import takes. Split it into smaller reports and upload each.'
    : `The compressed report unpacks to more than ${MAX_EXPANSION_RATIO} times its size ` +
      `(${readableSize(packed)} to over ${readableSize(unpacked)}), which real reports never do: it is refused ` +
      'as unsafe. Upload the report uncompressed, or compressed as it came from the store.';

/** Whether `unpacked` bytes from `packed` bytes pass the caps. */
const tooLarge = (unpacked: number, packed: number) =>
  unpacked > MAX_REPORT_BYTES || (unpacked > RATIO_GRACE_BYTES && unpacked > MAX_EXPANSION_RATIO * packed);

/** Passes unpacked bytes on while they stay within the caps of the packed bytes read so far (`packed()`). */
function expansionGuard(packed: () => number): Transform {
  let unpacked = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      unpacked += chunk.length;
      if (tooLarge(unpacked, packed())) done(new ReportProblem(bombMessage(unpacked, packed())));
      else done(null, chunk);
    },
  });
}

/** Refuses an archive whose entries say they unpack past the caps (yauzl then checks each entry holds what it says). */
function checkZipSizes(entries: yauzl.Entry[], packed: number): void {
  const unpacked = entries.reduce((sum, e) => sum + e.uncompressedSize, 0);
  if (tooLarge(unpacked, packed)) throw new ReportProblem(bombMessage(unpacked, packed));
}

/** How much of a file's start sniff reads: enough to see a text file's first lines. */
const HEAD_BYTES = 8192;

async function sniff(file: string): Promise<'zip' | 'gzip' | 'utf-16le' | 'utf-16be' | 'blank' | 'other'> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
    const head = buffer.subarray(0, bytesRead);
    if (head.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) return 'zip';
    const marked = utf16ByMark(head);
    if (marked) return marked;
    if (head[0] === 0x1f && head[1] === 0x8b) return 'gzip';
    const binary = unreadableKind(head);
    if (binary) throw new ReportProblem(binary);
    // Told only after the binary formats, some of which have a NUL early too.
    const unmarked = utf16WithoutMark(head);
    if (unmarked) return unmarked;
    // A mark and blank lines only: DuckDB found "one column" in it and the user was told to check the delimiter.
    if (
      bytesRead < HEAD_BYTES &&
      !head
        .toString('utf8')
        .replace(/^\uFEFF/, '')
        .trim()
    )
      return 'blank';
    return 'other';
  } finally {
    await handle.close();
  }
}

/**
 * Why a file that is no report cannot be read, told by its first bytes (an old Excel workbook, a PDF, other binary
 * data), or undefined. DuckDB read such files as one column of noise and the user was told to check the delimiter.
 */
function unreadableKind(head: Buffer): string | undefined {
  if (head.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])))
    return 'The file is an Excel 97-2003 workbook (.xls), which the import does not read: save it as .xlsx or CSV and upload it again.';
  if (head.subarray(0, 5).toString('latin1') === '%PDF-')
    return 'The file is a PDF: the import reads sales reports as CSV, TSV or XLSX (or a zip or gzip of one). Upload the report in one of those.';
  // A NUL after the first two bytes (UTF-16 is told from them) is in no text report.
  if (head.subarray(2).includes(0) && !(head[1] === 0 || head[0] === 0))
    return 'The file is not a text report (it holds binary data): upload the report as CSV, TSV or XLSX, or a zip or gzip of one.';
  return undefined;
}

function openZip(file: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true }, (error, zip) => (error ? reject(error) : resolve(zip))),
  );
}

/** The archive's files (folders left out), as its central directory lists them. */
async function zipEntries(file: string): Promise<yauzl.Entry[]> {
  const zip = await openZip(file);
  return new Promise((resolve, reject) => {
    const found: yauzl.Entry[] = [];
    zip.on('entry', (entry: yauzl.Entry) => {
      if (!entry.fileName.endsWith('/')) found.push(entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(found));
    zip.on('error', reject);
    zip.readEntry();
  });
}

/** The largest file in a zip archive, extracted: distributors zip one report (sometimes with a readme). */
async function extractReport(file: string, entries: yauzl.Entry[], workDir: string): Promise<string> {
  const report = [...entries].sort((a, b) => b.uncompressedSize - a.uncompressedSize)[0];
  if (!report) throw new ReportProblem('The zip archive holds no file: put the report in it.');
  return extractEntry(file, report, workDir);
}

/** One file of a zip archive, extracted into workDir under its own (sanitised) name, within the caps. */
async function extractEntry(file: string, report: yauzl.Entry, workDir: string): Promise<string> {
  const target = path.join(workDir, path.basename(report.fileName).replace(/[^\w.-]+/g, '_'));
  const again = await openZip(file);
  await new Promise<void>((resolve, reject) => {
    again.on('entry', (entry: yauzl.Entry) => {
      if (entry.fileName !== report.fileName) return again.readEntry();
      again.openReadStream(entry, (error, stream) => {
        if (error || !stream) return reject(error ?? new Error('unreadable entry'));
        // The entry's own ratio too: the archive's may hide one bomb among small files.
        const guard = expansionGuard(() => report.compressedSize);
        pipeline(stream, guard, createWriteStream(target)).then(() => {
          again.close();
          resolve();
        }, reject);
      });
    });
    again.on('error', reject);
    again.readEntry();
  });
  return target;
}

const csvCell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** A cell as report text: numbers in their shortest exact form, dates as YYYY-MM-DD, rich text flattened. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('text' in value) return String(value.text);
    return '';
  }
  return String(value);
}

/** The workbook's first sheet as CSV, streamed row by row (reports can be large). */
async function xlsxToCsv(file: string, target: string): Promise<string> {
  const out = createWriteStream(target);
  const reader = workbookReader(file, {
    sharedStrings: 'cache',
    worksheets: 'emit',
    hyperlinks: 'ignore',
    styles: 'cache',
  });
  for await (const sheet of reader) {
    let width = 0;
    for await (const row of sheet) {
      const values = (row.values as ExcelJS.CellValue[]).slice(1);
      width = Math.max(width, values.length);
      const cells = Array.from({ length: width }, (_, i) => csvCell(cellText(values[i])));
      out.write(`${cells.join(',')}\n`);
    }
    break; // the first sheet is the report
  }
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  return target;
}
