/** Product-wide constants from the specification. */

export const APP_VERSION = '0.2.0';
export const API_VERSION = '0.1.0';

/** Per-page options offered by every server-side table; the default is 50. */
export const PER_PAGE_OPTIONS = [5, 10, 15, 20, 25, 50, 75, 100, 150, 200, 250, 300, 400, 500, 750, 1000] as const;
export const DEFAULT_PER_PAGE = 50;
export const MIN_PER_PAGE = 5;
export const MAX_PER_PAGE = 1000;

/** Notifications clear after this many milliseconds. */
export const NOTIFICATION_TIMEOUT_MS = 10_000;
/** After an audio upload from the release form, the new recording joins the form this much later. */
export const RELEASE_STREAM_DELAY_MS = 5_000;
/** The signed-in session lasts one day. */
export const SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000;

export const DEFAULT_CURRENCY = 'GBP';
/** Fields of a royalty line an edit may empty (null): descriptions, identifiers and catalogue links; a line keeps its period, store and money. */
export const CLEARABLE_ROYALTY_FIELDS = [
  'territory',
  'sales_category',
  'song',
  'artist',
  'album',
  'label_name',
  'isrc',
  'upc',
  'cat_no',
  'label_id',
  'release_id',
  'recording_id',
  'artist_id',
] as const;

/** Largest request body the API accepts; larger bodies get 413. */
export const MAX_BODY_BYTES = 1_000_000;
/** Largest logo a label may upload through a presigned PUT. */
export const MAX_LOGO_BYTES = 5 * 1024 * 1024;
/**
 * Logos and images are raster only: an SVG can carry a script that runs when its URL is opened.
 * The uploads worker and the save both check the file's bytes, not only the declared type.
 */
export const LOGO_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type ImageContentType = (typeof LOGO_CONTENT_TYPES)[number];

export const ROLES = [
  'admin',
  'artist_user',
  'user',
  'label_manager',
  'label_assistant',
  'accounting',
  'accountable',
  'promotions',
  'intern',
] as const;
export type Role = (typeof ROLES)[number];
/** A new user's role. */
export const DEFAULT_ROLE: Role = 'user';

export const COMPANY_TAGS = ['Publisher', 'Rightsholder', 'Sub Aggregator', 'Label Group'] as const;
export type CompanyTag = (typeof COMPANY_TAGS)[number];

/** DSP delivery guides: documents up to 25 MiB. */
export const MAX_GUIDE_BYTES = 25 * 1024 * 1024;
export const GUIDE_CONTENT_TYPES = [
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'text/plain',
  'text/csv',
  'application/zip',
] as const;

/**
 * Recording audio uploads: wav, aiff and aif, at most 500,000,000 bytes;
 * FLAC too: the original is kept for store deliveries, and stores take lossless FLAC.
 */
export const AUDIO_EXTENSIONS = ['wav', 'aiff', 'aif', 'flac'] as const;
export const AUDIO_CONTENT_TYPES = [
  'audio/wav',
  'audio/x-wav',
  'audio/wave',
  'audio/vnd.wave',
  'audio/aiff',
  'audio/x-aiff',
  'audio/flac',
  'audio/x-flac',
] as const;
export const MAX_AUDIO_BYTES = 500_000_000;

/** A retailer's trading status; the stored attribute and the input schema share it. */
export const RETAILER_STATUSES = ['Live', 'Out of Business', 'Non Payer'] as const;

/**
 * Release cover art: JPEG or PNG, square, at least 3000×3000, RGB. At most 36 MiB: a
 * 3000×3000 RGB image is 27 MB uncompressed, so any honest JPEG or PNG of that size fits, and the
 * stores we deliver to cap artwork between 10 and 40 MB; larger files are almost always 6000×6000+
 * print masters that stores would refuse or downscale anyway.
 */
export const COVER_ART_CONTENT_TYPES = ['image/jpeg', 'image/png'] as const;
export type CoverArtContentType = (typeof COVER_ART_CONTENT_TYPES)[number];
export const MAX_COVER_ART_BYTES = 36 * 1024 * 1024;
export const MIN_COVER_ART_PIXELS = 3000;
/**
 * The largest cover art side stores take (Apple Music and Spotify take up to 6000×6000). It also
 * bounds what checking one file costs: 6000×6000 decodes to 144 MB, where 16000×16000 took 750 MB.
 */
export const MAX_COVER_ART_PIXELS = 6000;
/** The most bytes of metadata (EXIF, XMP, ICC profile, text chunks) cover art may carry: a colour profile fits. */
export const MAX_COVER_ART_METADATA_BYTES = 1024 * 1024;

/** Other release and label assets (booklets, press shots, contracts): up to 100 MiB each. */
export const MAX_ASSET_BYTES = 100 * 1024 * 1024;
