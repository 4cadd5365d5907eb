import { z } from 'zod';
import { EXPORT_FORMATS, EXPORT_MODELS } from '../../shared/catalogue-exchange/exports.js';
import type { ExportRequest } from '../catalogue-exchange/exports/jobs.js';

/** The inputs of the export calls (company_id, all, model_name …). */

const id = z.string().trim().min(1).max(64);
const format = z.enum(
  EXPORT_FORMATS,
  'Format must be one of json, csv, release_csv, fuga_csv, ppl_csv, merlin_metadata',
);
const model = z.enum(EXPORT_MODELS, 'Model name must be releases or recordings');
/** A query list: "a,b,c" (or one value); at most 1,000. */
const csvList = (label: string) =>
  z
    .string()
    .max(100_000)
    .transform((text) =>
      text
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(id).max(1000, `${label} may name at most 1000`));
const fieldNames = z.array(z.string().trim().min(1).max(64)).max(100);

/** GET exports/export and GET catalogue/export: a query of strings. */
export const exportQuery = z
  .strictObject({
    all: z.enum(['true', 'false'], 'All must be true or false').optional(),
    model_name: model.optional(),
    format: format.optional(),
    ids: csvList('Ids').optional(),
    strip: z
      .string()
      .max(2000)
      .transform((text) =>
        text
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      )
      .pipe(fieldNames)
      .optional(),
  })
  .transform(
    (q): ExportRequest => ({
      model: q.model_name ?? 'releases',
      format: q.format ?? 'csv',
      all: q.all === 'true',
      ids: q.ids ?? [],
      strip: q.strip ?? [],
    }),
  );

/** POST exports: the SPA's export of chosen or visible rows (a body, so a long list of ids fits). */
export const exportBody = z
  .strictObject({
    all: z.boolean().optional(),
    model_name: model.optional(),
    format: format.optional(),
    ids: z.array(id).max(50_000, 'Ids may name at most 50000').optional(),
    strip: fieldNames.optional(),
  })
  .transform(
    (b): ExportRequest => ({
      model: b.model_name ?? 'releases',
      format: b.format ?? 'csv',
      all: b.all === true,
      ids: b.ids ?? [],
      strip: b.strip ?? [],
    }),
  );

/** GET labels/export_catalogue?id: one label's releases as CSV. */
export const labelExportQuery = z.strictObject({ id });
