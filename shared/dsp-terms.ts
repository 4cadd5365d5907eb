/**
 * A store's (DSP's) delivery terms kept on its reference record: its DDEX party id, which
 * the ERN's MessageRecipient carries, and its genre map, our genre → the store's genre word.
 */

/** A DDEX Party ID: PADPIDA and 11 letters or digits (the ERN 4.3 schema asks PADPIDA[a-zA-Z0-9]+). */
export const DPID_PATTERN = /^PADPIDA[0-9A-Z]{11}$/;
export const DPID_MESSAGE = 'DDEX party ID must be PADPIDA followed by 11 letters or digits';

/** A genre map is typed one mapping a line: "our genre = the store's genre". */
const GENRE_MAP_SEPARATOR = '=';

/** The line numbers (from 1) of a genre map that do not read "our genre = the store's genre". */
export function badGenreMapLines(text: string): number[] {
  return text.split(/\r?\n/).flatMap((line, i) => {
    if (!line.trim()) return [];
    const [ours, theirs, ...rest] = line.split(GENRE_MAP_SEPARATOR);
    return ours?.trim() && theirs?.trim() && rest.length === 0 ? [] : [i + 1];
  });
}

/** The message for a genre map with lines that are not mappings. */
export function genreMapMessage(lines: readonly number[]): string {
  const which = lines.length === 1 ? `Line ${lines[0]}` : `Lines ${lines.join(', ')}`;
  return `Genre map: ${which} must read "our genre = the store's genre"`;
}

/** The genre map as a lookup keyed by our genre name in lower case; lines that are not mappings are skipped. */
export function parseGenreMap(text: string | undefined): Record<string, string> {
  const map: Record<string, string> = {};
  for (const line of (text ?? '').split(/\r?\n/)) {
    const [ours, theirs, ...rest] = line.split(GENRE_MAP_SEPARATOR);
    if (ours?.trim() && theirs?.trim() && rest.length === 0) map[ours.trim().toLowerCase()] = theirs.trim();
  }
  return map;
}
