import * as answers from '../../shared/schemas/responses-platform.js';
import { messageResponse, presignedUploadResponse } from '../../shared/schemas/responses.js';
import { areaHandler, idParams, operation, reply, type AreaOperations } from '../lib/http.js';
import { planGate } from '../plans/gate.js';
import {
  importerModels,
  modelAttributes,
  presignImporterFile,
  previewImporter,
  startImporter,
} from './admin-importer.js';
import {
  importerPreview,
  importerStart,
  importerUpload,
  metadataMapInput,
  metadataMapListQuery,
  modelAttributesInput,
} from './inputs.js';
import * as maps from './metadata-maps.js';

/** Importer area (admins): the admin importer and the metadata maps it reads files through. */
const operations = {
  importerModels: operation('admin', { response: answers.importerModelsResponse, run: async () => importerModels() }),
  modelAttributes: operation('admin', {
    response: answers.modelAttributesResponse,
    body: modelAttributesInput,
    run: async ({ body }) => modelAttributes(body.model),
  }),
  presignImporterFile: operation('admin', {
    response: presignedUploadResponse,
    body: importerUpload,
    run: ({ body }) => presignImporterFile(body),
  }),
  previewImporter: operation('admin', {
    body: importerPreview,
    run: ({ caller, body }) => previewImporter({ userId: caller.user.userId }, body),
  }),
  startImporter: operation('admin', {
    body: importerStart,
    run: async ({ caller, body }) => reply(202, await startImporter({ userId: caller.user.userId }, body)),
  }),
  listMetadataMaps: operation('admin', {
    response: answers.metadataMapListResponse,
    query: metadataMapListQuery,
    run: ({ query }) => maps.listMetadataMaps(query),
  }),
  getMetadataMap: operation('admin', {
    response: answers.metadataMapResponse,
    params: idParams,
    run: ({ params }) => maps.getMetadataMap(params.id),
  }),
  createMetadataMap: operation('admin', {
    response: answers.metadataMapSavedResponse,
    body: metadataMapInput,
    run: async ({ body }) => reply(201, await maps.createMetadataMap(body)),
  }),
  updateMetadataMap: operation('admin', {
    response: answers.metadataMapSavedResponse,
    params: idParams,
    body: metadataMapInput.partial(),
    run: ({ params, body }) => maps.updateMetadataMap(params.id, body),
  }),
  deleteMetadataMap: operation('admin', {
    response: messageResponse,
    params: idParams,
    run: ({ params }) => maps.deleteMetadataMap(params.id),
  }),
} satisfies AreaOperations<'importer'>;

export const handler = areaHandler('importer', operations, planGate);
