import { z } from 'zod';
import { IMPORT_MODELS } from '../catalogue-exchange/import-model.js';
import { catalogueImportPreview } from '../catalogue-exchange/imports/inputs.js';
import { METADATA_MAP_SORT_FIELDS, metadataMapInput } from '../../shared/schemas/metadata-map.js';
import { listQuerySchema } from '../lib/list-query.js';

/** What admins send to the importer and the metadata maps. */

/** The uploaded file, as catalogue imports take it. */
const importFileInput = catalogueImportPreview.shape.file;
const companyId = z.string().trim().min(1, 'Choose a company').max(64);
const model = z.enum(IMPORT_MODELS);
const columnMap = z.record(z.string().trim().min(1).max(200), z.string().trim().max(100));

export const modelAttributesInput = z.strictObject({ model });

export const importerUpload = z.strictObject({
  company_id: companyId,
  filename: z.string().trim().min(1).max(300),
  content_type: z.string().trim().min(1).max(200),
  size: z.number().int().min(1, 'The file is empty'),
});

/** A file for a company and a model, read through a saved metadata map or a map made on the page (not both). */
export const importerPreview = z
  .strictObject({
    company_id: companyId,
    model,
    file: importFileInput,
    metadata_map_id: z.string().trim().min(1).max(64).optional(),
    column_map: columnMap.optional(),
  })
  .refine((b) => !(b.metadata_map_id && b.column_map), {
    path: ['column_map'],
    message: 'Choose a saved map or map the columns, not both',
  });

/** Starting the previewed import; `save_map` keeps the page's column map as a metadata map for the company. */
export const importerStart = z
  .strictObject({
    company_id: companyId,
    model,
    file: importFileInput,
    metadata_map_id: z.string().trim().min(1).max(64).optional(),
    column_map: columnMap.optional(),
    import_id: z.string().trim().min(1).max(80),
    save_map: metadataMapInput.pick({ source_service: true, notes: true, year: true }).optional(),
  })
  .refine((b) => !(b.metadata_map_id && b.column_map), {
    path: ['column_map'],
    message: 'Choose a saved map or map the columns, not both',
  })
  .refine((b) => !b.save_map || b.column_map, { path: ['save_map'], message: 'Map the columns to save them as a map' });

export const metadataMapListQuery = listQuerySchema(METADATA_MAP_SORT_FIELDS, {
  model_type: z.enum(IMPORT_MODELS).optional(),
});
export { metadataMapInput };
