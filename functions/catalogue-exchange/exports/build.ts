import { once } from 'node:events';
import type { ExportFormat } from '../../../shared/catalogue-exchange/exports.js';
import { safeCsv } from '../../lib/safe-csv.js';
import { copyrightProblem } from './copyright.js';
import { FUGA_CSV } from './formats/fuga.js';
import type { CsvLayout } from './formats/layout.js';
import { PPL_CSV } from './formats/ppl.js';
import { FULL_CSV, RELEASE_CSV } from './formats/release-sheet.js';
import type { ExportRelease, ExportReport } from './types.js';

export type { ExportFormat } from '../../../shared/catalogue-exchange/exports.js';
export type { ExportRelease, ExportReport, ExportSelection } from './types.js';
export { loadExportReleases } from './load.js';

const CSV_LAYOUTS: Partial<Record<ExportFormat, CsvLayout>> = {
  csv: FULL_CSV,
  release_csv: RELEASE_CSV,
  fuga_csv: FUGA_CSV,
  ppl_csv: PPL_CSV,
};

export type WriteOptions = {
  /** Fields (columns, or JSON keys) left out of the file. */
  strip?: readonly string[];
  /** Called after each release read (written or skipped), e.g. to push progress. */
  onRelease?: (read: number) => void | Promise<void>;
};

/** Writes text and waits when the stream asks to (so a large file never piles up in memory). */
async function write(out: NodeJS.WritableStream, text: string): Promise<void> {
  if (!text) return;
  if (!out.write(text)) await once(out as NodeJS.EventEmitter, 'drain');
}

function jsonRelease(release: ExportRelease, strip: ReadonlySet<string>): unknown {
  if (!strip.size) return release;
  const keep = (record: object) => Object.fromEntries(Object.entries(record).filter(([key]) => !strip.has(key)));
  return { ...keep(release), ...(strip.has('recordings') ? {} : { recordings: release.recordings.map(keep) }) };
}

/**
 * Writes releases in one export format to a stream, one release at a time (the catalogue is never
 * one string in memory), and reports what it wrote and what it left out: a release whose ℗/© lines
 * lack a four-digit year is skipped and named with its reasons. `merlin_metadata`
 * writes nothing (that type is empty). The stream is not ended: the caller owns it.
 */
export async function writeExport(
  format: ExportFormat,
  releases: AsyncIterable<ExportRelease> | Iterable<ExportRelease>,
  out: NodeJS.WritableStream,
  options: WriteOptions = {},
): Promise<ExportReport> {
  const report: ExportReport = { format, rows: 0, releases: 0, skipped: [] };
  // The product's merlin_metadata is empty: nothing to read, so the catalogue is not read for it.
  if (format === 'merlin_metadata') return report;
  const strip = new Set(options.strip ?? []);
  const layout = CSV_LAYOUTS[format];
  const keep = layout ? layout.columns.map((column, i) => (strip.has(column) ? -1 : i)).filter((i) => i >= 0) : [];
  if (layout) await write(out, safeCsv([keep.map((i) => layout.columns[i])]));
  if (format === 'json') await write(out, '[');
  let read = 0;
  for await (const release of releases) {
    read += 1;
    const problem = copyrightProblem(release);
    if (problem) report.skipped.push(problem);
    else if (layout) {
      const rows = layout.rows(release).map((row) => keep.map((i) => row[i]));
      await write(out, safeCsv(rows));
      report.rows += rows.length;
      report.releases += 1;
    } else if (format === 'json') {
      await write(out, `${report.releases ? ',' : ''}\n${JSON.stringify(jsonRelease(release, strip))}`);
      report.rows += release.recordings.length;
      report.releases += 1;
    }
    await options.onRelease?.(read);
  }
  if (format === 'json') await write(out, '\n]\n');
  return report;
}
