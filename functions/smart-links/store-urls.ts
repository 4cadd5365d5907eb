import type { SmartLinkStore } from '../data/entities/smart-link.js';

/**
 * The stores whose search finds a release by its UPC (or a track by its ISRC) without an entered address:
 * `{code}` is the UPC or ISRC, `{territory}` the visitor's country in lower case (the stores that keep one
 * catalogue per country). An entered address always wins over the pattern.
 */
type KnownStore = { key: string; name: string; names: readonly string[]; pattern: string };

export const KNOWN_STORES: readonly KnownStore[] = [
  { key: 'spotify', name: 'Spotify', names: ['spotify'], pattern: 'https://open.spotify.com/search/{code}' },
  {
    key: 'apple-music',
    name: 'Apple Music',
    names: ['apple music', 'apple', 'itunes'],
    pattern: 'https://music.apple.com/{territory}/search?term={code}',
  },
  { key: 'deezer', name: 'Deezer', names: ['deezer'], pattern: 'https://www.deezer.com/search/{code}' },
  {
    key: 'amazon-music',
    name: 'Amazon Music',
    names: ['amazon music', 'amazon'],
    pattern: 'https://music.amazon.com/search/{code}',
  },
  {
    key: 'youtube-music',
    name: 'YouTube Music',
    names: ['youtube music', 'youtube'],
    pattern: 'https://music.youtube.com/search?q={code}',
  },
  { key: 'tidal', name: 'TIDAL', names: ['tidal'], pattern: 'https://tidal.com/search?q={code}' },
];

/** Stores a store of any name is matched to, by its name (any case). */
export function knownStore(name: string): KnownStore | undefined {
  const wanted = name.trim().toLowerCase();
  return KNOWN_STORES.find((store) => store.names.includes(wanted));
}

/** A store's key in its button's address: the known store's, else its name in lower-case letters and dashes. */
export function storeKey(name: string): string {
  return (
    knownStore(name)?.key ??
    (name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) ||
      'store')
  );
}

/** Where a store's button sends a visitor from `country`: their territory's address, the link's, else the pattern. */
export function storeUrl(store: SmartLinkStore, code: string, country: string | null): string | null {
  const territory = country ? store.territory_urls?.find((row) => row.territory === country) : undefined;
  if (territory) return territory.url;
  if (store.url) return store.url;
  // A known store keeps its search when renamed ("Spotify UK"): its key says which store it is.
  const pattern = (KNOWN_STORES.find((known) => known.key === store.key) ?? knownStore(store.name))?.pattern;
  if (!pattern) return null;
  return pattern.replace('{code}', encodeURIComponent(code)).replace('{territory}', (country ?? 'us').toLowerCase());
}
