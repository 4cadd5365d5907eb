import { effectiveLine, lineYear } from '../copyright.js';
import type { CopyrightLine } from '../types.js';
import { listCell, territoriesCell, yesNo } from '../values.js';
import { perRecording, type CsvLayout } from './layout.js';

/**
 * `fuga_csv`: FUGA's bulk metadata sheet, one row per asset (track) with its product (release)
 * columns repeated. The columns follow FUGA's product and asset attributes (FUGA Next: product
 * name, display artist, label, catalog number, UPC, release format, consumer and original release
 * dates, genre, language, © and ℗ year and text, catalog tier, parental advisory; asset ISRC,
 * name, version, sequence, volume, duration, audio language, publishers, composers).
 * docs/catalogue-exports.md says which parts could not be checked against FUGA's own template.
 */

/** FUGA's release format words. */
const FORMAT: Record<string, string> = { single: 'SINGLE', ep: 'EP', album: 'ALBUM' };
/** FUGA's catalog tiers; the catalogue's Front/Mid/Budget/Premium map one to one. */
const TIER: Record<string, string> = { front: 'FRONT', mid: 'MID', budget: 'BUDGET', premium: 'PREMIUM', back: 'BACK' };

const lineText = (line: CopyrightLine) => line.text.trim();
const upper = (map: Record<string, string>, value: string) => map[value.toLowerCase()] ?? value.toUpperCase();

export const FUGA_CSV: CsvLayout = perRecording([
  ['Product Title', (r) => r.title],
  ['Product Version', (r) => r.version],
  ['Product Display Artist', (r) => r.display_artist],
  ['Product Primary Artists', (r) => listCell(r.primary_artists)],
  ['Product Featured Artists', (r) => listCell(r.featured_artists)],
  ['Label', (r) => r.label],
  ['Catalog Number', (r) => r.cat_no],
  ['UPC', (r) => r.upc],
  ['Release Format', (r) => upper(FORMAT, r.release_type)],
  ['Product Type', () => 'AUDIO'],
  ['Consumer Release Date', (r) => r.release_date],
  ['Original Release Date', (r) => r.original_release_date],
  ['Main Genre', (r) => r.primary_genre],
  ['Alternate Genre', (r) => r.secondary_genre],
  ['Language', (r) => r.metadata_language_code.toUpperCase()],
  ['C Line Year', (r) => lineYear(r.c_line)],
  ['C Line Text', (r) => lineText(r.c_line)],
  ['P Line Year', (r) => lineYear(r.p_line)],
  ['P Line Text', (r) => lineText(r.p_line)],
  ['Parental Advisory', (r) => yesNo(r.explicit)],
  ['Compilation', (r) => yesNo(r.compilation)],
  ['Catalog Tier', (r) => (r.price_tier ? upper(TIER, r.price_tier) : '')],
  ['Territories', (r) => territoriesCell(r.territories)],
  ['Total Volumes', (r) => String(r.total_volumes)],
  ['Volume', (_, t) => String(t.disc_number)],
  ['Track Sequence', (_, t) => String(t.position)],
  ['ISRC', (_, t) => t.isrc],
  ['Asset Title', (_, t) => t.title],
  ['Asset Version', (_, t) => t.mix_title],
  ['Asset Display Artist', (_, t) => t.display_artist],
  ['Asset Primary Artists', (_, t) => listCell(t.primary_artists)],
  ['Asset Featured Artists', (_, t) => listCell(t.featured_artists)],
  ['Duration', (_, t) => t.length],
  ['Asset Genre', (_, t) => t.primary_genre],
  ['Audio Language', (_, t) => t.audio_language_code.toUpperCase()],
  ['Asset Parental Advisory', (_, t) => yesNo(t.explicit_lyrics || t.explicit)],
  ['Available Separately', (_, t) => yesNo(!t.album_only)],
  ['Composers', (_, t) => listCell(t.writers.map((w) => w.name))],
  ['Publishers', (_, t) => listCell(t.publishers)],
  ['Asset P Line Year', (r, t) => lineYear(effectiveLine(t.p_line, r.p_line))],
  ['Asset P Line Text', (r, t) => lineText(effectiveLine(t.p_line, r.p_line))],
  ['Preview Start', (_, t) => (t.preview_start === null ? '' : String(t.preview_start))],
  ['Recording Year', (r) => r.recording_year],
  ['Recording Location', (_, t) => t.recording_venue],
  ['Country of Recording', (_, t) => t.recording_country],
]);
