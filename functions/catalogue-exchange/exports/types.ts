import type { ExportFormat } from '../../../shared/catalogue-exchange/exports.js';

/**
 * What an export reads of a release, its links already
 * resolved to names and codes, so every format is a pure function of these values and a
 * benchmark can feed generated releases without a database.
 */

/** A ℗ or © line: its text and its year ('' when the record has none). */
export type CopyrightLine = { text: string; year: string };

export type ExportCredit = { name: string; roles: string[] };

export type ExportRecording = {
  id: string;
  isrc: string;
  title: string;
  mix_title: string;
  alternative_title: string;
  display_artist: string;
  primary_artists: string[];
  featured_artists: string[];
  disc_number: number;
  position: number;
  /** HH:MM:SS; 00:00:00 when neither typed nor measured. */
  length: string;
  /** The recording's own lines ('' text when it has none: the release's apply). */
  c_line: CopyrightLine;
  p_line: CopyrightLine;
  primary_genre: string;
  secondary_genre: string;
  audio_language: string;
  /** ISO 639-1 (else 639-2) code of the audio language, '' when unknown. */
  audio_language_code: string;
  explicit: boolean;
  explicit_lyrics: boolean;
  album_only: boolean;
  remastered: boolean;
  sample: boolean;
  medley: boolean;
  /** The song's writers, each with its writing roles (Composer, Lyricist, Writer …). */
  writers: ExportCredit[];
  publishers: string[];
  contributors: ExportCredit[];
  performers: ExportCredit[];
  recording_date: string;
  recording_venue: string;
  /** ISO 3166-1 alpha-2 codes, '' when not set. */
  recording_country: string;
  commissioning_country: string;
  first_publication_country: string;
  lyrics: string;
  preview_start: number | null;
  preview_length: number | null;
  price_tier: string;
  status: string;
};

export type ExportRelease = {
  id: string;
  title: string;
  version: string;
  status: string;
  upc: string;
  cat_no: string;
  label: string;
  display_artist: string;
  primary_artists: string[];
  featured_artists: string[];
  release_date: string;
  original_release_date: string;
  primary_genre: string;
  secondary_genre: string;
  c_line: CopyrightLine;
  p_line: CopyrightLine;
  explicit: boolean;
  compilation: boolean;
  /** The product format: Digital, CD, Vinyl … (the release's own, else its first product's, else Digital). */
  format: string;
  /** Single, EP or Album, by the number of tracks. */
  release_type: string;
  total_volumes: number;
  /** ISO codes; empty means the world. */
  territories: string[];
  metadata_language: string;
  metadata_language_code: string;
  recording_year: string;
  recording_location: string;
  /** ISO 3166-1 alpha-2 of the release's country, '' when not set. */
  country: string;
  price_tier: string;
  /** In volume, then position order. */
  recordings: ExportRecording[];
};

/** What was left out of a file, and why (the c/p line rule). */
export type SkippedRelease = { release_id: string; release: string; reasons: string[] };

/** What writing a file did: rows written, releases in it, and the releases it left out. */
export type ExportReport = { format: ExportFormat; rows: number; releases: number; skipped: SkippedRelease[] };

/** Which releases to export: all of the company's, some by id, recordings' releases, or a label's. */
export type ExportSelection =
  | { all: true }
  | { ids: string[]; model?: 'releases' | 'recordings' }
  | { label_id: string };
