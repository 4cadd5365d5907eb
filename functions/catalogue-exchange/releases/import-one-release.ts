import { ulid } from 'ulid';
import { BadRequest, Conflict } from '../../lib/errors.js';
import type { ImportContext, MappedRow } from '../import-model.js';
import { isWritable } from '../imports/pipeline.js';
import { mapColumns } from '../imports/column-map.js';
import { planReleases, releaseImporter, writePlannedRelease } from './release-importer.js';
import { importedReleaseId } from './write-release.js';

/**
 * POST import_release: one release given as rows of the release sheet (one per
 * recording), checked like a file's and written at once. Every error is answered per row and
 * field (`rows.<n>.<field>`, n counting the rows from 1); a duplicate is a 409 naming it.
 */
export async function importOneRelease(
  scope: { tenantId: string; userId: string },
  input: readonly Record<string, string | number | boolean>[],
) {
  const asText = input.map((row) =>
    Object.fromEntries(
      Object.entries(row).map(([k, v]) => [
        k.trim().toLowerCase(),
        typeof v === 'boolean' ? (v ? 'Y' : 'N') : String(v),
      ]),
    ),
  );
  const headers = [...new Set(asText.flatMap((row) => Object.keys(row)))];
  const rows: MappedRow[] = mapColumns(headers, asText, releaseImporter.attributes);
  // The same UPC on every row: a row naming another would be a second release.
  const upcs = new Set(rows.map((r) => (r.upc ?? '').trim()).filter(Boolean));
  if (upcs.size > 1)
    throw new BadRequest('All rows must belong to one release (one UPC)', {
      upc: ['All rows must belong to one release (one UPC)'],
    });
  const ctx: ImportContext = { ...scope, importId: ulid() };
  const planned = await planReleases(ctx, rows);
  const all = planned.flatMap((r) => r.errors);
  if (all.length) {
    const errors: Record<string, string[]> = {};
    for (const e of all) {
      const field = `rows.${e.row - 1}.${e.field}`;
      errors[field] = [...(errors[field] ?? []), `Row ${e.row - 1}: ${e.message}`];
    }
    throw new BadRequest(all.length === 1 ? all[0].message : `The release has ${all.length} errors`, errors);
  }
  const [record] = planned;
  if (record.duplicate) throw new Conflict(record.duplicate, { upc: [record.duplicate] });
  if (!isWritable(record)) throw new BadRequest('Nothing to import');
  const added = await writePlannedRelease(ctx, record, rows);
  await releaseImporter.afterWrites?.(ctx);
  return {
    release: { id: importedReleaseId(ctx.importId, record.key) },
    notes: record.notes ?? [],
    message: `${added} records were added`,
  };
}
