import type { ImportContext, MappedRow, ModelImporter, PlannedRecord } from '../import-model.js';
import { isBlankRow } from '../imports/read-file.js';
import { loadCatalogueNames, namesForImport } from './catalogue-names.js';
import { readRecordings, STANDALONE_RECORDING_COLUMNS, type SheetRow } from './read-release.js';
import { countNamesMade, importListsChanged, namesToCreate, writeStandaloneRecording } from './write-release.js';

/**
 * The recording importer: recordings on their own, one per row, read with the release sheet's
 * recording columns (no disc or track position: they belong to a release). An ISRC the company has
 * already, or that an earlier row has, is a duplicate: reported, not written.
 */

const sheetRows = (rows: readonly MappedRow[]): SheetRow[] =>
  rows.flatMap((row, i) => (isBlankRow(row) ? [] : [{ n: i + 2, row }]));

const keyOf = (isrc: string, n: number) => (isrc ? `isrc-${isrc}` : `row-${n}`);

async function plan(ctx: ImportContext, rows: readonly MappedRow[]): Promise<PlannedRecord[]> {
  const names = await loadCatalogueNames(ctx.tenantId);
  const seen = new Map<string, number>();
  return sheetRows(rows).map((sheetRow) => {
    const read = readRecordings([sheetRow], names);
    const [recording] = read.recordings;
    const { isrc } = recording;
    const earlier = isrc ? seen.get(isrc) : undefined;
    const duplicate = read.errors.length
      ? undefined
      : names.isrcs.has(isrc)
        ? `ISRC ${isrc} is already in the catalogue`
        : earlier
          ? `ISRC ${isrc} is also on row ${earlier}`
          : undefined;
    if (isrc && !earlier) seen.set(isrc, sheetRow.n);
    const notes = [
      ...read.newArtists.map((name) => `New artist: ${name}`),
      ...read.newWriters.map((name) => `New writer: ${name}`),
    ];
    const alsoCreates = namesToCreate(read);
    const title = String(recording.fields.title ?? '') || 'Untitled';
    return {
      key: keyOf(isrc, sheetRow.n),
      rows: [sheetRow.n],
      label: isrc ? `${title} (ISRC ${isrc})` : `${title} (row ${sheetRow.n})`,
      errors: read.errors,
      ...(duplicate ? { duplicate } : {}),
      ...(notes.length ? { notes } : {}),
      ...(alsoCreates.length ? { alsoCreates } : {}),
    };
  });
}

async function write(ctx: ImportContext, record: PlannedRecord, rows: readonly MappedRow[]): Promise<number> {
  const names = await namesForImport(ctx);
  const [n] = record.rows;
  const read = readRecordings([{ n, row: rows[n - 2] }], names);
  if (read.errors.length) throw new Error(`Row ${read.errors[0].row}: ${read.errors[0].message}`);
  return writeStandaloneRecording(ctx, record.key, { ...read.recordings[0], ...read }, names);
}

export const recordingImporter: ModelImporter = {
  model: 'recordings',
  attributes: STANDALONE_RECORDING_COLUMNS.map((c) => ({ name: c.key, label: c.label, required: c.required })),
  plan,
  write,
  afterWrites: (ctx) => importListsChanged(ctx.tenantId),
  countAlsoCreated: countNamesMade,
};
