import { EXCHANGE_MODEL_TITLES } from '../../shared/catalogue-exchange/model-attributes.js';
import type { ImportModel } from '../catalogue-exchange/import-model.js';
import { IMPORTERS, importerFor } from '../catalogue-exchange/importers.js';
import {
  type ImportFile,
  presignImportFile,
  previewImport,
  startImport,
} from '../catalogue-exchange/imports/pipeline.js';
import { companyExists } from '../data/access/companies.js';
import { InvalidField, NotFound } from '../lib/errors.js';
import { columnMapOf, createMetadataMap } from './metadata-maps.js';

/**
 * The admin importer: an admin imports a file into any company, as
 * any model, through a saved metadata map or a map made on the page, using the catalogue import
 * pipeline (preview writes nothing; start queues the worker, which pushes progress to the admin).
 * Every call names its company; the pipeline keeps a company's files under its own prefix, so a
 * file uploaded for one company cannot be imported into another.
 */

type Caller = { userId: string };
type Target = { company_id: string; model: ImportModel; file: ImportFile };
type Mapping = { metadata_map_id?: string; column_map?: Record<string, string> };

async function company(id: string): Promise<string> {
  if (!(await companyExists(id))) throw new NotFound('Company');
  return id;
}

/** The models an admin may import (GET importer). */
export function importerModels() {
  const models = (Object.keys(IMPORTERS) as ImportModel[]).map((model) => ({
    model,
    title: EXCHANGE_MODEL_TITLES[model],
  }));
  return { models };
}

/** The attributes a model reads (POST model_attributes). */
export function modelAttributes(model: ImportModel) {
  return { model, attributes: importerFor(model).attributes };
}

export async function presignImporterFile(input: {
  company_id: string;
  filename: string;
  content_type: string;
  size: number;
}) {
  return presignImportFile(await company(input.company_id), input.filename, input.content_type, input.size);
}

/** The column map an import reads through: the page's, or a saved map's (which must be for the same model). */
async function columnMap(model: ImportModel, mapping: Mapping): Promise<Record<string, string> | undefined> {
  if (mapping.column_map) return mapping.column_map;
  if (!mapping.metadata_map_id) return undefined;
  const saved = await columnMapOf(mapping.metadata_map_id).catch((error: unknown) => {
    if (error instanceof NotFound) throw new InvalidField('metadata_map_id', 'Metadata map not found');
    throw error;
  });
  if (saved.model !== model) throw new InvalidField('metadata_map_id', `This map reads ${saved.model}, not ${model}`);
  return saved.map;
}

export async function previewImporter(caller: Caller, input: Target & Mapping) {
  const tenantId = await company(input.company_id);
  const map = await columnMap(input.model, input);
  const preview = await previewImport({
    tenantId,
    userId: caller.userId,
    model: input.model,
    file: input.file,
    columnMap: map,
  });
  return { ...preview, company_id: tenantId, column_map: map ?? null };
}

export async function startImporter(
  caller: Caller,
  input: Target &
    Mapping & { import_id: string; save_map?: { source_service?: string; notes?: string; year?: number | '' } },
) {
  const tenantId = await company(input.company_id);
  const map = await columnMap(input.model, input);
  const saved =
    input.save_map && map
      ? await createMetadataMap({
          ...input.save_map,
          map,
          model_type: input.model,
          mapable_type: 'Company',
          mapable_id: tenantId,
          type: 'import',
        })
      : undefined;
  const started = await startImport({
    tenantId,
    userId: caller.userId,
    model: input.model,
    file: input.file,
    columnMap: map,
    importId: input.import_id,
  });
  return { ...started, company_id: tenantId, metadata_map: saved?.metadata_map ?? null, message: 'Import started' };
}
