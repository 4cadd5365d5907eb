import { ulid } from 'ulid';
import { createCatalogueImport, getCatalogueImport } from '../../data/access/catalogue-imports.js';
import { InvalidField, NotFound } from '../../lib/errors.js';
import type { PresignedUpload } from '../../uploads/presign.js';
import type { ImportContext, ImportModel, MappedRow, PlannedRecord } from '../import-model.js';
import { importerFor } from '../importers.js';
import { mapColumns } from './column-map.js';
import { importPrefix, presignImportUpload, readStoredFile } from './import-files.js';
import { isFinished, leaseIsLive, resumeMessage } from './lease.js';
import { queueImportStep } from './queue.js';
import { readImportFile } from './read-file.js';

/**
 * The generic catalogue import pipeline: a file uploaded into
 * the uploads bucket → rows → the column map → the model's plan (every error per row and field,
 * duplicates) → preview; started, the import worker plans again and writes the good records in
 * chunks (worker.ts). Each model is a ModelImporter (importers.ts).
 */

/** A file in the uploads bucket, under `imports/{tenantId}/`. */
export type ImportFile = { key: string; filename: string; size: number };
export type ImportRequest = {
  tenantId: string;
  userId: string;
  model: ImportModel;
  file: ImportFile;
  /** The file's header → attribute name; headers it leaves out match attributes by name or label. */
  columnMap?: Readonly<Record<string, string>>;
};
export type ImportPreview = {
  import_id: string;
  model: ImportModel;
  /** The records shown: the first ones with errors, the first duplicates and the first good ones (previewRecords). */
  records: PlannedRecord[];
  /** Records of the file not in `records` (0 when every one is shown). */
  left_out: number;
  /** Whether `records` carry every error and every duplicate of the file. */
  listed_all: boolean;
  /** What writing the good records also does ("New artist: Mira Vale"), once each, the first PREVIEW_RECORDS. */
  notes: string[];
  /** Records that would be written. */
  valid: number;
  /** Records with at least one error (each listed in its record's `errors`). */
  invalid: number;
  /** Records the company has already (or the file holds twice): reported, not written. */
  duplicates: number;
  /** Rows read (blank rows not counted). */
  rows: number;
};

/** A file's records as the model plans them, with the mapped rows they came from. */
export type ImportPlan = { rows: MappedRow[]; records: PlannedRecord[] };

/** The file must be one this company uploaded for an import: another company's key reads as missing. */
function checkFileKey(tenantId: string, file: ImportFile) {
  if (!file.key.startsWith(importPrefix(tenantId)) || file.key.includes('..')) throw new NotFound('Import file');
}

/** Reads the file, maps its columns and asks the model for its plan. Writes nothing. */
export async function planImport(req: ImportRequest, importId: string): Promise<ImportPlan> {
  checkFileKey(req.tenantId, req.file);
  const importer = importerFor(req.model);
  const bytes = await readStoredFile(req.file.key);
  const { headers, rows: fileRows } = await readImportFile(req.file.filename, bytes);
  if (!fileRows.length) throw new InvalidField('file', 'The file has no rows to import');
  const rows = mapColumns(headers, fileRows, importer.attributes, req.columnMap);
  const ctx: ImportContext = { tenantId: req.tenantId, userId: req.userId, importId };
  return { rows, records: await importer.plan(ctx, rows) };
}

/** Whether a planned record would be written. */
export const isWritable = (record: PlannedRecord): boolean => !record.errors.length && !record.duplicate;

/** Counts of a plan, as the preview and the job report them. */
export function planCounts(plan: ImportPlan) {
  return {
    valid: plan.records.filter(isWritable).length,
    invalid: plan.records.filter((r) => r.errors.length).length,
    duplicates: plan.records.filter((r) => !r.errors.length && r.duplicate).length,
    rows: plan.rows.filter((row) => Object.values(row).some((v) => v !== '')).length,
  };
}

/** How many records of each sort (with errors, duplicates, good) a preview shows, and how many error lines. */
export const PREVIEW_RECORDS = 100;

/**
 * The records a preview answers: the counts cover the whole file, the records only the first
 * PREVIEW_RECORDS of each sort, and their errors the first PREVIEW_RECORDS lines in row order. A
 * file of 50,000 bad rows otherwise answered every one of them, an answer larger than any browser
 * shows and than a function may send; the user fixes the first errors and previews again.
 */
function previewRecords(records: readonly PlannedRecord[]): PlannedRecord[] {
  let errorLines = 0;
  const withErrors: PlannedRecord[] = [];
  for (const record of records.filter((r) => r.errors.length)) {
    if (withErrors.length >= PREVIEW_RECORDS || errorLines >= PREVIEW_RECORDS) break;
    const errors = record.errors.slice(0, PREVIEW_RECORDS - errorLines);
    errorLines += errors.length;
    withErrors.push({ ...record, errors });
  }
  const duplicates = records.filter((r) => !r.errors.length && r.duplicate).slice(0, PREVIEW_RECORDS);
  const good = records.filter(isWritable).slice(0, PREVIEW_RECORDS);
  return [...withErrors, ...duplicates, ...good].sort((a, b) => (a.rows[0] ?? 0) - (b.rows[0] ?? 0));
}

/** The distinct notes of the good records, the first PREVIEW_RECORDS of them. */
function previewNotes(records: readonly PlannedRecord[]): string[] {
  const notes = new Set<string>();
  for (const record of records.filter(isWritable))
    for (const note of record.notes ?? []) if (notes.size < PREVIEW_RECORDS) notes.add(note);
  return [...notes];
}

/**
 * The preview of an import: the counts of the whole file, and its first errors, duplicates and good
 * records (previewRecords). Writes nothing.
 */
export async function previewImport(req: ImportRequest): Promise<ImportPreview> {
  const importId = ulid();
  return previewOf(importId, req.model, await planImport(req, importId));
}

/** The preview answer of a plan (previewImport). */
export function previewOf(importId: string, model: ImportModel, plan: ImportPlan): ImportPreview {
  const records = previewRecords(plan.records);
  const shown = (keep: (r: PlannedRecord) => number) => records.reduce((n, r) => n + keep(r), 0);
  const all = (keep: (r: PlannedRecord) => number) => plan.records.reduce((n, r) => n + keep(r), 0);
  const errorsAndDuplicates = (r: PlannedRecord) => r.errors.length + (!r.errors.length && r.duplicate ? 1 : 0);
  return {
    import_id: importId,
    model,
    records,
    left_out: plan.records.length - records.length,
    listed_all: shown(errorsAndDuplicates) === all(errorsAndDuplicates),
    notes: previewNotes(plan.records),
    ...planCounts(plan),
  };
}

/**
 * Queues an import: the job is saved and the worker plans it again (the catalogue may have changed
 * since the preview) and writes its good records in chunks, pushing progress to the user. Starting
 * the same import id again while it is unfinished and no worker holds it (its worker died, or its
 * message was lost) queues it again: it carries on from where it stopped, writing nothing twice. A
 * job a live worker holds, or one finished, is left as it is.
 */
export async function startImport(req: ImportRequest & { importId: string }): Promise<{ import_id: string }> {
  checkFileKey(req.tenantId, req.file);
  importerFor(req.model);
  const created = await createCatalogueImport({
    tenantId: req.tenantId,
    importId: req.importId,
    userId: req.userId,
    model: req.model,
    fileKey: req.file.key,
    filename: req.file.filename,
    filesize: req.file.size,
    columnMap: req.columnMap ? JSON.stringify(req.columnMap) : undefined,
    status: 'queued',
  });
  if (!created) {
    const existing = await getCatalogueImport(req.tenantId, req.importId);
    if (!existing || existing.userId !== req.userId) throw new NotFound('Import');
    if (!isFinished(existing.status) && !leaseIsLive(existing)) await queueImportStep(resumeMessage(existing));
    return { import_id: req.importId };
  }
  await queueImportStep({ tenantId: req.tenantId, importId: req.importId, step: 'plan' });
  return { import_id: req.importId };
}

/** A presigned PUT for an import file, under the company's import prefix (`size` checked and signed when given). */
export function presignImportFile(
  tenantId: string,
  filename: string,
  contentType: string,
  size?: number,
): Promise<PresignedUpload> {
  return presignImportUpload(tenantId, { filename, contentType, size });
}
