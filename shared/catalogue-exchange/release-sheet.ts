/**
 * The release sheet: the one flat layout of a catalogue spreadsheet, one row per recording with its
 * release's columns repeated; imports and exports share it.
 * The release import reads it (CSV, XLSX, or JSON objects with these keys) and the `release_csv`
 * export writes it, so an exported sheet imports again unchanged. Other export layouts (FUGA, PPL)
 * have their own columns and are built from the same values.
 *
 * Conventions, shared by the import and the export:
 * - lists (artists, territories, writers, publishers, genres) are joined by {@link LIST_SEPARATOR};
 * - yes/no columns are written `Y` / `N`; the import also takes yes/no/true/false/1/0;
 * - dates are YYYY-MM-DD; a track length is HH:MM:SS (default 00:00:00);
 * - territories are ISO 3166-1 alpha-2 codes, or `WW` for the world;
 * - a writer is a name followed by the writer's roles in brackets, `Ann Lee (Composer, Lyricist)`; a name alone is
 *   credited as Writer;
 * - `format` is the product format (Digital, CD, Vinyl …), not the number of tracks;
 * - an empty catalogue number follows the label's last release (one up), as on the release form.
 */

/** Separates the values of a list column. Not a comma: artist names hold commas ("Earth, Wind & Fire"). */
export const LIST_SEPARATOR = '|';

/** The world as a territory list. */
export const WORLDWIDE = 'WW';

type SheetLevel = 'release' | 'recording';
type SheetKind = 'text' | 'date' | 'yes_no' | 'integer' | 'list' | 'duration' | 'year';

export type SheetColumn = {
  /** Header in the file (lower-case, snake_case). */
  key: string;
  /** The field's name in the user's words, used in every error ("Row 4: UPC is required"). */
  label: string;
  level: SheetLevel;
  kind: SheetKind;
  /** Required by the product's release import schema. */
  required: boolean;
};

const col = (key: string, label: string, level: SheetLevel, kind: SheetKind, required = false): SheetColumn => ({
  key,
  label,
  level,
  kind,
  required,
});

/** Every column, in file order: the release's first, then the recording's. */
export const RELEASE_SHEET_COLUMNS = [
  col('release_title', 'Release title', 'release', 'text', true),
  col('release_version', 'Release version', 'release', 'text'),
  col('upc', 'UPC', 'release', 'text', true),
  // Left empty, it follows the label's last release, as on the form.
  col('cat_no', 'Catalogue number', 'release', 'text'),
  col('label', 'Label', 'release', 'text', true),
  col('primary_artists', 'Primary artists', 'release', 'list', true),
  col('featured_artists', 'Featured artists', 'release', 'list'),
  col('release_date', 'Release date', 'release', 'date', true),
  col('original_release_date', 'Original release date', 'release', 'date', true),
  col('primary_genre', 'Primary genre', 'release', 'text', true),
  col('secondary_genre', 'Secondary genre', 'release', 'text'),
  col('c_line', 'C line', 'release', 'text', true),
  col('p_line', 'P line', 'release', 'text', true),
  col('explicit', 'Explicit', 'release', 'yes_no', true),
  col('format', 'Format', 'release', 'text', true),
  col('total_volumes', 'Total volumes', 'release', 'integer', true),
  col('territories', 'Territories', 'release', 'list', true),
  col('metadata_language', 'Metadata language', 'release', 'text', true),
  col('compilation', 'Compilation', 'release', 'yes_no'),
  col('recording_year', 'Recording year', 'release', 'year'),
  col('recording_location', 'Recording location', 'release', 'text'),
  col('country', 'Country', 'release', 'text'),
  col('price_tier', 'Price tier', 'release', 'text'),
  col('status', 'Status', 'release', 'text'),
  col('disc_number', 'Disc number', 'recording', 'integer', true),
  col('position', 'Track position', 'recording', 'integer', true),
  col('isrc', 'ISRC', 'recording', 'text', true),
  col('track_title', 'Track title', 'recording', 'text', true),
  col('mix_title', 'Mix title', 'recording', 'text'),
  col('track_primary_artists', 'Track primary artists', 'recording', 'list', true),
  col('track_featured_artists', 'Track featured artists', 'recording', 'list'),
  col('track_primary_genre', 'Track primary genre', 'recording', 'text', true),
  col('audio_language', 'Audio language', 'recording', 'text', true),
  col('album_only', 'Album only', 'recording', 'yes_no', true),
  col('explicit_lyrics', 'Explicit lyrics', 'recording', 'yes_no', true),
  col('writers', 'Writers', 'recording', 'list', true),
  // A recording may be saved without a publisher (the metadata checker asks for one before delivery).
  col('publishers', 'Publishers', 'recording', 'list'),
  col('length', 'Track length', 'recording', 'duration'),
  col('track_c_line', 'Track C line', 'recording', 'text'),
  col('track_p_line', 'Track P line', 'recording', 'text'),
  col('alternative_title', 'Alternative title', 'recording', 'text'),
  col('recording_date', 'Recording date', 'recording', 'date'),
  col('recording_venue', 'Recording venue', 'recording', 'text'),
  col('remastered', 'Remastered', 'recording', 'yes_no'),
  col('sample', 'Sample', 'recording', 'yes_no'),
  col('medley', 'Medley', 'recording', 'yes_no'),
  col('preview_start', 'Preview start', 'recording', 'integer'),
  col('preview_length', 'Preview length', 'recording', 'integer'),
  col('track_price_tier', 'Track price tier', 'recording', 'text'),
  col('lyrics', 'Lyrics', 'recording', 'text'),
] as const satisfies readonly SheetColumn[];

export type ReleaseSheetKey = (typeof RELEASE_SHEET_COLUMNS)[number]['key'];

/** One row of the sheet as text, keyed by column (a missing or empty cell is ''). */
export type ReleaseSheetRow = Record<ReleaseSheetKey, string>;

/** The rows of one release share its UPC (the key the import groups rows by, and finds duplicates with). */
export const RELEASE_GROUP_KEY: ReleaseSheetKey = 'upc';

/** The credits that write the song: the ones the writers column carries (a writer's roles in brackets). */
export const WRITER_ROLES = ['Composer', 'Lyricist', 'Writer', 'Songwriter', 'Song Writer', 'Librettist'] as const;

/** A writer's credit: the writer's name and writing roles. */
export type WriterCredit = { name: string; roles: string[] };

const WRITER_ROLE_BY_KEY = new Map<string, string>(WRITER_ROLES.map((role) => [role.toLowerCase(), role]));

/** One writer in the writers column: `Name (Role, Role)`, or the name alone for a plain Writer. */
export function writerCell(credit: WriterCredit): string {
  const roles = credit.roles.length ? credit.roles : ['Writer'];
  // A name that ends in brackets itself keeps its roles written, so the brackets are not read as roles.
  const plain = roles.length === 1 && roles[0] === 'Writer' && !credit.name.trim().endsWith(')');
  return plain ? credit.name : `${credit.name} (${roles.join(', ')})`;
}

/**
 * One value of the writers column read back: trailing brackets naming only writing roles (any case) are the
 * roles; otherwise the whole text is the name, credited as Writer.
 */
export function readWriter(text: string): WriterCredit {
  const value = text.trim();
  const match = /^(.*\S)\s*\(([^()]*)\)$/.exec(value);
  if (match) {
    const roles = match[2].split(',').map((role) => WRITER_ROLE_BY_KEY.get(role.trim().toLowerCase()));
    if (roles.length && roles.every((role) => role !== undefined))
      return { name: match[1].trim(), roles: [...new Set(roles as string[])] };
  }
  return { name: value, roles: ['Writer'] };
}
