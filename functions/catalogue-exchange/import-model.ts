/**
 * The contract between the chunked import pipeline (functions/catalogue-exchange/imports/) and the
 * models it imports (models, model_attributes, records). Each model says
 * which attributes it reads, how rows become records, and how one record is written; the pipeline
 * reads the file, maps its columns, previews every error, writes the good records in chunks and
 * reports progress. One importer per model; `importers.ts` lists them.
 */

/** The models a file can be imported into. */
export const IMPORT_MODELS = ['artists', 'contributors', 'payees', 'labels', 'releases', 'recordings'] as const;
export type ImportModel = (typeof IMPORT_MODELS)[number];

/** One attribute a model reads from a row (POST model_attributes answers these). */
export type ImportAttribute = {
  /** The row key after the column map (snake_case). */
  name: string;
  /** The field in the user's words, used in errors. */
  label: string;
  required: boolean;
};

/** A problem with one cell. `row` is the spreadsheet's row number (the header is row 1). */
export type RowError = { row: number; field: string; message: string };

/** One record the file would write, with the rows behind it; written all or nothing. */
export type PlannedRecord = {
  /** Stable within the file (a release's UPC, an artist's row): with the import id, the idempotency key. */
  key: string;
  /** The spreadsheet rows behind it (header = row 1). */
  rows: number[];
  /** How the preview names it, e.g. `Night Drive (UPC 5012345678900)`. */
  label: string;
  errors: RowError[];
  /** Set when the company has it already (by UPC, ISRC, catalogue number, or name): reported, not written. */
  duplicate?: string;
  /** What writing it also does, in the user's words ("New artist: Mira Vale"): shown in the preview. */
  notes?: string[];
  /**
   * The records writing it also creates (a release's new artists and writers), made once per import however many
   * records name them; the importer counts them at the import's end (ModelImporter.countAlsoCreated).
   */
  alsoCreates?: { collection: string; name: string }[];
  /**
   * Cells the plan filled in where the file left them empty (a release's catalogue number, following its
   * label's last release): kept with the plan so every write of the record uses the same values.
   */
  filled?: Record<string, string>;
};

export type ImportContext = { tenantId: string; userId: string; importId: string };

/** A file's row after the column map: attribute name → cell text ('' when empty). */
export type MappedRow = Readonly<Record<string, string>>;

export interface ModelImporter {
  readonly model: ImportModel;
  readonly attributes: readonly ImportAttribute[];
  /**
   * Checks every row and groups rows into records, resolving names against the company's catalogue
   * and reference data and finding duplicates. Writes nothing. `rows[i]` is spreadsheet row `i + 2`.
   */
  plan(ctx: ImportContext, rows: readonly MappedRow[]): Promise<PlannedRecord[]>;
  /**
   * Writes one planned record that has no errors and is not a duplicate. Idempotent for
   * (ctx.importId, record.key): a retried chunk creates nothing twice. Answers how many catalogue
   * records it created (a release with 12 recordings: 13).
   */
  write(ctx: ImportContext, record: PlannedRecord, rows: readonly MappedRow[]): Promise<number>;
  /**
   * Runs once after a chunk's writes, for what a model does once per chunk rather than per record
   * (the release importer marks the catalogue lists changed there).
   */
  afterWrites?(ctx: ImportContext): Promise<void>;
  /**
   * How many records the import created besides its planned ones (the `alsoCreates` of its records), counted
   * once after every chunk is written, by what exists: a chunk that ran twice must not count them twice or lose them.
   */
  countAlsoCreated?(ctx: ImportContext, records: readonly PlannedRecord[]): Promise<number>;
}
