/** What the catalogue import calls answer, as the SPA reads them. */

type ImportRowError = { row: number; field: string; message: string };

type ImportPreviewRecord = {
  key: string;
  rows: number[];
  label: string;
  errors: ImportRowError[];
  duplicate?: string;
  notes?: string[];
};

/** POST /catalogue_imports/preview. */
export type ImportPreviewAnswer = {
  import_id: string;
  model: string;
  /** The first records with errors, the first duplicates and the first good ones: the counts cover the file. */
  records: ImportPreviewRecord[];
  /** Records of the file not in `records`. */
  left_out: number;
  /** Whether `records` carry every error and every duplicate of the file. */
  listed_all: boolean;
  /** What writing the good records also does, once each. */
  notes: string[];
  valid: number;
  invalid: number;
  duplicates: number;
  rows: number;
};

/** GET /catalogue_imports/{id} (`import`), and the progress the worker pushes. */
export type CatalogueImportJob = {
  id: string;
  model: string;
  filename: string;
  filesize: number;
  status: 'queued' | 'planning' | 'writing' | 'done' | 'failed';
  total: number;
  done: number;
  added: number;
  invalid: number;
  duplicates: number;
  failed: number;
  message: string;
  created_at: string;
};

/** The worker's push: `{ type: 'catalogue_import.progress', import_id, done, total, status, added, message? }`. */
export const CATALOGUE_IMPORT_PROGRESS = 'catalogue_import.progress';
