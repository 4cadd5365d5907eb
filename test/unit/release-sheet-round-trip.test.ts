import { PassThrough } from 'node:stream';
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextCatalogueNumber, PRICE_TIERS, PRODUCT_FORMATS } from '../../shared/catalogue.js';
import { readWriter, WRITER_ROLES, writerCell } from '../../shared/catalogue-exchange/release-sheet.js';
import { writeExport } from '../../functions/catalogue-exchange/exports/build.js';
import { toExportRelease, type Names } from '../../functions/catalogue-exchange/exports/resolve.js';
import type { ExportRecording, ExportRelease } from '../../functions/catalogue-exchange/exports/types.js';
import type { ImportContext, MappedRow } from '../../functions/catalogue-exchange/import-model.js';
import { mapColumns } from '../../functions/catalogue-exchange/imports/column-map.js';
import { readImportFile } from '../../functions/catalogue-exchange/imports/read-file.js';
import { nameKey, type CatalogueNames } from '../../functions/catalogue-exchange/releases/catalogue-names.js';
import {
  planReleaseRows,
  readPlannedRelease,
  releaseImporter,
} from '../../functions/catalogue-exchange/releases/release-importer.js';
import { type MadeNames, storedRelease } from '../../functions/catalogue-exchange/releases/write-release.js';
import type { RecordingItem, ReleaseItem } from '../../functions/data/entities/catalogue.js';
import type { LanguageItem } from '../../functions/data/entities/reference.js';

/**
 * The product's own release sheet reads back faithfully: export release_csv → import into another company →
 * export again gives the same file, cell for cell, for any release. The import runs its real pure steps (file
 * reader, column map, plan, read, the records it stores) against the other company's names; the export its real
 * resolver and writer. Only `status` differs, by the catalogue's rule: an imported release is "imported".
 */

const LABELS = ['Northern Lights Records', 'Aurora Tapes'];
const GENRES = ['Electronic', 'Dance', 'Pop', 'Jazz'];
const LANGUAGES = [
  { id: 'lang-en', name: 'English', iso_alpha_two: 'en', iso_alpha_three: 'eng' },
  { id: 'lang-fr', name: 'French', iso_alpha_two: 'fr', iso_alpha_three: 'fra' },
  { id: 'lang-ja', name: 'Japanese', iso_alpha_two: 'ja', iso_alpha_three: 'jpn' },
];
const COUNTRIES = ['GB', 'FR', 'DE', 'US', 'JP'];
const PUBLISHERS = ['Copyright Control', 'Northern Songs'];
const ARTISTS = ['Earth, Wind & Fire', 'Björk', 'Ann Lee', 'MC "Q"', '=Formula Kid', '+Plus One', 'DJ @home', '坂本'];
// Names ending in brackets, with commas and with quotes: the writers column must still read them back.
const WRITERS = ['Ann Writer', 'Bo Lyric', 'Chen (Jr.)', 'Lee, Dana', 'Ö "Oz" Ng', '-Dash'];

const idOf = (kind: string, name: string) => `${kind}:${nameKey(name)}`;
const byName = (kind: string, names: readonly string[]) => new Map(names.map((n) => [nameKey(n), idOf(kind, n)]));

/** The other company: the same labels and reference data, none of the artists or writers, no releases. */
const TARGET: CatalogueNames = {
  labels: byName('label', LABELS),
  artists: new Map(),
  contributors: new Map(),
  genres: byName('genre', GENRES),
  languages: new Map(
    LANGUAGES.flatMap((l) => [l.name, l.iso_alpha_two, l.iso_alpha_three].map((k) => [nameKey(k), l.id])),
  ),
  countries: byName('country', COUNTRIES),
  territories: new Set(COUNTRIES),
  publishers: byName('publisher', PUBLISHERS),
  upcs: new Set(),
  catNos: new Set(),
  lastCatNos: new Map(),
  isrcs: new Set(),
};

/** The export's names for the other company's ids. */
function namesFor(created: Map<string, string>): Names {
  const nameOf = (id: unknown) => (typeof id === 'string' ? created.get(id) : undefined);
  return {
    artist: nameOf,
    contributor: nameOf,
    label: nameOf,
    publisher: nameOf,
    genre: nameOf,
    language: (id) => LANGUAGES.find((l) => l.id === id) as LanguageItem | undefined,
    country: (id) => (typeof id === 'string' && id.startsWith('country:') ? id.slice(8).toUpperCase() : undefined),
  };
}

// Text as people type it: any letters, punctuation a CSV must quote, formula-like starts, line breaks inside.
const CHARS = [...'abcXYZ019 ,;"\'=+-@&()|/éßø漢字🎵\n'];
const text = fc
  .string({ unit: fc.constantFrom(...CHARS), minLength: 1, maxLength: 16 })
  .map((s) => s.replace(/\s+/g, (ws) => (ws.includes('\n') ? '\n' : ' ')).trim())
  .filter((s) => s !== '' && !/^'[=+\-@]/.test(s));
const oneLine = text.map((s) => s.replace(/\n/g, ' ')).filter((s) => s.trim() === s && s !== '');
const optional = <T>(arb: fc.Arbitrary<T>, none: T) => fc.option(arb, { nil: none });
const isoDate = fc
  .integer({ min: Date.UTC(1950, 0, 1), max: Date.UTC(2035, 11, 31) })
  .map((ms) => new Date(ms).toISOString().slice(0, 10));
const flag = fc.boolean();
const line = fc.record({ text: oneLine, year: fc.integer({ min: 1950, max: 2030 }).map(String) });
const noLine = { text: '', year: '' };
const pick = <T>(values: readonly T[], min: number, max: number) =>
  fc.uniqueArray(fc.constantFrom(...values), { minLength: min, maxLength: max, selector: (v) => nameKey(String(v)) });

/** A GTIN-13 with its check digit. */
function upcOf(n: number): string {
  const body = `50${String(n).padStart(10, '0')}`;
  const sum = [...body].reverse().reduce((total, d, i) => total + Number(d) * (i % 2 === 0 ? 3 : 1), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

const recording = fc.record({
  title: text,
  mix_title: optional(oneLine, ''),
  alternative_title: optional(oneLine, ''),
  primary_artists: pick(ARTISTS, 1, 2),
  featured_artists: pick(ARTISTS, 0, 1),
  length: optional(
    fc.integer({ min: 1, max: 7199 }).map((s) => new Date(s * 1000).toISOString().slice(11, 19)),
    '00:00:00',
  ),
  c_line: optional(line, noLine),
  p_line: optional(line, noLine),
  primary_genre: fc.constantFrom(...GENRES),
  audio_language: fc.constantFrom(...LANGUAGES.map((l) => l.name)),
  explicit_lyrics: flag,
  album_only: flag,
  remastered: flag,
  sample: flag,
  medley: flag,
  writers: fc.uniqueArray(
    fc.record({
      name: fc.constantFrom(...WRITERS),
      roles: fc.uniqueArray(fc.constantFrom(...WRITER_ROLES), { minLength: 1, maxLength: 3 }),
    }),
    { minLength: 1, maxLength: 3, selector: (w) => nameKey(w.name) },
  ),
  publishers: pick(PUBLISHERS, 0, 2),
  recording_date: optional(isoDate, ''),
  recording_venue: optional(oneLine, ''),
  lyrics: optional(text, ''),
  preview_start: optional(fc.integer({ min: 0, max: 600 }), null),
  preview_length: optional(fc.integer({ min: 0, max: 600 }), null),
  price_tier: optional(fc.constantFrom(...PRICE_TIERS), ''),
  disc_number: fc.integer({ min: 1, max: 2 }),
});

const release = fc.record({
  title: text,
  version: optional(oneLine, ''),
  status: fc.constantFrom('drafted', 'live', 'delivered', 'imported'),
  // As the form stores it: trimmed, and without digits here so each release's own suffix keeps them unique.
  cat_no: optional(
    oneLine.map((s) => s.replace(/\d/g, '').trim()),
    '',
  ),
  label: fc.constantFrom(...LABELS),
  primary_artists: pick(ARTISTS, 1, 2),
  featured_artists: pick(ARTISTS, 0, 2),
  release_date: isoDate,
  original_release_date: isoDate,
  primary_genre: fc.constantFrom(...GENRES),
  secondary_genre: optional(fc.constantFrom(...GENRES), ''),
  c_line: line,
  p_line: line,
  explicit: flag,
  compilation: flag,
  format: fc.constantFrom(...PRODUCT_FORMATS),
  total_volumes: fc.integer({ min: 1, max: 3 }),
  territories: pick(COUNTRIES, 0, 3),
  metadata_language: fc.constantFrom(...LANGUAGES),
  recording_year: optional(fc.integer({ min: 1900, max: 2100 }).map(String), ''),
  recording_location: optional(oneLine, ''),
  country: optional(fc.constantFrom(...COUNTRIES), ''),
  price_tier: fc.constantFrom(...PRICE_TIERS),
  recordings: fc.array(recording, { minLength: 1, maxLength: 4 }),
});

type Draft = typeof release extends fc.Arbitrary<infer T> ? T : never;

/**
 * Releases as the source company's catalogue holds them, numbered so UPCs, ISRCs and catalogue numbers are its
 * own. A release left without a catalogue number got the one that follows its label's last, as on the form.
 */
function catalogue(drafts: Draft[]): ExportRelease[] {
  const last = new Map<string, string>();
  return drafts.map((draft, r) => {
    const own = draft.cat_no ? `${draft.cat_no}${r}-1` : '';
    const cat_no = own || (nextCatalogueNumber(last.get(draft.label)) ?? '');
    if (cat_no) last.set(draft.label, cat_no);
    const recordings: ExportRecording[] = draft.recordings
      .map((t, i) => ({ ...t, i }))
      .sort((a, b) => a.disc_number - b.disc_number || a.i - b.i)
      .map(({ i, ...t }, index) => ({
        ...t,
        id: `src-rec-${r}-${i}`,
        isrc: `${['GB', 'CS', 'AN', 'US'][i % 4]}AAA${String(r % 100).padStart(2, '0')}${String(i).padStart(5, '0')}`,
        position: index + 1,
        display_artist: '',
        secondary_genre: '',
        audio_language_code: '',
        explicit: t.explicit_lyrics,
        contributors: t.writers,
        performers: [],
        recording_country: '',
        commissioning_country: '',
        first_publication_country: '',
        status: 'drafted',
      }));
    return {
      ...draft,
      id: `src-rel-${r}`,
      upc: upcOf(r + 1),
      cat_no,
      display_artist: '',
      metadata_language: draft.metadata_language.name,
      metadata_language_code: draft.metadata_language.iso_alpha_two,
      release_type: 'Single',
      recordings,
    };
  });
}

async function releaseCsv(releases: Iterable<ExportRelease>): Promise<string> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const report = await writeExport('release_csv', releases, out);
  out.end();
  expect(report.skipped).toEqual([]);
  return Buffer.concat(chunks).toString('utf8');
}

/** Imports a release sheet into the other company (its pure steps) and answers the stored releases as export values. */
async function importAndExportAgain(csv: string): Promise<ExportRelease[]> {
  const { headers, rows: fileRows } = await readImportFile('releases.csv', Buffer.from(csv, 'utf8'));
  const rows: MappedRow[] = mapColumns(headers, fileRows, releaseImporter.attributes);
  const planned = planReleaseRows(rows, TARGET);
  expect(
    planned.flatMap((p) => [...p.errors.map((e) => `row ${e.row} ${e.field}: ${e.message}`), p.duplicate ?? []].flat()),
  ).toEqual([]);
  const ctx: ImportContext = { tenantId: 'tenant-b', userId: 'user-b', importId: 'import-1' };
  const created = new Map<string, string>([
    ...[...LABELS, ...GENRES, ...PUBLISHERS].flatMap((n) =>
      ['label', 'genre', 'publisher'].map((kind): [string, string] => [idOf(kind, n), n]),
    ),
  ]);
  return planned.map((record) => {
    const read = readPlannedRelease(record, rows, TARGET);
    // The artists and writers the import creates, each under one id, named as the sheet first spells them.
    const made: MadeNames = { artistIds: new Map(), writerIds: new Map() };
    for (const name of read.newArtists) {
      made.artistIds.set(nameKey(name), idOf('artist', name));
      if (!created.has(idOf('artist', name))) created.set(idOf('artist', name), name);
    }
    for (const name of read.newWriters) {
      made.writerIds.set(nameKey(name), idOf('writer', name));
      if (!created.has(idOf('writer', name))) created.set(idOf('writer', name), name);
    }
    const stored = storedRelease(ctx, record.key, read, made);
    const recordings = new Map(stored.records.map((r) => [String(r.id), r as unknown as RecordingItem]));
    return toExportRelease(stored.release as unknown as ReleaseItem, recordings, namesFor(created));
  });
}

const cells = (csv: string) => parse(csv, { columns: true }) as Record<string, string>[];

describe('release sheet round trip: export → import into another company → export', () => {
  it('gives the same sheet, cell for cell, for any releases (status becomes imported)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(release, { minLength: 1, maxLength: 4 }), async (drafts) => {
        const first = await releaseCsv(catalogue(drafts));
        const again = await releaseCsv(await importAndExportAgain(first));
        const before = cells(first);
        const after = cells(again);
        expect(after.map((row) => row.status)).toEqual(before.map(() => 'imported'));
        const withoutStatus = (rows: Record<string, string>[]) => rows.map(({ status: _status, ...row }) => row);
        expect(withoutStatus(after)).toEqual(withoutStatus(before));
      }),
      { numRuns: 100 },
    );
  }, 60_000);

  it('carries each losses the outside check found: writer roles, Digital, no publisher, no catalogue number', async () => {
    const [source] = catalogue([fc.sample(release, { numRuns: 1, seed: 7 })[0]]);
    const track = source.recordings[0];
    const sheet = await releaseCsv([
      {
        ...source,
        cat_no: '',
        format: 'Digital',
        recordings: [{ ...track, publishers: [], writers: [{ name: 'Ann Writer', roles: ['Composer', 'Lyricist'] }] }],
      },
    ]);
    const [row] = cells(sheet);
    expect(row).toMatchObject({
      cat_no: '',
      format: 'Digital',
      publishers: '',
      writers: 'Ann Writer (Composer, Lyricist)',
    });
    const [back] = await importAndExportAgain(sheet);
    expect(back.format).toBe('Digital');
    expect(back.cat_no).toBe('');
    expect(back.recordings[0].publishers).toEqual([]);
    expect(back.recordings[0].writers).toEqual([{ name: 'Ann Writer', roles: ['Composer', 'Lyricist'] }]);
  });
});

describe('an empty catalogue number on import follows the label’s last release, as on the form', () => {
  it('numbers the releases of the file one after the other from the label’s last, and leaves a label without one empty', async () => {
    const drafts = fc.sample(release, { numRuns: 4, seed: 11 });
    const [a, b, c, d] = catalogue(drafts).map((r, i) => ({
      ...r,
      label: i === 3 ? 'Aurora Tapes' : 'Northern Lights Records',
      cat_no: i === 1 ? 'NLR100' : '',
    }));
    const sheet = await releaseCsv([a, b, c, d]);
    const { headers, rows: fileRows } = await readImportFile('releases.csv', Buffer.from(sheet, 'utf8'));
    const rows = mapColumns(headers, fileRows, releaseImporter.attributes);
    const names = { ...TARGET, lastCatNos: new Map([[idOf('label', 'Northern Lights Records'), 'NLR009']]) };
    const planned = planReleaseRows(rows, names);
    expect(planned.map((p) => p.errors)).toEqual([[], [], [], []]);
    // NLR009 is the label's last: the first empty one is NLR010; NLR100 is then the last, so the next is NLR101.
    expect(planned.map((p) => p.filled?.cat_no)).toEqual(['NLR010', undefined, 'NLR101', undefined]);
    expect(planned.map((p) => readPlannedRelease(p, rows, names).fields.cat_no)).toEqual([
      'NLR010',
      'NLR100',
      'NLR101',
      undefined,
    ]);
    expect(planned[0].notes).toContain("Catalogue number NLR010: follows the label's last release");
  });
});

describe('the writers column', () => {
  it('reads a name alone as Writer, and bracketed writing roles as the roles', () => {
    expect(readWriter('Ann Lee')).toEqual({ name: 'Ann Lee', roles: ['Writer'] });
    expect(readWriter('Ann Lee (composer,  LYRICIST)')).toEqual({ name: 'Ann Lee', roles: ['Composer', 'Lyricist'] });
    // Brackets that are not writing roles are part of the name.
    expect(readWriter('Prince (Artist)')).toEqual({ name: 'Prince (Artist)', roles: ['Writer'] });
    expect(readWriter('Chen (Jr.) (Writer)')).toEqual({ name: 'Chen (Jr.)', roles: ['Writer'] });
  });

  it('writes the roles unless the writer is a plain Writer whose name has no brackets of its own', () => {
    expect(writerCell({ name: 'Ann Lee', roles: ['Writer'] })).toBe('Ann Lee');
    expect(writerCell({ name: 'Ann Lee', roles: ['Composer', 'Lyricist'] })).toBe('Ann Lee (Composer, Lyricist)');
    expect(writerCell({ name: 'Chen (Jr.)', roles: ['Writer'] })).toBe('Chen (Jr.) (Writer)');
  });
});
