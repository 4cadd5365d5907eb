import { z } from 'zod';
import { IMPORT_MODELS } from '../import-model.js';

/** What members send to catalogue imports: the upload, the preview, the start, one release. */

const columnMap = z.record(z.string().trim().min(1).max(200), z.string().trim().max(100)).optional();

/** A file uploaded through `POST /catalogue_imports/uploads`: its key under the company's import prefix. */
const importFileInput = z.strictObject({
  key: z.string().min(1).max(1024),
  filename: z.string().trim().min(1).max(300),
  size: z.number().int().min(0),
});

export const catalogueImportUpload = z.strictObject({
  filename: z.string().trim().min(1).max(300),
  content_type: z.string().trim().min(1).max(200),
  size: z.number().int().min(1, 'The file is empty'),
});

export const catalogueImportPreview = z.strictObject({
  model: z.enum(IMPORT_MODELS),
  file: importFileInput,
  column_map: columnMap,
});

export const catalogueImportStart = catalogueImportPreview.extend({
  /** The preview's import id: starting it twice queues it once. */
  import_id: z.string().trim().min(1).max(80),
});

/** POST import_releases: a file of releases (the release sheet), previewed and its good releases queued. */
export const importReleasesInput = z.strictObject({ file: importFileInput, column_map: columnMap });

/** POST import_release: one release as rows of the release sheet (one per recording). */
export const importReleaseInput = z.strictObject({
  rows: z
    .array(z.record(z.string().min(1).max(100), z.union([z.string().max(50_000), z.number(), z.boolean()])))
    .min(1)
    .max(500),
});
