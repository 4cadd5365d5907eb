/**
 * `npm run bench:catalogue-exchange` (a benchmark, not a timed test), in a fresh
 * local cloud, as a label manager would:
 * - Import: an XLSX release sheet of RELEASES releases × TRACKS recordings (5,000 × 10 = 50,000)
 *   uploaded through the presigned PUT and imported by the import worker, timed from the start
 *   request until the import is done. Goal ≤ 120 s on 2 cores.
 * - Export: the same 50,000 recordings exported in each format by the export worker (POST exports,
 *   all), each timed from the request until its file is ready. Goal ≤ 30 s each.
 * - Baseline, in the same run: the same sheet rows written bare to a CSV file with csv-stringify.
 * Last line exactly: `recordings=N export_s=X import_s=Y vs_bare_ratio=R`, where export_s is the
 * slowest format and R is the release_csv export's time over the bare write's (the same rows).
 */
import { createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import {
  LIST_SEPARATOR,
  RELEASE_SHEET_COLUMNS,
  type ReleaseSheetRow,
} from '../../shared/catalogue-exchange/release-sheet.js';
import { EXPORT_FORMATS } from '../../shared/catalogue-exchange/exports.js';
import { isrcOf, releaseRows, upcOf } from '../support/release-sheet-file.js';
import { benchCloud } from './bench-harness.js';

const RELEASES = Number(process.env.BENCH_RELEASES ?? 5000);
const TRACKS = Number(process.env.BENCH_TRACKS ?? 10);
const LABEL = 'Exchange Bench Label';
const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The sheet's rows: every required column filled, names the fresh company resolves, codes that never repeat. */
function* sheetRows(): Generator<ReleaseSheetRow> {
  for (let r = 0; r < RELEASES; r++) {
    const artist = `Bench Artist ${r % 250}`;
    const rows = releaseRows(
      LABEL,
      {
        release_title: `Bench Release ${r}`,
        upc: upcOf(r),
        cat_no: `XB${String(r).padStart(6, '0')}`,
        primary_artists: artist,
        track_primary_artists: artist,
        c_line: `2026 ${LABEL}`,
        p_line: `2026 ${LABEL}`,
      },
      TRACKS,
    );
    // Writers shared across the catalogue, as a label's are: each is created once by the import.
    yield* rows.map((row, t) => ({
      ...row,
      isrc: isrcOf(r * TRACKS + t),
      writers: [`Bench Writer ${t}`, `Bench Writer ${t + 1}`].join(LIST_SEPARATOR),
    }));
  }
}

async function writeXlsx(file: string): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file });
  const sheet = workbook.addWorksheet('Releases');
  sheet.addRow(RELEASE_SHEET_COLUMNS.map((c) => c.key)).commit();
  for (const row of sheetRows()) sheet.addRow(RELEASE_SHEET_COLUMNS.map((c) => row[c.key])).commit();
  sheet.commit();
  await workbook.commit();
}

/** The baseline: the same rows written to a CSV file with csv-stringify and nothing else. */
async function bareCsv(file: string): Promise<number> {
  const started = performance.now();
  const out = createWriteStream(file);
  const csv = stringify({ header: true, columns: RELEASE_SHEET_COLUMNS.map((c) => c.key) });
  csv.pipe(out);
  for (const row of sheetRows()) if (!csv.write(row)) await new Promise((ok) => csv.once('drain', ok));
  csv.end();
  await finished(out);
  return (performance.now() - started) / 1000;
}

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'exchange-bench-'));
  const bench = await benchCloud('Exchange Bench Records');
  try {
    const { cloud, headers } = bench;
    const api = async <T>(method: string, route: string, body?: object): Promise<T> => {
      const response = await fetch(`${cloud.url}/api/v1${route}`, {
        method,
        headers: { ...headers, 'content-type': 'application/json' },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      const answer = (await response.json()) as T;
      if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${JSON.stringify(answer)}`);
      return answer;
    };
    const until = async <T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> => {
      for (;;) {
        const value = await read();
        if (done(value)) return value;
        await new Promise((ok) => setTimeout(ok, 250));
      }
    };
    await api('POST', '/labels', { name: LABEL });

    const xlsx = path.join(dir, 'releases.xlsx');
    await writeXlsx(xlsx);
    const size = statSync(xlsx).size;
    console.log(`Sheet: ${RELEASES} releases × ${TRACKS} recordings, XLSX ${(size / 1048576).toFixed(1)} MiB`);

    // Import as a user does it: upload, preview (every error, nothing written), then start and wait for the worker.
    const upload = await api<{ url: string; key: string; headers: Record<string, string> }>(
      'POST',
      '/catalogue_imports/uploads',
      { filename: 'releases.xlsx', content_type: XLSX_CONTENT_TYPE, size },
    );
    const put = await fetch(upload.url, { method: 'PUT', headers: upload.headers, body: readFileSync(xlsx) });
    if (!put.ok) throw new Error(`upload: ${put.status}`);
    const file = { key: upload.key, filename: 'releases.xlsx', size };
    const previewStarted = performance.now();
    const preview = await api<{ import_id: string; valid: number; invalid: number; duplicates: number }>(
      'POST',
      '/catalogue_imports/preview',
      { model: 'releases', file },
    );
    const previewSeconds = (performance.now() - previewStarted) / 1000;
    console.log(
      `Preview: ${previewSeconds.toFixed(1)} s, ${preview.valid} releases to write, ${preview.invalid} with errors, ` +
        `${preview.duplicates} duplicates`,
    );
    if (preview.invalid || preview.valid !== RELEASES) throw new Error('the bench sheet should import whole');
    const importStarted = performance.now();
    await api('POST', '/catalogue_imports', { model: 'releases', file, import_id: preview.import_id });
    const imported = await until(
      () =>
        api<{ import: { status: string; added: number; failed: number } }>(
          'GET',
          `/catalogue_imports/${preview.import_id}`,
        ),
      (answer) => ['done', 'failed'].includes(answer.import.status),
    );
    const importSeconds = (performance.now() - importStarted) / 1000;
    console.log(
      `Import: ${importSeconds.toFixed(1)} s, ${imported.import.status}, ${imported.import.added} records added, ` +
        `${imported.import.failed} releases failed (goal ≤ 120 s)`,
    );
    if (imported.import.status !== 'done' || imported.import.failed) throw new Error('the import did not finish whole');

    // Exports: each format through the export worker.
    const exportSeconds: Record<string, number> = {};
    for (const format of EXPORT_FORMATS) {
      const t = performance.now();
      const job = await api<{ export: { id: string } }>('POST', '/exports', {
        format,
        model_name: 'releases',
        all: true,
      });
      const done = await until(
        () => api<{ export: { status: string; rows: number; size: number } }>('GET', `/exports/${job.export.id}`),
        (answer) => ['done', 'failed'].includes(answer.export.status),
      );
      exportSeconds[format] = (performance.now() - t) / 1000;
      console.log(
        `Export ${format}: ${exportSeconds[format].toFixed(1)} s, ${done.export.status}, ${done.export.rows} rows, ` +
          `${(done.export.size / 1048576).toFixed(1)} MiB`,
      );
    }
    const bare = await bareCsv(path.join(dir, 'bare.csv'));
    console.log(`Bare csv-stringify write of the same ${RELEASES * TRACKS} rows: ${bare.toFixed(2)} s`);
    const slowest = Math.max(...Object.values(exportSeconds));
    console.log(
      `recordings=${RELEASES * TRACKS} export_s=${slowest.toFixed(1)} import_s=${importSeconds.toFixed(1)} ` +
        `vs_bare_ratio=${((exportSeconds.release_csv ?? slowest) / bare).toFixed(1)}`,
    );
  } finally {
    await bench.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
