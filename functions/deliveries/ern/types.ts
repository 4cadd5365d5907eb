/**
 * The input of one ERN 4.3 NewReleaseMessage: a release as the catalogue
 * describes it, read by load-release.ts into plain data, so the builder needs no database and the
 * tests and the bench can make releases of any shape.
 */

/** What a delivery asks of the store: add the release, restate it, or withdraw it. */
export type ErnAction = 'insert' | 'update' | 'takedown';

/** The message's sender (the company or its distributor) or recipient (the DSP). */
export type ErnParty = { dpid: string; name: string };

/** A file's checksum as ERN 4.3 HashSum states it; absent until the file's bytes were read. */
export type ErnHash = { algorithm: 'MD5' | 'SHA-256'; value: string };

/** A resource file sent in the batch beside the message. */
export type ErnFile = { fileName: string; bytes?: number; hash?: ErnHash };

/** A recording's original audio (WAV, AIFF or FLAC) with what the upload worker measured. */
export type ErnAudio = ErnFile & {
  codec?: 'WAV' | 'FLAC' | 'AIFF';
  sampleRate?: number;
  channels?: number;
  bitDepth?: number;
};

/** The release's front cover image. */
export type ErnImage = ErnFile & { codec?: 'JPEG' | 'PNG'; width?: number; height?: number };

/** An artist on a release or track, with the catalogue's role (Main, Featuring, Remixer …). */
export type ErnArtist = { id: string; name: string; role: string };

/** A credited contributor of a track, with the catalogue's credits (Composer, Producer …). */
type ErnContributor = { id: string; name: string; roles: string[] };

/** Who controls a track's master rights, and their share in percent. */
type ErnRightsholder = { id: string; name: string; share?: number };

/** A ℗ or © line: its year when given and its text. */
export type ErnLine = { year?: number; text: string };

export type ErnGenre = { genre: string; subGenre?: string };

/** One track of the release, in the release's order. */
export type ErnTrack = {
  recordingId: string;
  isrc?: string;
  title: string;
  /** Mix or version title ("Radio Edit"). */
  versionTitle?: string;
  /** The artists as one line, e.g. "A feat. B". */
  displayArtist: string;
  artists: ErnArtist[];
  contributors: ErnContributor[];
  rightsholders: ErnRightsholder[];
  durationMs: number;
  explicit: boolean;
  pLine?: ErnLine;
  genre?: ErnGenre;
  /** Volume (disc) of the release, from 1, and position on it, from 1. */
  discNumber: number;
  position: number;
  previewStartSeconds?: number;
  /** Sold alone during the release's pre-order (an instant-gratification track), where the store offers it. */
  instantGratification?: boolean;
  /** ISO 639 code of the sung language, when not instrumental. */
  language?: string;
  audio: ErnAudio | null;
};

/** The commercial terms of the release's deals (price tier, pre-order). */
export type ErnDealTerms = {
  /** Store date, YYYY-MM-DD; absent: the deals start on the message's date. */
  releaseDate?: string;
  /** Pre-orders open on this date (before the release date). */
  preOrderDate?: string;
  /** Time of day the release goes live, HH:MM in UTC, for stores with timed releases. */
  releaseTime?: string;
  /** Price tier (Front, Mid, Budget, Premium) as the price code. */
  priceTier?: string;
  /** Wholesale price per unit as a decimal string, with its ISO currency. */
  wholesalePrice?: string;
  currency?: string;
  streaming: boolean;
  download: boolean;
};

export type ErnRelease = {
  id: string;
  title: string;
  versionTitle?: string;
  /** UPC/EAN, the release's ICPN. */
  upc?: string;
  catalogueNumber?: string;
  label: { id: string; name: string };
  displayArtist: string;
  artists: ErnArtist[];
  pLine?: ErnLine;
  cLine?: ErnLine;
  genre?: ErnGenre;
  releaseDate?: string;
  originalReleaseDate?: string;
  explicit: boolean;
  compilation: boolean;
  /** ISO alpha-2 codes where the release is sold; empty: worldwide. */
  territories: string[];
  /** ISO alpha-2 codes where it is not sold. */
  excludedTerritories: string[];
  /** Language of the metadata (BCP 47, e.g. "en"). */
  language: string;
  deal: ErnDealTerms;
  coverArt: ErnImage | null;
  tracks: ErnTrack[];
};

/**
 * What one store (DSP) takes, from its record: pre-orders, instant-gratification
 * tracks, timed releases, and its genre words. Absent: a message for no store in particular, which
 * states every deal the release has (tests, the bench).
 */
export type ErnStoreTerms = {
  preOrder: boolean;
  instantGratification: boolean;
  timedRelease: boolean;
  /** Our genre name (lower case) → the store's genre word. */
  genreMap: Readonly<Record<string, string>>;
};
