import { nextCatalogueNumber } from '../../../shared/catalogue.js';
import { normaliseUpc } from '../../../shared/identifiers.js';
import { RELEASE_GROUP_KEY, RELEASE_SHEET_COLUMNS } from '../../../shared/catalogue-exchange/release-sheet.js';
import type { ImportContext, MappedRow, ModelImporter, PlannedRecord } from '../import-model.js';
import { isBlankRow } from '../imports/read-file.js';
import { loadCatalogueNames, nameKey, namesForImport, type CatalogueNames } from './catalogue-names.js';
import { readRelease, type ReadRelease, type SheetRow } from './read-release.js';
import { countNamesMade, importListsChanged, namesToCreate, writeRelease } from './write-release.js';

/**
 * The release importer: rows of the
 * release sheet grouped by UPC into releases, each with its recordings. Duplicates — a UPC,
 * catalogue number or ISRC the company has already, or that an earlier release of the file has —
 * are reported and not written; artists and writers the company lacks are created with the release.
 */

/** Rows grouped by UPC in the order the file first names them; a row without a usable UPC is alone. */
function groupByUpc(rows: readonly MappedRow[]): { key: string; rows: SheetRow[] }[] {
  const groups = new Map<string, SheetRow[]>();
  rows.forEach((row, i) => {
    if (isBlankRow(row)) return;
    const n = i + 2;
    const upc = (row[RELEASE_GROUP_KEY] ?? '').trim();
    const key = upc && !/assign/i.test(upc) ? normaliseUpc(upc) : `row-${n}`;
    groups.set(key, [...(groups.get(key) ?? []), { n, row }]);
  });
  return [...groups].map(([key, group]) => ({ key, rows: group }));
}

/** Why a release is a duplicate, if it is: the company's catalogue first, then earlier releases of the file. */
function duplicateOf(read: ReadRelease, names: CatalogueNames, inFile: Map<string, number>): string | undefined {
  const catNo = typeof read.fields.cat_no === 'string' ? read.fields.cat_no : '';
  const checks: [string, string, boolean][] = [
    [`upc:${read.upc}`, `UPC ${read.upc}`, !!read.upc && names.upcs.has(read.upc)],
    [`cat:${nameKey(catNo)}`, `Catalogue number ${catNo}`, !!catNo && names.catNos.has(nameKey(catNo))],
    ...read.recordings.map((r): [string, string, boolean] => [
      `isrc:${r.isrc}`,
      `ISRC ${r.isrc}`,
      names.isrcs.has(r.isrc),
    ]),
  ];
  for (const [key, what, inCatalogue] of checks) {
    if (key.endsWith(':')) continue;
    if (inCatalogue) return `${what} is already in the catalogue`;
    const row = inFile.get(key);
    if (row) return `${what} is also on row ${row}`;
  }
  for (const [key] of checks) if (!key.endsWith(':')) inFile.set(key, read.recordings[0]?.n ?? 0);
  return undefined;
}

const notesOf = (read: ReadRelease, filled: Record<string, string> | undefined) => [
  ...(filled?.cat_no ? [`Catalogue number ${filled.cat_no}: follows the label's last release`] : []),
  ...read.newArtists.map((name) => `New artist: ${name}`),
  ...read.newWriters.map((name) => `New writer: ${name}`),
];

/** The release's rows with the cells the plan filled in put on its first row (the one its release cells are read from). */
const withFilled = (group: readonly SheetRow[], filled: Record<string, string> | undefined): SheetRow[] =>
  filled ? group.map((r, i) => (i === 0 ? { n: r.n, row: { ...r.row, ...filled } } : r)) : [...group];

const fieldText = (read: ReadRelease, field: string) =>
  typeof read.fields[field] === 'string' ? (read.fields[field] as string) : '';

/** Plans the releases of the rows; writes nothing. */
export async function planReleases(ctx: ImportContext, rows: readonly MappedRow[]): Promise<PlannedRecord[]> {
  return planReleaseRows(rows, await loadCatalogueNames(ctx.tenantId));
}

/** Plans the releases of the rows against the company's names. Pure. */
export function planReleaseRows(rows: readonly MappedRow[], names: CatalogueNames): PlannedRecord[] {
  const inFile = new Map<string, number>();
  // Each label's latest catalogue number, moved on by the file's releases in order, as if made one by one on the form.
  const lastCatNos = new Map(names.lastCatNos);
  return groupByUpc(rows).map(({ key, rows: group }) => {
    let read = readRelease(group, names);
    const labelId = fieldText(read, 'label_id');
    // An empty catalogue number follows the label's last release, as on the form (left empty when it has none).
    const predicted = !fieldText(read, 'cat_no') && labelId ? nextCatalogueNumber(lastCatNos.get(labelId)) : undefined;
    const filled = predicted ? { cat_no: predicted } : undefined;
    if (filled) read = readRelease(withFilled(group, filled), names);
    const duplicate = read.errors.length ? undefined : duplicateOf(read, names, inFile);
    const catNo = fieldText(read, 'cat_no');
    if (!read.errors.length && !duplicate && labelId && catNo) lastCatNos.set(labelId, catNo);
    const notes = notesOf(read, filled);
    const alsoCreates = namesToCreate(read);
    return {
      key,
      rows: group.map((r) => r.n),
      label: read.upc
        ? `${read.title || 'Untitled'} (UPC ${read.upc})`
        : `${read.title || 'Untitled'} (row ${group[0].n})`,
      errors: read.errors,
      ...(duplicate ? { duplicate } : {}),
      ...(notes.length ? { notes } : {}),
      ...(alsoCreates.length ? { alsoCreates } : {}),
      ...(filled ? { filled } : {}),
    };
  });
}

/** A planned release read again from its rows, with the cells the plan filled in. Pure. */
export function readPlannedRelease(record: PlannedRecord, rows: readonly MappedRow[], names: CatalogueNames) {
  return readRelease(
    withFilled(
      record.rows.map((n) => ({ n, row: rows[n - 2] })),
      record.filled,
    ),
    names,
  );
}

/** Writes one planned release from its rows (`rows[n - 2]` is row n). */
export async function writePlannedRelease(
  ctx: ImportContext,
  record: PlannedRecord,
  rows: readonly MappedRow[],
): Promise<number> {
  const names = await namesForImport(ctx);
  const read = readPlannedRelease(record, rows, names);
  if (read.errors.length) throw new Error(`Row ${read.errors[0].row}: ${read.errors[0].message}`);
  return writeRelease(ctx, record.key, read, names);
}

export const releaseImporter: ModelImporter = {
  model: 'releases',
  attributes: RELEASE_SHEET_COLUMNS.map((c) => ({ name: c.key, label: c.label, required: c.required })),
  plan: planReleases,
  write: writePlannedRelease,
  afterWrites: (ctx) => importListsChanged(ctx.tenantId),
  countAlsoCreated: countNamesMade,
};
