import * as answers from '../../../shared/schemas/responses-labels.js';
import { presignedUploadResponse } from '../../../shared/schemas/responses.js';
import { z } from 'zod';
import { idParams, operation, reply } from '../../lib/http.js';
import { getJob, importReleases } from './api.js';
import {
  catalogueImportPreview,
  catalogueImportStart,
  catalogueImportUpload,
  importReleaseInput,
  importReleasesInput,
} from './inputs.js';
import { presignImportFile, previewImport, startImport } from './pipeline.js';
import { releaseSheetTemplate, TEMPLATE_FORMATS } from './template.js';
import { importOneRelease } from '../releases/import-one-release.js';

/** The catalogue import operations of the imports area (functions/imports/handler.ts joins them). */
export const catalogueImportOperations = {
  presignCatalogueImport: operation('tenant', {
    response: presignedUploadResponse,
    body: catalogueImportUpload,
    run: ({ tenantId, body }) => presignImportFile(tenantId, body.filename, body.content_type, body.size),
  }),
  previewCatalogueImport: operation('tenant', {
    response: answers.catalogueImportPreviewResponse,
    body: catalogueImportPreview,
    run: ({ tenantId, caller, body }) =>
      previewImport({
        tenantId,
        userId: caller.user.userId,
        model: body.model,
        file: body.file,
        columnMap: body.column_map,
      }),
  }),
  startCatalogueImport: operation('tenant', {
    response: answers.catalogueImportStartedResponse,
    body: catalogueImportStart,
    run: async ({ tenantId, caller, body }) =>
      reply(
        202,
        await startImport({
          tenantId,
          userId: caller.user.userId,
          model: body.model,
          file: body.file,
          columnMap: body.column_map,
          importId: body.import_id,
        }),
      ),
  }),
  /** The release sheet's header and an example row, to fill in (`format`: csv, xlsx or json; the file base64-encoded). */
  catalogueImportTemplate: operation('tenant', {
    response: answers.releaseSheetTemplateResponse,
    query: z.strictObject({ format: z.enum(TEMPLATE_FORMATS) }),
    run: async ({ tenantId, query }) => ({ template: await releaseSheetTemplate(tenantId, query.format) }),
  }),
  getCatalogueImport: operation('tenant', {
    response: answers.catalogueImportResponse,
    params: idParams,
    run: ({ tenantId, params }) => getJob(tenantId, params.id),
  }),
  importReleases: operation('tenant', {
    body: importReleasesInput,
    run: async ({ tenantId, caller, body }) =>
      reply(202, await importReleases({ tenantId, userId: caller.user.userId }, body)),
  }),
  importRelease: operation('tenant', {
    body: importReleaseInput,
    run: async ({ tenantId, caller, body }) =>
      reply(201, await importOneRelease({ tenantId, userId: caller.user.userId }, body.rows)),
  }),
};
