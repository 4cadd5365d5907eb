import { isValidIsrc, isValidUpc, normaliseIsrc, normaliseUpc } from '../../../shared/identifiers.js';
import { PRICE_TIERS, PRODUCT_FORMATS } from '../../../shared/catalogue.js';
import { VALIDATION } from '../../../shared/messages.js';
import { INSTRUMENTAL } from '../../../shared/schemas/reference.js';
import {
  readWriter,
  RELEASE_SHEET_COLUMNS,
  WORLDWIDE,
  type ReleaseSheetKey,
  type SheetColumn,
  type WriterCredit,
} from '../../../shared/catalogue-exchange/release-sheet.js';
import type { MappedRow, RowError } from '../import-model.js';
import { nameKey, type CatalogueNames } from './catalogue-names.js';
import { readCell, type CellValue } from './sheet-cells.js';

/**
 * One release of the release sheet read from its rows (one per recording): every cell checked by
 * its column, names resolved against the company and the reference data, and the release and its
 * recordings as fields to store. Every problem is an error on its row and column; artists and
 * writers the company does not have yet are new records (`newArtists`, `newWriters`), said so in
 * the preview's notes.
 */
export type SheetRow = { n: number; row: MappedRow };
type Fields = Record<string, unknown>;
export type ReadRecording = {
  n: number;
  isrc: string;
  fields: Fields;
  artists: ArtistRef[];
  /** Each writer once, with every writing role the row gives it. */
  writers: WriterCredit[];
};
/** An artist on a release or recording: its role, and its id or (a new artist) its name. */
export type ArtistRef = { name: string; role: 'Main' | 'Featuring' };
export type ReadRelease = {
  upc: string;
  title: string;
  errors: RowError[];
  fields: Fields;
  artists: ArtistRef[];
  recordings: ReadRecording[];
  newArtists: string[];
  newWriters: string[];
};

const COLUMN = new Map<string, SheetColumn>(RELEASE_SHEET_COLUMNS.map((c) => [c.key, c]));
const RELEASE_COLUMNS = RELEASE_SHEET_COLUMNS.filter((c) => c.level === 'release');
const RECORDING_COLUMNS = RELEASE_SHEET_COLUMNS.filter((c) => c.level === 'recording');

const column = (key: ReleaseSheetKey) => COLUMN.get(key) as SheetColumn;

/** Reads one row's cells of the given columns, collecting each cell's error. */
function readCells(columns: readonly SheetColumn[], sheetRow: SheetRow, errors: RowError[]) {
  const values = new Map<string, CellValue>();
  for (const c of columns) {
    const { value, error } = readCell(c, sheetRow.row[c.key]);
    if (error) errors.push({ row: sheetRow.n, field: c.key, message: error });
    else if (value !== undefined) values.set(c.key, value);
  }
  return values;
}

/** What reading a release's or a recording's rows collects: its errors and the names still to create. */
function readerFor(names: CatalogueNames) {
  const errors: RowError[] = [];
  const at = (n: number) => (field: ReleaseSheetKey, message: string) => errors.push({ row: n, field, message });
  const resolve = (
    key: ReleaseSheetKey,
    map: Map<string, string>,
    value: string | undefined,
    report: (field: ReleaseSheetKey, message: string) => void,
  ) => {
    if (!value) return undefined;
    const id = map.get(nameKey(value));
    if (!id) report(key, `${column(key).label} ${value} not found`);
    return id;
  };
  const newArtists = new Set<string>();
  const newWriters = new Set<string>();
  const artistRefs = (primary: string[], featured: string[]): ArtistRef[] => {
    const refs: ArtistRef[] = [
      ...primary.map((name) => ({ name, role: 'Main' as const })),
      ...featured.map((name) => ({ name, role: 'Featuring' as const })),
    ];
    for (const ref of refs) if (!names.artists.has(nameKey(ref.name))) newArtists.add(ref.name);
    return refs;
  };
  return { names, errors, at, resolve, newArtists, newWriters, artistRefs };
}
type Reader = ReturnType<typeof readerFor>;

/**
 * Reads recordings' cells, one per row: an ISRC or a track position twice among them is an error on
 * the later row. Pure: the reader holds the names.
 */
function readRecordingRows(
  rows: readonly SheetRow[],
  reader: Reader,
  columns: readonly SheetColumn[] = RECORDING_COLUMNS,
): ReadRecording[] {
  const { names, errors, at, resolve, newWriters, artistRefs } = reader;
  const seenIsrc = new Map<string, number>();
  const seenPosition = new Map<string, number>();
  return rows.map((sheetRow): ReadRecording => {
    const report = at(sheetRow.n);
    const cells = readCells(columns, sheetRow, errors);
    const value = (key: ReleaseSheetKey) => cells.get(key) as string | undefined;
    const isrcText = value('isrc') ?? '';
    const isrc = normaliseIsrc(isrcText);
    if (isrcText && !isValidIsrc(isrcText))
      report('isrc', 'ISRC must be 2 letters, 3 characters, 2 digits and 5 digits (e.g. GB-AAA-05-00001)');
    else if (isrc && seenIsrc.has(isrc)) report('isrc', `ISRC ${isrc} is on row ${seenIsrc.get(isrc)} too`);
    if (isrc) seenIsrc.set(isrc, sheetRow.n);
    const place = `${cells.get('disc_number') ?? ''}/${cells.get('position') ?? ''}`;
    if (cells.has('position') && seenPosition.has(place))
      report('position', `Track position is taken by row ${seenPosition.get(place)} on the same disc`);
    seenPosition.set(place, sheetRow.n);
    const publisherIds = ((cells.get('publishers') as string[] | undefined) ?? []).flatMap((name) => {
      const id = names.publishers.get(nameKey(name));
      if (!id) report('publishers', `Publisher ${name} not found`);
      return id ? [id] : [];
    });
    const writers = writerCredits((cells.get('writers') as string[] | undefined) ?? []);
    for (const w of writers) if (!names.contributors.has(nameKey(w.name))) newWriters.add(w.name);
    const trackTierText = value('track_price_tier');
    const trackTier = PRICE_TIERS.find((t) => nameKey(t) === nameKey(trackTierText ?? ''));
    if (trackTierText && !trackTier)
      report('track_price_tier', `Track price tier must be one of ${PRICE_TIERS.join(', ')}`);
    const trackArtists = artistRefs(
      (cells.get('track_primary_artists') as string[] | undefined) ?? [],
      (cells.get('track_featured_artists') as string[] | undefined) ?? [],
    );
    return {
      n: sheetRow.n,
      isrc,
      artists: trackArtists,
      writers,
      fields: {
        title: value('track_title'),
        isrc: isrc || undefined,
        mix_title: value('mix_title'),
        primary_genre_id: resolve('track_primary_genre', names.genres, value('track_primary_genre'), report),
        audio_language_id: resolve('audio_language', names.languages, value('audio_language'), report),
        album_only: cells.get('album_only'),
        explicit_lyrics: cells.get('explicit_lyrics'),
        explicit: cells.get('explicit_lyrics'),
        length: value('length') ?? '00:00:00',
        ...copyrightLine('c_line', value('track_c_line')),
        ...copyrightLine('p_line', value('track_p_line')),
        alternative_title: value('alternative_title'),
        recording_date: value('recording_date'),
        recording_venue: value('recording_venue'),
        remastered: cells.get('remastered'),
        sample: cells.get('sample'),
        medley: cells.get('medley'),
        preview_start: cells.get('preview_start'),
        preview_length: cells.get('preview_length'),
        lyrics: value('lyrics'),
        // The track's own price tier, kept where the recording form keeps it.
        product_items: trackTier ? [{ price_tier: trackTier }] : undefined,
        publisher_ids: publisherIds,
        disc_number: cells.get('disc_number') ?? 1,
        position: cells.get('position'),
      },
    };
  });
}

/** A recording's columns when it is imported on its own: no release, so no disc or track position. */
export const STANDALONE_RECORDING_COLUMNS = RECORDING_COLUMNS.filter(
  (c) => c.key !== 'disc_number' && c.key !== 'position',
);

/** Recordings on their own (the recordings model): each row one recording, its errors and new names. */
export function readRecordings(rows: readonly SheetRow[], names: CatalogueNames) {
  const reader = readerFor(names);
  const recordings = readRecordingRows(rows, reader, STANDALONE_RECORDING_COLUMNS);
  return {
    errors: reader.errors,
    recordings,
    newArtists: [...reader.newArtists],
    newWriters: [...reader.newWriters],
  };
}

/** Reads a release's and its recordings' cells, resolving names. Pure: the caller gives the names. */
export function readRelease(rows: readonly SheetRow[], names: CatalogueNames): ReadRelease {
  const reader = readerFor(names);
  const { errors, at, newArtists, newWriters, artistRefs } = reader;
  const [first] = rows;
  const releaseError = at(first.n);
  const release = readCells(RELEASE_COLUMNS, first, errors);
  // Release columns repeat on every row of the release; a row saying otherwise is an error, not silently ignored.
  for (const other of rows.slice(1))
    for (const c of RELEASE_COLUMNS) {
      const cell = (other.row[c.key] ?? '').trim();
      if (cell && cell !== (first.row[c.key] ?? '').trim())
        at(other.n)(c.key as ReleaseSheetKey, `${c.label} differs from row ${first.n} of the same UPC`);
    }
  const text = (key: ReleaseSheetKey) => release.get(key) as string | undefined;
  const list = (key: ReleaseSheetKey) => (release.get(key) as string[] | undefined) ?? [];
  const resolve = (key: ReleaseSheetKey, map: Map<string, string>, value: string | undefined) =>
    reader.resolve(key, map, value, releaseError);
  const upcText = text('upc') ?? '';
  if (upcText && !isValidUpc(upcText)) releaseError('upc', VALIDATION.upc);
  else if (/assign/i.test(upcText)) releaseError('upc', 'UPC must be the barcode itself to import a release');
  const territories = list('territories').map((t) => t.toUpperCase());
  for (const t of territories)
    if (t !== WORLDWIDE && !names.territories.has(t))
      releaseError('territories', `Territories: ${t} is not an ISO country code or ${WORLDWIDE}`);
  if (territories.includes(WORLDWIDE) && territories.length > 1)
    releaseError('territories', `Territories: ${WORLDWIDE} stands for the world on its own`);
  const format = text('format');
  const knownFormat = PRODUCT_FORMATS.find((f) => nameKey(f) === nameKey(format ?? ''));
  if (format && !knownFormat) releaseError('format', `Format must be one of ${PRODUCT_FORMATS.join(', ')}`);
  // As in the release form: the metadata language may not be Instrumental (a recording's audio language may).
  const metadataLanguageId = resolve('metadata_language', names.languages, text('metadata_language'));
  if (metadataLanguageId && metadataLanguageId === names.languages.get(nameKey(INSTRUMENTAL)))
    releaseError('metadata_language', VALIDATION.notInstrumental('Metadata language'));
  const priceTier = text('price_tier');
  const knownTier = PRICE_TIERS.find((t) => nameKey(t) === nameKey(priceTier ?? ''));
  if (priceTier && !knownTier) releaseError('price_tier', `Price tier must be one of ${PRICE_TIERS.join(', ')}`);

  const fields: Fields = {
    title: text('release_title'),
    version: text('release_version'),
    upc: upcText ? normaliseUpc(upcText) : undefined,
    cat_no: text('cat_no'),
    label_id: resolve('label', names.labels, text('label')),
    release_date: text('release_date'),
    original_release_date: text('original_release_date'),
    primary_genre_id: resolve('primary_genre', names.genres, text('primary_genre')),
    secondary_genre_id: resolve('secondary_genre', names.genres, text('secondary_genre')),
    ...copyrightLine('c_line', text('c_line')),
    ...copyrightLine('p_line', text('p_line')),
    explicit: release.get('explicit'),
    compilation: release.get('compilation'),
    total_volumes: release.get('total_volumes'),
    territories,
    metadata_language_id: metadataLanguageId,
    recording_year: release.get('recording_year'),
    recording_location: text('recording_location'),
    country_id: resolve('country', names.countries, text('country')),
    // The release's format as the form keeps it, and its product's.
    release_format: knownFormat ?? 'Digital',
    products: [{ format: knownFormat ?? 'Digital', price_tier: knownTier ?? 'Front', type_of: 'Distributed' }],
  };
  const artists = artistRefs(list('primary_artists'), list('featured_artists'));

  const recordings = readRecordingRows(rows, reader);
  return {
    upc: typeof fields.upc === 'string' ? fields.upc : '',
    title: text('release_title') ?? '',
    errors,
    fields,
    artists,
    recordings,
    newArtists: [...newArtists],
    newWriters: [...newWriters],
  };
}

/** A C or P line as typed, and its year when the line starts or ends with one ("2024 Night Records"). */
function copyrightLine(field: 'c_line' | 'p_line', line: string | undefined): Fields {
  if (!line) return {};
  const year = /(?:^|\D)((?:19|20)\d{2})(?:\D|$)/.exec(line)?.[1];
  return { [field]: line, ...(year ? { [`${field}_year`]: Number(year) } : {}) };
}

/** The writers column's values as credits: a writer named twice ("Ann (Composer)|Ann (Lyricist)") is one credit. */
function writerCredits(values: readonly string[]): WriterCredit[] {
  const byName = new Map<string, WriterCredit>();
  for (const value of values) {
    const credit = readWriter(value);
    const known = byName.get(nameKey(credit.name));
    if (known) known.roles = [...new Set([...known.roles, ...credit.roles])];
    else byName.set(nameKey(credit.name), credit);
  }
  return [...byName.values()];
}
