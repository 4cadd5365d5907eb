import * as answers from '../../shared/schemas/responses-labels.js';
import { deletedResponse, messageResponse } from '../../shared/schemas/responses.js';
import { z } from 'zod';
import { importInput, importsBulkDestroy, importUpdate } from '../../shared/schemas/import.js';
import { areaHandler, idParams, operation, reply, type AreaOperations } from '../lib/http.js';
import { planGate } from '../plans/gate.js';
import { listQuerySchema } from '../lib/list-query.js';
import * as imports from './imports.js';
import { catalogueImportOperations } from '../catalogue-exchange/imports/operations.js';

/** Imports area: the history of files users imported. */
const operations = {
  listImports: operation('user', {
    response: answers.importRecordListResponse,
    query: listQuerySchema(['created_at', 'filename', 'type', 'records', 'filesize'], {
      user_id: z.string().min(1).max(64).optional(),
      all: z.enum(['true', 'false']).optional(),
    }),
    run: ({ caller, query }) => imports.listImports(caller, query),
  }),
  addImport: operation('user', {
    response: answers.importRecordSavedResponse,
    body: importInput,
    run: async ({ caller, body }) => reply(201, await imports.addImport(caller, body)),
  }),
  updateImport: operation('admin', {
    response: answers.importRecordSavedResponse,
    params: idParams,
    body: importUpdate,
    run: ({ caller, params, body }) => imports.updateImport(caller, params.id, body),
  }),
  getImport: operation('user', {
    response: answers.importRecordResponse,
    params: idParams,
    run: ({ caller, params }) => imports.getImport(caller, params.id),
  }),
  deleteImport: operation('user', {
    response: messageResponse,
    params: idParams,
    run: ({ caller, params }) => imports.deleteImport(caller, params.id),
  }),
  bulkDestroyImports: operation('user', {
    response: deletedResponse,
    body: importsBulkDestroy,
    run: ({ caller, body }) => imports.bulkDestroyImports(caller, body.import_ids),
  }),
  ...catalogueImportOperations,
} satisfies AreaOperations<'imports'>;

export const handler = areaHandler('imports', operations, planGate);
