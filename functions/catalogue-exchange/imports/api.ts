import { getCatalogueImport } from '../../data/access/catalogue-imports.js';
import type { CatalogueImportItem } from '../../data/entities/catalogue-import.js';
import { NotFound } from '../../lib/errors.js';
import type { PlannedRecord, RowError } from '../import-model.js';
import { recordsAdded } from './lease.js';
import { previewImport, startImport, type ImportFile, type ImportPreview } from './pipeline.js';

/** The imports area's catalogue import calls, beside the imports history (functions/imports/). */

/** A job as the SPA sees it: how far it got, and the product's notice once done. */
function jobView(job: CatalogueImportItem) {
  return {
    id: job.importId,
    model: job.model,
    filename: job.filename,
    filesize: job.filesize,
    status: job.status,
    total: job.total ?? 0,
    done: job.done ?? 0,
    added: recordsAdded(job),
    invalid: job.invalid ?? 0,
    duplicates: job.duplicates ?? 0,
    failed: job.failed ?? 0,
    message: job.status === 'done' ? `${recordsAdded(job)} records were added` : (job.message ?? ''),
    created_at: job.createdAt ?? '',
  };
}

/** A company's import job; another company's (or one that never was) is 404. */
export async function getJob(tenantId: string, importId: string) {
  const job = await getCatalogueImport(tenantId, importId);
  if (!job) throw new NotFound('Import');
  return { import: jobView(job) };
}

/** Every error of a preview as a line the user reads: "Row 4: UPC is required". */
function errorLines(records: readonly PlannedRecord[]): string[] {
  const all: RowError[] = records.flatMap((r) => r.errors);
  return all.sort((a, b) => a.row - b.row).map((e) => `Row ${e.row}: ${e.message}`);
}

/** Every duplicate of a preview as a line: "Night Drive (UPC …): already in the catalogue". */
const duplicateLines = (records: readonly PlannedRecord[]) =>
  records.filter((r) => r.duplicate && !r.errors.length).map((r) => `${r.label}: ${r.duplicate}`);

/**
 * POST import_releases: a file of releases is previewed; its good releases are
 * queued to the import worker and the answer carries every error (each is shown) and every
 * duplicate, which are not written.
 */
export async function importReleases(
  scope: { tenantId: string; userId: string },
  input: { file: ImportFile; column_map?: Record<string, string> },
) {
  const preview: ImportPreview = await previewImport({
    ...scope,
    model: 'releases',
    file: input.file,
    columnMap: input.column_map,
  });
  const started = preview.valid
    ? await startImport({
        ...scope,
        model: 'releases',
        file: input.file,
        columnMap: input.column_map,
        importId: preview.import_id,
      })
    : undefined;
  return {
    import_id: started?.import_id ?? null,
    valid: preview.valid,
    invalid: preview.invalid,
    duplicates: preview.duplicates,
    rows: preview.rows,
    left_out: preview.left_out,
    listed_all: preview.listed_all,
    errors: errorLines(preview.records),
    duplicate_records: duplicateLines(preview.records),
    records: preview.records,
    message: started ? 'Import started' : 'Nothing to import',
  };
}
