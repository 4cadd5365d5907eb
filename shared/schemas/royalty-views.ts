import type { RoyaltyMap } from './royalty-map.js';

/** What the royalties API answers: the SPA reads these rows and lists. */

/** One ledger line as GET /royalties answers it; money fields are exact decimal strings. */
export type Royalty = {
  id: string;
  import_id: string | null;
  line: number | null;
  pay_period: string;
  isrc: string | null;
  upc: string | null;
  cat_no: string | null;
  song: string | null;
  mix: string | null;
  artist: string | null;
  album: string | null;
  label_name: string | null;
  retailer: string | null;
  delivered_by: string | null;
  territory: string | null;
  sales_category: string | null;
  sales_format: string | null;
  quantity: number | null;
  currency: string | null;
  subtotal_payable: string | null;
  exchange_rate: string | null;
  company_currency: string | null;
  amount: string | null;
  aggregator_payable: string | null;
  label_payable: string | null;
  artist_payable: string | null;
  recording_id: string | null;
  release_id: string | null;
  label_id: string | null;
  artist_id: string | null;
  matched_by: string | null;
  estimated: boolean | null;
  paid: boolean | null;
  artist_paid: boolean | null;
  manual: boolean | null;
  edited: boolean | null;
  /** The licence whose fee or advance this line is (licensee and use), else null. */
  license?: { id: string; name: string; type: 'incoming' | 'outgoing' } | null;
};

export type RoyaltyList = {
  royalties: Royalty[];
  total_count: number;
  total_pages: number;
  total_sum: string;
  /** Of the label share, what the payees and artists are owed (the statements engine's split, current terms). */
  artist_sum: string;
  /** Of the label share, what the label keeps. */
  retained_sum?: string;
  /** Of the label share, what no one is entitled to (no payees, artists or release terms). */
  unaccountable_sum?: string;
  label_sum: string;
  aggregator_sum: string;
  /** The estimated lines' sum (or count), as the API gives it. */
  estimated: string | number | null;
  /** Lines left out of the sums for want of an exchange rate (no amount in the company currency). */
  unconverted_count?: number;
  currency: string;
  pay_periods: { pay_period: string; total: string }[];
  label_names: string[];
  retailers: string[];
  artists: string[];
  albums: string[];
};

type ImportStatus = 'processing' | 'done' | 'failed' | 'duplicate';

export type ImportTotals = {
  lines_read: number;
  stored: number;
  skipped: number;
  /** amount and currency: the refused line's amount when it could be read (counted in amount_rejected). */
  rejected: { line: number; reason: string; amount?: string; currency?: string }[];
  amount_read: string;
  amount_stored: string;
  amount_rejected: string;
  /** The same amounts per currency ("" for lines naming none): a report may mix currencies. Absent on older imports. */
  amounts_by_currency?: { currency: string; read: string; stored: string; rejected: string }[];
};

export type RoyaltyImport = {
  id: string;
  filename: string;
  size?: number;
  source_id: string;
  /** The stored object's key (the presign answer's `key`): ties an upload to its import. */
  source_key?: string;
  source_name?: string;
  status: ImportStatus;
  progress?: number;
  error?: string;
  duplicate_of?: string;
  problems?: string[];
  missing_rates?: MissingRate[];
  /** YYYY-MM-DD: the newest rate paid on or before it converts the file's lines. */
  payment_date?: string;
  /** The company's currency the lines are converted into, and their total in it (converted lines only). */
  company_currency?: string;
  amount?: string;
  totals?: ImportTotals;
  unmatched_lines?: number;
  /** Lines by how they matched the catalogue. */
  matched?: { isrc: number; upc: number; cat_no: number; manual: number; unmatched: number };
  /** The list leaves the rejected lines out and gives their count. */
  rejected_count?: number;
  /** A large report is cut into parts imported side by side; absent when it was read whole. */
  parts?: number;
  /** It failed, or is stuck (no progress past the worker's timeout): POST /royalty_imports/{id}/rerun runs it again. */
  can_rerun?: boolean;
  /** Flagged (its own checks failed) and not accepted yet: no statement states its lines. */
  held?: boolean;
  /** Who accepted a flagged import, when (ISO) and why. */
  accepted_by?: string;
  accepted_by_name?: string;
  accepted_at?: string;
  accepted_reason?: string;
  created_at?: string;
  /** The re-match asked for last (null: none): run by the import worker, in the background. */
  job?: ImportJob | null;
};

/**
 * A finished import matched again in the background: asked for as a re-match, by a match assigned by hand, or by the
 * exchange rates applied again (`kind`). `message` is the notice when it is done (the reason when it failed).
 */
export type ImportJob = {
  kind: 'rematch' | 'assign' | 'rates';
  status: 'queued' | 'running' | 'done' | 'failed';
  progress: number;
  queued_at: string;
  finished_at: string | null;
  /** When done: the import's counts and the lines a published statement carries, kept as stated. */
  result: {
    lines: number;
    matched: { isrc: number; upc: number; cat_no: number; manual: number; unmatched: number };
    missing_rates: MissingRate[];
    stated_lines: number;
    statements: string[];
  } | null;
  message: string | null;
};

/** GET /royalty_imports: a page of the company's imports (their rejected lines left out). */
export type RoyaltyImportList = { royalty_imports: RoyaltyImport[]; total_count: number; total_pages: number };

export type UnmatchedLine = {
  isrc: string | null;
  upc: string | null;
  cat_no: string | null;
  song: string | null;
  artist: string | null;
  album: string | null;
  lines: number;
  amount: string;
};

/** An import's unmatched lines as they are now (edits and assignments applied), and its lines matched and not. */
export type UnmatchedAnswer = { unmatched: UnmatchedLine[]; unmatched_lines: number; matched_lines: number };

/** Assigning unmatched lines: by an identifier (field and value), or a group without one by its names. */
export type AssignBody = (
  | { field: 'isrc' | 'upc' | 'cat_no'; value: string }
  | { song: string | null; artist: string | null; album: string | null }
) &
  ({ recording_id: string } | { release_id: string });

export type SavedRoyaltyMap = { id: string; name: string; map: RoyaltyMap };

export type MapPreview = {
  headers: string[];
  rows: Record<string, string>[];
  rejected?: { line: number; reason: string }[];
  suggested_map_id?: string;
};

/** One unit of original_currency in target_currency, for one distributor's reports paid on or after payment_date. */
export type ExchangeRate = {
  id: string;
  distributor: string;
  payment_date: string;
  original_currency: string;
  target_currency: string;
  rate: string;
  createdAt?: string;
};
export type ExchangeRateInput = Omit<ExchangeRate, 'id' | 'createdAt'>;

/** Lines of an import left unconverted because no rate of this distributor and currency pair applies. */
type MissingRate = { distributor: string; original_currency: string; target_currency: string; lines: number };

/**
 * What exchange rates applied again found, over the imports' re-match jobs (one import's `job.result`, or their sum):
 * imports and lines re-converted, the pairs still without a rate, and the lines published statements carry, which keep
 * the rate they were stated with (how many, and the statements' numbers).
 */
export type ExchangeRateUpdate = {
  imports: number;
  lines: number;
  missing_rates: MissingRate[];
  stated_lines: number;
  statements: string[];
};
