import type { ErnGenre, ErnRelease } from './types.js';

/** A genre as the store names it: its own word for our genre (and sub-genre) where its map has one. */
function storeGenre(genre: ErnGenre | undefined, map: Readonly<Record<string, string>>): ErnGenre | undefined {
  if (!genre) return undefined;
  const word = (name: string | undefined) => (name ? (map[name.trim().toLowerCase()] ?? name) : undefined);
  return { genre: word(genre.genre) ?? genre.genre, subGenre: word(genre.subGenre) };
}

/**
 * The release with the store's genre words (the genre map on the DSP's record): our genre name, matched
 * without regard to case, becomes the store's word; an unmapped genre is sent as we name it.
 */
export function withStoreGenres(release: ErnRelease, map: Readonly<Record<string, string>>): ErnRelease {
  if (!Object.keys(map).length) return release;
  return {
    ...release,
    genre: storeGenre(release.genre, map),
    tracks: release.tracks.map((t) => ({ ...t, genre: storeGenre(t.genre, map) })),
  };
}
