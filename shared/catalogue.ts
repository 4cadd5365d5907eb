/** Fixed lists of the catalogue (spec 1 §3, spec 2 §3), shared by the API and the forms. */

export const ARTIST_CONFIGS = ['individual', 'band'] as const;

export const IDENTIFIER_SERVICES = ['Apple Music', 'Spotify', 'Soundcloud', 'Deezer', 'Discogs', 'Musicbrainz', 'Anghami', 'ISNI', 'RYM'] as const;
export type IdentifierService = (typeof IDENTIFIER_SERVICES)[number];

/** What choosing Spotify prefills (spec 2 §4 Identifier rows). */
export const SPOTIFY_ARTIST_PREFIX = 'spotify:artist:';

export const MEMBERSHIP_TYPES = ['base', 'main', 'featured', 'performer', 'ex', 'retired'] as const;

/** The artist line-up roles (spec 1 §3). */
export const LINEUP_ROLES = [
  'Producer', 'Drums', 'Keyboards', 'Song Writer', 'Lead Vocalist', 'Backing Vocalist', 'Guitar', 'Lead Guitar', 'Rhythm Guitar',
  'Percussion', 'Synths', 'Piano', 'Dancer', 'Bongos', 'Strings', 'Wind Instruments', 'Engineer', 'Mastering Engineer', 'Bass Guitar',
] as const;

/** Link texts suggested for artist URLs (spec 2 §3); free text is allowed too. */
export const ARTIST_LINK_TEXTS = [
  'Artist Website', 'Soundcloud', 'Twitter', 'Bandcamp', 'Rate Your Music', 'Facebook', 'Hearthis', 'Instagram', 'Discogs', 'All Music',
  'Resident Advisor', 'Wikipedia',
] as const;

export const STATEMENT_FREQUENCIES = ['Monthly', 'Quarterly', 'Half-yearly', 'Yearly'] as const;
export const STATEMENT_FORMATS = ['PDF', 'CSV', 'XLSX'] as const;

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
 * The outbound link of an artist identifier (spec 1 §3 Identifier services and links): a URL
 * for the services that have one, null for Anghami (no link at all), "No Link" for the others.
 */
export function identifierLink(service: string, identifier: string): string | null {
  if (service === 'Anghami') return null;
  const build = LINKS[service as IdentifierService];
  return build && identifier.trim() ? build(identifier.trim()) : 'No Link';
}
