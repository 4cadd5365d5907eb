import Big from 'big.js';
import { ernCatalogue, type ErnCatalogue } from '../../data/access/ern-catalogue.js';
import { recordingOriginalAudio, releaseCoverArt } from '../../catalogue/delivery-assets.js';
import { NotFound } from '../../lib/errors.js';
import { orderedTracks } from './references.js';
import type { ErnArtist, ErnAudio, ErnDealTerms, ErnImage, ErnLine, ErnRelease, ErnTrack } from './types.js';

/**
 * Reads a release from the catalogue into the builder's input: tracks in
 * volume and position order, artists with their roles, credits, master rightsholders, ℗/© lines,
 * territories, the digital product's price tier and pre-order date, and the resources' batch file
 * names (hashes are added by the delivery once it has read the files).
 */
export async function loadErnRelease(tenantId: string, releaseId: string): Promise<ErnRelease> {
  const catalogue = await ernCatalogue(tenantId, releaseId);
  if (!catalogue) throw new NotFound('Release');
  return toErnRelease(catalogue);
}

type Row = Record<string, unknown>;
const rowsOf = (record: object, field: string): Row[] => {
  const value = (record as Row)[field];
  return Array.isArray(value) ? (value as Row[]) : [];
};
const str = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
const num = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/** A ℗/© line from its text and year ('' or a year). */
function line(text: unknown, year: unknown): ErnLine | undefined {
  const t = str(text);
  if (!t) return undefined;
  const y = Number(year);
  return { text: t, ...(Number.isInteger(y) && y > 0 && String(year) !== '' ? { year: y } : {}) };
}

/** Milliseconds from the measured audio, else from the typed HH:MM:SS length. */
function durationMs(audioMs: number | undefined, length: unknown): number {
  if (audioMs && audioMs > 0) return Math.round(audioMs);
  const match = /^(\d+):(\d{2}):(\d{2})$/.exec(String(length ?? ''));
  if (!match) return 0;
  return ((Number(match[1]) * 60 + Number(match[2])) * 60 + Number(match[3])) * 1000;
}

/**
 * Batch file names: the UPC (else the release id), volume and position for audio —
 * resources/{upc}_{vv}_{ppp}.{ext} — and resources/{upc}.{ext} for the cover, as stores expect.
 */
function fileBase(release: Row): string {
  return (releaseUpc(release) ?? String(release.id)).replace(/[^A-Za-z0-9_-]/g, '_');
}

/** The release's UPC as digits; a placeholder still to be assigned ("assign") is none. */
function releaseUpc(release: Row): string | undefined {
  return str(release.upc)?.replace(/\D/g, '') || undefined;
}
const extension = (name: string, fallback: string) =>
  /\.([A-Za-z0-9]{1,5})$/.exec(name)?.[1]?.toLowerCase() ?? fallback;

const AUDIO_CODECS: Record<string, ErnAudio['codec']> = { wav: 'WAV', flac: 'FLAC', aif: 'AIFF', aiff: 'AIFF' };

function audioOf(recording: Row, base: string, disc: number, position: number): ErnAudio | null {
  const asset = recordingOriginalAudio(recording as { id: string });
  if (!asset) return null;
  const audio = (recording.audio ?? {}) as Row;
  const ext = extension(asset.fileName, 'wav');
  return {
    fileName: `resources/${base}_${String(disc).padStart(2, '0')}_${String(position).padStart(3, '0')}.${ext}`,
    codec: AUDIO_CODECS[ext],
    sampleRate: num(audio.sample_rate),
    channels: num(audio.channels),
    bitDepth: num(audio.bit_depth),
    bytes: asset.bytes ?? num(audio.size),
  };
}

function coverOf(release: Row, base: string): ErnImage | null {
  const asset = releaseCoverArt(release as { id: string });
  if (!asset) return null;
  const artwork = (release.artwork ?? {}) as Row;
  const png = asset.contentType === 'image/png';
  return {
    fileName: `resources/${base}.${png ? 'png' : 'jpg'}`,
    codec: png ? 'PNG' : 'JPEG',
    width: num(artwork.width),
    height: num(artwork.height),
    bytes: asset.bytes ?? num(artwork.bytes),
  };
}

/** The digital product's terms, streaming and download unless it says otherwise. */
function dealTerms(release: Row, currency: string | undefined): ErnDealTerms {
  const products = rowsOf(release, 'products');
  const product = products.find((p) => p.format === 'Digital') ?? products[0] ?? {};
  const wholesale = product.wholesale_price;
  const price = typeof wholesale === 'number' || (typeof wholesale === 'string' && wholesale !== '') ? wholesale : null;
  return {
    releaseDate: str(release.release_date),
    preOrderDate: product.pre_order ? str(product.pre_order_date) : undefined,
    releaseTime: str(product.release_time),
    priceTier: str(product.price_tier),
    ...(price !== null && currency ? { wholesalePrice: new Big(price).toFixed(2), currency } : {}),
    streaming: product.streaming !== false,
    download: true,
  };
}

/** The release's catalogue records as the builder's plain input. */
export function toErnRelease(catalogue: ErnCatalogue): ErnRelease {
  const release = catalogue.release as unknown as Row;
  const byId = <T extends { id: string }>(items: T[]) => new Map(items.map((item) => [item.id, item]));
  const artists = byId(catalogue.artists);
  const contributors = byId(catalogue.contributors);
  const rightsholders = byId(catalogue.rightsholders);
  const genres = byId(catalogue.genres);
  const languages = byId(catalogue.languages);
  const recordings = byId(catalogue.recordings);
  const artistRows = (rows: Row[]): ErnArtist[] =>
    rows.flatMap((row) => {
      const artist = artists.get(String(row.artist_id));
      return artist ? [{ id: artist.id, name: artist.name, role: str(row.role) ?? 'Main' }] : [];
    });
  const genreOf = (record: Row) => {
    const genre = genres.get(String(record.primary_genre_id))?.name;
    return genre ? { genre, subGenre: genres.get(String(record.primary_subgenre_id))?.name } : undefined;
  };
  // ISO 639-1 where the language has one, else its 639-2 code (the message wants a BCP 47 tag).
  const languageOf = (id: unknown) => {
    const language = languages.get(String(id));
    const code = [language?.iso_alpha_two, language?.iso_alpha_three].find((c) => c && /^[a-z]{2,3}$/i.test(c));
    return code?.toLowerCase();
  };
  const base = fileBase(release);
  const releaseArtists = artistRows(rowsOf(release, 'artist_releases'));
  const displayArtist = str(release.display_artists) ?? releaseArtists.map((a) => a.name).join(', ');
  const tracks: ErnTrack[] = rowsOf(release, 'release_recordings').flatMap((row, index) => {
    const recording = recordings.get(String(row.recording_id)) as unknown as Row | undefined;
    if (!recording) return [];
    const disc = num(row.disc_number) ?? 1;
    const position = num(row.position) ?? index + 1;
    const own = artistRows(rowsOf(recording, 'artist_recordings'));
    const audio = (recording.audio ?? {}) as Row;
    return [
      {
        recordingId: String(recording.id),
        isrc: str(recording.isrc),
        title: String(recording.title),
        versionTitle: str(recording.mix_title),
        displayArtist: str(recording.display_artists) ?? displayArtist,
        artists: own.length ? own : releaseArtists,
        contributors: rowsOf(recording, 'contributor_recordings').flatMap((c) => {
          const found = contributors.get(String(c.contributor_id));
          const roles = Array.isArray(c.roles) ? c.roles.map(String) : [];
          return found ? [{ id: found.id, name: found.name, roles }] : [];
        }),
        rightsholders: rowsOf(recording, 'rightsholdings')
          .filter((r) => r.type === undefined || r.type === 'master')
          .flatMap((r) => {
            const found = rightsholders.get(String(r.rightsholder_id));
            return found ? [{ id: found.id, name: found.name, share: num(r.share) }] : [];
          }),
        durationMs: durationMs(num(audio.duration_ms), recording.length),
        explicit: recording.explicit === true || recording.explicit_lyrics === true,
        pLine: line(recording.p_line, recording.p_line_year) ?? line(release.p_line, release.p_line_year),
        genre: genreOf(recording),
        discNumber: disc,
        position,
        previewStartSeconds: num(recording.preview_start),
        instantGratification: row.instant_gratification === true,
        language: languageOf(recording.audio_language_id),
        audio: audioOf(recording, base, disc, position),
      },
    ];
  });
  const ern: ErnRelease = {
    id: String(release.id),
    title: String(release.title),
    versionTitle: str(release.version),
    upc: releaseUpc(release),
    catalogueNumber: str(release.cat_no),
    label: { id: str(release.label_id) ?? 'label', name: catalogue.labelName ?? 'Independent' },
    displayArtist,
    artists: releaseArtists,
    pLine: line(release.p_line, release.p_line_year),
    cLine: line(release.c_line, release.c_line_year),
    genre: genreOf(release),
    releaseDate: str(release.release_date),
    originalReleaseDate: str(release.original_release_date),
    explicit: release.explicit === true || tracks.some((t) => t.explicit),
    compilation: release.compilation === true,
    territories: (release.territories as string[] | undefined) ?? [],
    excludedTerritories: (release.excluded_territories as string[] | undefined) ?? [],
    language: languageOf(release.metadata_language_id) ?? 'en',
    deal: dealTerms(release, catalogue.currency),
    coverArt: coverOf(release, base),
    tracks,
  };
  // Tracks in delivery order: by volume, then position.
  return { ...ern, tracks: orderedTracks(ern) };
}
