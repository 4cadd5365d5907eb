import type { RecordingItem, ReleaseItem } from '../../data/entities/catalogue.js';
import type { LanguageItem } from '../../data/entities/reference.js';
import type { CopyrightLine, ExportCredit, ExportRecording, ExportRelease } from './types.js';
import { DEFAULT_LENGTH, lengthFromMs } from './values.js';
import { WRITER_ROLES } from '../../../shared/catalogue-exchange/release-sheet.js';

/** Names of the records a release links to (filled by the loader's batch reads). */
export type Names = {
  artist: (id: unknown) => string | undefined;
  contributor: (id: unknown) => string | undefined;
  label: (id: unknown) => string | undefined;
  publisher: (id: unknown) => string | undefined;
  genre: (id: unknown) => string | undefined;
  language: (id: unknown) => LanguageItem | undefined;
  country: (id: unknown) => string | undefined;
};

/** Credits that write the song: a recording's writers in the sheet (and FUGA's composers). */
const WRITER_CREDITS: ReadonlySet<string> = new Set(WRITER_ROLES);
/** Artist roles listed as featured; every other role (Main, With, Vs …) is a primary artist. */
const FEATURED_ROLES: ReadonlySet<string> = new Set(['Featuring']);

type Row = Record<string, unknown>;
const rowsOf = (record: object, field: string): Row[] => {
  const value = (record as Row)[field];
  return Array.isArray(value) ? (value as Row[]) : [];
};
const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const flag = (value: unknown): boolean => value === true;
const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const yearText = (value: unknown): string =>
  (typeof value === 'number' || typeof value === 'string') && String(value).trim() !== '' ? String(value).trim() : '';
const line = (record: Row, field: 'c_line' | 'p_line'): CopyrightLine => ({
  text: text(record[field]),
  year: yearText(record[`${field}_year`]),
});
const languageCode = (language: LanguageItem | undefined): string =>
  [language?.iso_alpha_two, language?.iso_alpha_three].find((code) => code && /^[a-z]{2,3}$/i.test(code)) ?? '';

/** Artists of a release or recording in their order, split into primary and featured. */
function artistsOf(rows: Row[], names: Names): { primary: string[]; featured: string[]; display: string } {
  const named = rows.flatMap((row) => {
    const name = names.artist(row.artist_id);
    return name ? [{ name, role: text(row.role) || 'Main', join: text(row.join_text) }] : [];
  });
  return {
    primary: named.filter((a) => !FEATURED_ROLES.has(a.role)).map((a) => a.name),
    featured: named.filter((a) => FEATURED_ROLES.has(a.role)).map((a) => a.name),
    display: named.map((a, i) => (i === 0 ? a.name : `${a.join ? ` ${a.join} ` : ', '}${a.name}`)).join(''),
  };
}

function creditsOf(rows: Row[], names: Names, roles: (row: Row) => string[]): ExportCredit[] {
  return rows.flatMap((row) => {
    const name = names.contributor(row.contributor_id);
    return name ? [{ name, roles: roles(row) }] : [];
  });
}

/** A typed length, else the measured audio's, else 00:00:00. */
function lengthOf(recording: Row): string {
  const typed = text(recording.length);
  if (typed && typed !== DEFAULT_LENGTH) return typed;
  const ms = num((recording.audio as Row | undefined)?.duration_ms);
  return ms && ms > 0 ? lengthFromMs(ms) : DEFAULT_LENGTH;
}

/** The release's product format (Digital, CD …): its own, else its first product's, else Digital (the default). */
function formatOf(release: Row, products: Row[]): string {
  return text(release.release_format) || text(products[0]?.format) || 'Digital';
}

/** The release's type by its number of tracks (1–3 Single, 4–6 EP, else Album), as stores name it. */
function typeOf(tracks: number): string {
  return tracks <= 3 ? 'Single' : tracks <= 6 ? 'EP' : 'Album';
}

function recordingOf(record: RecordingItem, slot: Row, index: number, names: Names): ExportRecording {
  const recording = record as unknown as Row;
  const artists = artistsOf(rowsOf(recording, 'artist_recordings'), names);
  const contributors = creditsOf(rowsOf(recording, 'contributor_recordings'), names, (row) =>
    Array.isArray(row.roles) ? row.roles.map(String) : [],
  );
  const products = rowsOf(recording, 'product_items');
  return {
    id: record.id,
    isrc: text(recording.isrc),
    title: text(recording.title),
    mix_title: text(recording.mix_title),
    alternative_title: text(recording.alternative_title),
    display_artist: text(recording.display_artists) || artists.display,
    primary_artists: artists.primary,
    featured_artists: artists.featured,
    disc_number: num(slot.disc_number) ?? 1,
    position: num(slot.position) ?? index + 1,
    length: lengthOf(recording),
    c_line: line(recording, 'c_line'),
    p_line: line(recording, 'p_line'),
    primary_genre: names.genre(recording.primary_genre_id) ?? '',
    secondary_genre: names.genre(recording.secondary_genre_id) ?? '',
    audio_language: names.language(recording.audio_language_id)?.name ?? '',
    audio_language_code: languageCode(names.language(recording.audio_language_id)),
    explicit: flag(recording.explicit),
    explicit_lyrics: flag(recording.explicit_lyrics),
    album_only: flag(recording.album_only),
    remastered: flag(recording.remastered),
    sample: flag(recording.sample),
    medley: flag(recording.medley),
    // Each writer with its writing roles only: the sheet carries them, so a re-import credits the same roles.
    writers: contributors.flatMap((c) => {
      const roles = c.roles.filter((role) => WRITER_CREDITS.has(role));
      return roles.length ? [{ name: c.name, roles }] : [];
    }),
    publishers: rowsOf(recording, 'publisher_recordings').flatMap((row) => names.publisher(row.publisher_id) ?? []),
    contributors,
    performers: creditsOf(rowsOf(recording, 'recording_performers'), names, (row) =>
      text(row.role) ? [text(row.role)] : [],
    ),
    recording_date: text(recording.recording_date),
    recording_venue: text(recording.recording_venue),
    recording_country: names.country(recording.recording_country_id) ?? '',
    commissioning_country: names.country(recording.commissioning_country_id) ?? '',
    first_publication_country: names.country(recording.first_publication_country_id) ?? '',
    lyrics: text(recording.lyrics),
    preview_start: num(recording.preview_start),
    preview_length: num(recording.preview_length),
    price_tier: text(products[0]?.price_tier),
    status: text(recording.status) || 'drafted',
  };
}

/** A release and its recordings (in volume, then position order) as export values. */
export function toExportRelease(
  item: ReleaseItem,
  recordings: ReadonlyMap<string, RecordingItem>,
  names: Names,
): ExportRelease {
  const release = item as unknown as Row;
  const artists = artistsOf(rowsOf(release, 'artist_releases'), names);
  const tracks = rowsOf(release, 'release_recordings')
    .flatMap((slot, index) => {
      const recording = recordings.get(text(slot.recording_id));
      return recording ? [recordingOf(recording, slot, index, names)] : [];
    })
    .sort((a, b) => a.disc_number - b.disc_number || a.position - b.position);
  const products = rowsOf(release, 'products');
  const digital = products.find((p) => p.format === 'Digital') ?? products[0];
  return {
    id: item.id,
    title: text(release.title),
    version: text(release.version),
    status: text(release.status) || 'drafted',
    upc: text(release.upc),
    cat_no: text(release.cat_no),
    label: names.label(release.label_id) ?? '',
    display_artist: text(release.display_artists) || artists.display,
    primary_artists: artists.primary,
    featured_artists: artists.featured,
    release_date: text(release.release_date),
    original_release_date: text(release.original_release_date),
    primary_genre: names.genre(release.primary_genre_id) ?? '',
    secondary_genre: names.genre(release.secondary_genre_id) ?? '',
    c_line: line(release, 'c_line'),
    p_line: line(release, 'p_line'),
    explicit: flag(release.explicit),
    compilation: flag(release.compilation),
    format: formatOf(release, products),
    release_type: typeOf(tracks.length),
    total_volumes: num(release.total_volumes) ?? 1,
    territories: Array.isArray(release.territories) ? release.territories.map(String) : [],
    metadata_language: names.language(release.metadata_language_id)?.name ?? '',
    metadata_language_code: languageCode(names.language(release.metadata_language_id)),
    recording_year: yearText(release.recording_year),
    recording_location: text(release.recording_location),
    country: names.country(release.country_id) ?? '',
    price_tier: text(digital?.price_tier),
    recordings: tracks,
  };
}
