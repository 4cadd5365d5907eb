import {
  RELEASE_SHEET_COLUMNS,
  type ReleaseSheetKey,
  writerCell,
} from '../../../../shared/catalogue-exchange/release-sheet.js';
import { effectiveLine, lineCell } from '../copyright.js';
import type { ExportRecording, ExportRelease } from '../types.js';
import { listCell, numberCell, territoriesCell, yesNo } from '../values.js';
import { perRecording, type CsvLayout } from './layout.js';

/**
 * The release sheet (shared/catalogue-exchange/release-sheet.ts) as `release_csv`:
 * exactly the columns the release import reads, so an exported sheet imports again unchanged;
 * and as `csv`: the same columns, then the rest of the export field set and the records' ids.
 */

type Cell = (release: ExportRelease, track: ExportRecording) => string;

const SHEET_CELLS: Record<ReleaseSheetKey, Cell> = {
  release_title: (r) => r.title,
  release_version: (r) => r.version,
  upc: (r) => r.upc,
  cat_no: (r) => r.cat_no,
  label: (r) => r.label,
  primary_artists: (r) => listCell(r.primary_artists),
  featured_artists: (r) => listCell(r.featured_artists),
  release_date: (r) => r.release_date,
  original_release_date: (r) => r.original_release_date,
  primary_genre: (r) => r.primary_genre,
  secondary_genre: (r) => r.secondary_genre,
  c_line: (r) => lineCell(r.c_line),
  p_line: (r) => lineCell(r.p_line),
  explicit: (r) => yesNo(r.explicit),
  format: (r) => r.format,
  total_volumes: (r) => String(r.total_volumes),
  territories: (r) => territoriesCell(r.territories),
  metadata_language: (r) => r.metadata_language,
  compilation: (r) => yesNo(r.compilation),
  recording_year: (r) => r.recording_year,
  recording_location: (r) => r.recording_location,
  country: (r) => r.country,
  price_tier: (r) => r.price_tier,
  status: (r) => r.status,
  disc_number: (_, t) => String(t.disc_number),
  position: (_, t) => String(t.position),
  isrc: (_, t) => t.isrc,
  track_title: (_, t) => t.title,
  mix_title: (_, t) => t.mix_title,
  track_primary_artists: (_, t) => listCell(t.primary_artists),
  track_featured_artists: (_, t) => listCell(t.featured_artists),
  track_primary_genre: (_, t) => t.primary_genre,
  audio_language: (_, t) => t.audio_language,
  album_only: (_, t) => yesNo(t.album_only),
  explicit_lyrics: (_, t) => yesNo(t.explicit_lyrics),
  writers: (_, t) => listCell(t.writers.map(writerCell)),
  publishers: (_, t) => listCell(t.publishers),
  length: (_, t) => t.length,
  // The recording's own lines only: an empty cell means the release's apply, as on the form.
  track_c_line: (_, t) => lineCell(t.c_line),
  track_p_line: (_, t) => lineCell(t.p_line),
  alternative_title: (_, t) => t.alternative_title,
  recording_date: (_, t) => t.recording_date,
  recording_venue: (_, t) => t.recording_venue,
  remastered: (_, t) => yesNo(t.remastered),
  sample: (_, t) => yesNo(t.sample),
  medley: (_, t) => yesNo(t.medley),
  preview_start: (_, t) => numberCell(t.preview_start),
  preview_length: (_, t) => numberCell(t.preview_length),
  track_price_tier: (_, t) => t.price_tier,
  lyrics: (_, t) => t.lyrics,
};

const sheetColumns = RELEASE_SHEET_COLUMNS.map((column) => [column.key, SHEET_CELLS[column.key]] as const);

export const RELEASE_CSV: CsvLayout = perRecording(sheetColumns);

const credits = (list: ExportRecording['contributors']) =>
  listCell(list.map((credit) => `${credit.name} (${credit.roles.join(', ')})`));

/** The rest of the export field set after the sheet's columns. */
export const FULL_CSV: CsvLayout = perRecording([
  ['release_id', (r) => r.id],
  ...sheetColumns,
  ['display_artist', (r) => r.display_artist],
  ['recording_id', (_, t) => t.id],
  ['track_display_artist', (_, t) => t.display_artist],
  ['track_secondary_genre', (_, t) => t.secondary_genre],
  ['track_explicit', (_, t) => yesNo(t.explicit)],
  ['track_status', (_, t) => t.status],
  ['recording_country', (_, t) => t.recording_country],
  ['commissioning_country', (_, t) => t.commissioning_country],
  ['first_publication_country', (_, t) => t.first_publication_country],
  ['contributors', (_, t) => credits(t.contributors)],
  ['performers', (_, t) => credits(t.performers)],
  ['effective_c_line', (r, t) => lineCell(effectiveLine(t.c_line, r.c_line))],
  ['effective_p_line', (r, t) => lineCell(effectiveLine(t.p_line, r.p_line))],
]);
