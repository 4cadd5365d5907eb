import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';

/**
 * Cuts a large delimited report into parts that workers import in parallel. A part is
 * a byte range of the file that starts and ends on a record boundary: the file's line end outside quotes
 * (LF, CRLF, or a classic Mac CR alone: decided once for the file, by its first line end), so a quoted field holding
 * a newline or a delimiter never straddles two parts. Each part is
 * read with the file's header record put in front of it, and numbers its lines from the records
 * before it (`firstRecord`), so a rejected line names its line in the whole file.
 */
type ReportPart = { index: number; start: number; end: number; firstRecord: number };
/** header: the byte range of the header record (after the skipped rows), newline included. */
export type ReportSplit = { header: { start: number; end: number }; parts: ReportPart[] };

const LF = 0x0a;
const CR = 0x0d;
const QUOTE = 0x22;

/**
 * The byte the file's records end with, from its first line end: LF for a file of LF or CRLF line ends (a CRLF record
 * ends with its LF), CR for one of classic Mac line ends (CR alone, which Excel for Mac still writes). LF when the file
 * has no line end at all.
 */
async function recordEnd(file: string): Promise<number> {
  let crLast = false;
  for await (const chunk of createReadStream(file, { highWaterMark: 64 << 10 }) as AsyncIterable<Buffer>) {
    // A CR that ended the previous chunk: CRLF when this one starts with LF.
    if (crLast) return chunk[0] === LF ? LF : CR;
    const lf = chunk.indexOf(LF);
    const cr = chunk.indexOf(CR);
    if (cr >= 0 && (lf < 0 || cr < lf)) {
      if (cr + 1 < chunk.length) return chunk[cr + 1] === LF ? LF : CR;
      crLast = true;
    } else if (lf >= 0) return LF;
  }
  return crLast ? CR : LF;
}

/**
 * The parts of `file` of about `partBytes` each (the last one takes the rest); one part when
 * the file is smaller. skipRows: lines before the header (the map's skip_header_rows).
 */
export async function splitReport(
  file: string,
  { partBytes, skipRows = 0 }: { partBytes: number; skipRows?: number },
): Promise<ReportSplit> {
  const size = (await stat(file)).size;
  const NEWLINE = await recordEnd(file);
  // Records ended so far: the skipped rows, then the header, then data records.
  let records = 0;
  let headerStart = 0;
  let headerEnd = -1;
  let inQuotes = false;
  const parts: ReportPart[] = [];
  let partStart = -1;
  let partFirstRecord = 0;

  /** A record ends at absolute offset `next` (the byte after its line end). */
  const recordEnded = (next: number) => {
    records += 1;
    if (records === skipRows) headerStart = next;
    else if (records === skipRows + 1) {
      headerEnd = next;
      partStart = next;
    } else if (records > skipRows + 1 && next - partStart >= partBytes && next < size) {
      parts.push({ index: parts.length, start: partStart, end: next, firstRecord: partFirstRecord });
      partStart = next;
      partFirstRecord = records - skipRows - 1;
    }
  };

  let offset = 0;
  for await (const chunk of createReadStream(file, { highWaterMark: 8 << 20 }) as AsyncIterable<Buffer>) {
    let pos = 0;
    // The next quote at or after pos (-1: none in this chunk): looked up again only once passed,
    // so a file without quotes costs one search per chunk.
    let nextQuote = chunk.indexOf(QUOTE, 0);
    while (pos < chunk.length) {
      if (inQuotes) {
        // A doubled quote ("") inside a quoted field closes and reopens it: parity stays right.
        if (nextQuote < 0) break;
        inQuotes = false;
        pos = nextQuote + 1;
        nextQuote = chunk.indexOf(QUOTE, pos);
        continue;
      }
      const newline = chunk.indexOf(NEWLINE, pos);
      if (nextQuote >= 0 && (newline < 0 || nextQuote < newline)) {
        inQuotes = true;
        pos = nextQuote + 1;
        nextQuote = chunk.indexOf(QUOTE, pos);
        continue;
      }
      if (newline < 0) break;
      recordEnded(offset + newline + 1);
      pos = newline + 1;
    }
    offset += chunk.length;
  }
  // A file without a header record has nothing to cut.
  if (headerEnd < 0) return { header: { start: headerStart, end: size }, parts: [] };
  if (partStart < size) parts.push({ index: parts.length, start: partStart, end: size, firstRecord: partFirstRecord });
  return { header: { start: headerStart, end: headerEnd }, parts };
}
