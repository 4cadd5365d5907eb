import { valueWords } from './messages.js';
/** Fixed lists of the catalogue, shared by the API and the forms. */

export const ARTIST_CONFIGS = ['individual', 'band'] as const;

export const IDENTIFIER_SERVICES = [
  'Apple Music',
  'Spotify',
  'Soundcloud',
  'Deezer',
  'Discogs',
  'Musicbrainz',
  'Anghami',
  'ISNI',
  'RYM',
] as const;
type IdentifierService = (typeof IDENTIFIER_SERVICES)[number];

/** What choosing Spotify prefills. */
export const SPOTIFY_ARTIST_PREFIX = 'spotify:artist:';

export const MEMBERSHIP_TYPES = ['base', 'main', 'featured', 'performer', 'ex', 'retired'] as const;

/** The artist line-up roles. */
export const LINEUP_ROLES = [
  'Producer',
  'Drums',
  'Keyboards',
  'Song Writer',
  'Lead Vocalist',
  'Backing Vocalist',
  'Guitar',
  'Lead Guitar',
  'Rhythm Guitar',
  'Percussion',
  'Synths',
  'Piano',
  'Dancer',
  'Bongos',
  'Strings',
  'Wind Instruments',
  'Engineer',
  'Mastering Engineer',
  'Bass Guitar',
] as const;

/** Link texts suggested for artist URLs; free text is allowed too. */
export const ARTIST_LINK_TEXTS = [
  'Artist Website',
  'Soundcloud',
  'Twitter',
  'Bandcamp',
  'Rate Your Music',
  'Facebook',
  'Hearthis',
  'Instagram',
  'Discogs',
  'All Music',
  'Resident Advisor',
  'Wikipedia',
] as const;

export const STATEMENT_FREQUENCIES = ['Monthly', 'Quarterly', 'Half-yearly', 'Yearly'] as const;
export const STATEMENT_FORMATS = ['PDF', 'CSV', 'XLSX'] as const;
/** What the formats setting decides, in the forms' words. */
export const STATEMENT_FORMATS_HINT =
  'The files each statement’s mail attaches: the PDF, its lines as CSV, or as an Excel workbook. None chosen: the PDF.';

const LINKS: Partial<Record<IdentifierService, (id: string) => string>> = {
  // A Spotify identifier has three colon-separated parts: spotify:artist:<id>.
  Spotify: (id) => `https://open.spotify.com/artist/${encodeURIComponent(id.split(':')[2] ?? '')}`,
  Deezer: (id) => `https://www.deezer.com/artist/${encodeURIComponent(id)}`,
  'Apple Music': (id) => `https://music.apple.com/artist/${encodeURIComponent(id)}`,
  Soundcloud: (id) => `https://soundcloud.com/${encodeURIComponent(id)}`,
  Discogs: (id) => `https://www.discogs.com/artist/${encodeURIComponent(id)}`,
  Musicbrainz: (id) => `https://musicbrainz.org/artist/${encodeURIComponent(id)}`,
  ISNI: (id) => `https://isni.org/isni/${encodeURIComponent(id.replace(/[\s-]/g, ''))}`,
};

/**
 * The outbound link of an artist identifier: a URL
 * for the services that have one, null for Anghami (no link at all), "No Link" for the others.
 */
export function identifierLink(service: string, identifier: string): string | null {
  if (service === 'Anghami') return null;
  const build = LINKS[service as IdentifierService];
  return build && identifier.trim() ? build(identifier.trim()) : 'No Link';
}

/** Roles of an artist on a release or recording; the first artist added is Main. */
export const ARTIST_ROLES = [
  'Main',
  'Featuring',
  'Remixer',
  'Producer',
  'With',
  'Vs',
  'Composer',
  'Conductor',
  'Orchestra',
  'Ensemble',
] as const;

/** Contributor credits on recordings (a fixed list of about 75). */
export const CONTRIBUTOR_CREDITS = [
  'Composer',
  'Lyricist',
  'Writer',
  'Songwriter',
  'Arranger',
  'Orchestrator',
  'Librettist',
  'Translator',
  'Adapter',
  'Publisher',
  'Producer',
  'Co-Producer',
  'Executive Producer',
  'Vocal Producer',
  'Remixer',
  'Mixing Engineer',
  'Mastering Engineer',
  'Recording Engineer',
  'Engineer',
  'Assistant Engineer',
  'Vocal Engineer',
  'Programmer',
  'Sound Designer',
  'Editor',
  'Featuring',
  'Conductor',
  'DJ',
  'Narrator',
  'Rapper',
  'MC',
  'Soloist',
  'Vocals',
  'Lead Vocals',
  'Backing Vocals',
  'Choir',
  'Choir Master',
  'Ensemble',
  'Orchestra',
  'Session Musician',
  'Studio Musician',
  'Guitar',
  'Acoustic Guitar',
  'Electric Guitar',
  'Bass Guitar',
  'Double Bass',
  'Drums',
  'Percussion',
  'Keyboards',
  'Piano',
  'Organ',
  'Synthesizer',
  'Sampler',
  'Turntables',
  'Beatboxing',
  'Strings',
  'Violin',
  'Viola',
  'Cello',
  'Harp',
  'Saxophone',
  'Trumpet',
  'Trombone',
  'French Horn',
  'Tuba',
  'Flute',
  'Clarinet',
  'Oboe',
  'Bassoon',
  'Harmonica',
  'Accordion',
  'Banjo',
  'Mandolin',
  'Ukulele',
  'Sitar',
  'Liner Notes',
  'Art Direction',
  'Photography',
  'Design',
] as const;

export const RELEASE_STATUSES = [
  'drafted',
  'quality_control',
  'submitted',
  'accepted',
  'rejected',
  'imported',
  'processing',
  'live',
  'delivered',
] as const;
/** A release's status as a sentence says it ("… is in quality control"), never the stored value. */
export const RELEASE_STATUS_IN_SENTENCE: Record<(typeof RELEASE_STATUSES)[number], string> = {
  drafted: 'drafted',
  quality_control: 'in quality control',
  submitted: 'submitted',
  accepted: 'accepted',
  rejected: 'rejected',
  imported: 'imported',
  processing: 'processing',
  live: 'live',
  delivered: 'delivered',
};
/** A refused release status, the statuses named as the pages name them ("Quality control", never the stored value). */
export const RELEASE_STATUS_REFUSED = `Status must be one of: ${RELEASE_STATUSES.map((status) => valueWords(status)).join(', ')}`;
export const RECORDING_CATEGORIES = ['Recording', 'Video', 'Ringtone', 'Audiobook'] as const;
export const PRODUCT_FORMATS = ['Digital', 'CD', 'Vinyl', 'Cassette', 'DVD', 'Box Set'] as const;
export const PRODUCT_TYPES = ['Distributed', 'Promotional', 'Fulfilment'] as const;
export const PRICE_TIERS = ['Front', 'Mid', 'Budget', 'Premium'] as const;
export const RELEASE_CONFIGS = ['audio_release', 'video_release', 'audio_and_video_release'] as const;
export const RIGHTSHOLDING_TYPES = ['master', 'publishing', 'neighbouring'] as const;

/** How a release's page shows its recordings: a card each, or a table (the release keeps the choice). */
export const RELEASE_RECORDINGS_DISPLAY_TYPES = ['cards', 'table'] as const;
export type ReleaseRecordingsDisplayType = (typeof RELEASE_RECORDINGS_DISPLAY_TYPES)[number];

/** Release and recording defaults. */
export const RELEASE_DEFAULTS = {
  status: 'drafted',
  total_volumes: 1,
  config: 'audio_release',
  locked_payee_shares: true,
  recordings_display_type: 'cards',
} as const satisfies { recordings_display_type: ReleaseRecordingsDisplayType } & Record<string, unknown>;
export const PRODUCT_DEFAULTS = { format: 'Digital', type_of: 'Distributed', price_tier: 'Front' } as const;
/**
 * What a new recording starts with, however it is made (the form, the API, the release form's audio drop, an
 * import): the Recording entity fills each field left unset from this one list, so no route can leave a recording
 * without them. A recording is an audio recording unless said otherwise, as a release is an audio release.
 */
export const RECORDING_DEFAULTS = {
  copyright_year: 2020,
  length: '00:00:00',
  status: 'drafted',
  category: 'Recording',
  config: 'audio',
  locked_payee_shares: true,
} as const satisfies { config: (typeof RECORDING_CONFIGS)[number] } & Record<string, unknown>;
export const ARTIST_ROW_SHARES = {
  digital_royalty_share: 100,
  physical_royalty_share: 0,
  licensing_royalty_share: 0,
} as const;

type ArtistRow = { artist_name?: string; name?: string; join_text?: string; _destroy?: boolean };

/** Display artists: names joined by each row's join text; the first row's join text is blank. */
export function displayArtists(rows: readonly ArtistRow[]): string {
  return rows
    .filter((row) => !row._destroy)
    .map((row, index) => `${index === 0 ? '' : (row.join_text ?? '') || ', '}${row.artist_name ?? row.name ?? ''}`)
    .join('')
    .trim();
}

/**
 * Payee shares split equally among the artists that are not being deleted: the first
 * artist starts at 100; two share 50/50; three 33.33/33.33/33.34 so the total stays 100.
 */
export function equalPayeeShares(count: number): number[] {
  if (count <= 0) return [];
  const base = Math.floor(10_000 / count) / 100;
  const shares = Array.from({ length: count }, () => base);
  shares[count - 1] = Math.round((100 - base * (count - 1)) * 100) / 100;
  return shares;
}

/** The next catalogue number after a label's last one: the trailing number goes up, keeping its width ("AUR009" → "AUR010"). */
export function nextCatalogueNumber(last: string | undefined | null): string | undefined {
  const match = /^(.*?)(\d+)(\D*)$/.exec(last?.trim() ?? '');
  if (!match) return undefined;
  const [, head, digits, tail] = match;
  return `${head}${String(Number(digits) + 1).padStart(digits.length, '0')}${tail}`;
}

/**
 * One recorded move of a release's status (quality control, delivery), as stored on the release
 * (`status_history`) and answered by the API.
 */
export type StatusChange = {
  at: string;
  by_id?: string;
  by_name?: string;
  from: string;
  to: string;
  reasons?: string[];
  findings?: string[];
  note?: string;
};

// ——— The catalogue's depth: release images, recording identifiers, configs ———

/** What an additional release image shows (the cover art itself is the release's artwork). */
export const RELEASE_IMAGE_TYPES = ['Back cover', 'Booklet', 'Inlay', 'Disc', 'Label', 'Press photo', 'Other'] as const;
/** Whether a recording is audio or video. */
export const RECORDING_CONFIGS = ['audio', 'video'] as const;
/** Identifiers a recording carries beside its ISRC. */
export const RECORDING_IDENTIFIER_TYPES = ['GRid', 'ISWC', 'Proprietary', 'Catalogue number', 'Other'] as const;
/** A new release's format (format, default Digital, as in products). */
export const RELEASE_FORMAT_DEFAULT = 'Digital';
