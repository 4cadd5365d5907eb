import { effectiveLine, lineYear } from '../copyright.js';
import type { ExportRelease } from '../types.js';
import { listCell, yesNo } from '../values.js';
import { perRecording, type CsvLayout } from './layout.js';

/**
 * `ppl_csv`: PPL's repertoire registration, one row per recording with the product (release) it
 * appears on. The columns follow the fields of myPPL "Register Repertoire" and its bulk import:
 * ISRC, recording title, version, band/artist name, duration, P date (the ℗ year: why the
 * four-digit year is required), countries of recording and commissioning, the recording rights
 * holder (the label), content type, genre, then the product's title, artist, UPC, catalogue
 * number, release date, format and track/disc numbers. PPL resolves performers through line-up
 * defaults it holds, so performers are listed for reference only.
 */

const pDate = (r: ExportRelease, p: ExportRelease['p_line']) => lineYear(p) || lineYear(r.p_line);

export const PPL_CSV: CsvLayout = perRecording([
  ['ISRC', (_, t) => t.isrc],
  ['Recording Title', (_, t) => t.title],
  ['Version', (_, t) => t.mix_title],
  ['Band/Artist Name', (r, t) => t.display_artist || r.display_artist],
  ['Featured Artists', (_, t) => listCell(t.featured_artists)],
  ['Alternative Title', (_, t) => t.alternative_title],
  ['Duration', (_, t) => t.length],
  ['P Date', (r, t) => pDate(r, effectiveLine(t.p_line, r.p_line))],
  ['P Line', (r, t) => effectiveLine(t.p_line, r.p_line).text.trim()],
  ['Country of Recording', (_, t) => t.recording_country],
  ['Country of Commissioning', (_, t) => t.commissioning_country],
  ['Country of First Publication', (_, t) => t.first_publication_country],
  ['Recording Rights Holder', (r) => r.label],
  ['Content Type', () => 'Audio'],
  ['Genre', (r, t) => t.primary_genre || r.primary_genre],
  ['Recording Date', (_, t) => t.recording_date],
  ['Recording Venue', (_, t) => t.recording_venue],
  ['Explicit', (_, t) => yesNo(t.explicit_lyrics || t.explicit)],
  ['Performers', (_, t) => listCell(t.performers.map((p) => `${p.name} (${p.roles.join(', ')})`))],
  ['Release Title', (r) => r.title],
  ['Release Artist', (r) => r.display_artist],
  ['Label', (r) => r.label],
  ['UPC/EAN', (r) => r.upc],
  ['Catalogue Number', (r) => r.cat_no],
  ['Release Date', (r) => r.release_date],
  ['Format', () => 'Digital'],
  ['Disc Number', (_, t) => String(t.disc_number)],
  ['Track Number', (_, t) => String(t.position)],
]);
