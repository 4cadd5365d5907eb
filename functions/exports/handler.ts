import * as answers from '../../shared/schemas/responses-labels.js';
import { messageResponse } from '../../shared/schemas/responses.js';
import { areaHandler, idParams, operation, reply, type AreaOperations } from '../lib/http.js';
import { planGate } from '../plans/gate.js';
import {
  deleteExport,
  getExport,
  listExports,
  startExport,
  type ExportRequest,
} from '../catalogue-exchange/exports/jobs.js';
import { exportBody, exportQuery, labelExportQuery } from './schemas.js';

/** Written at once: 201 with the file's link; queued to the worker: 202, the link comes with its progress. */
async function answer(tenantId: string, userId: string, request: ExportRequest) {
  const started = await startExport(tenantId, userId, request);
  return reply(started.inline ? 201 : 202, {
    export: started.export,
    message: started.inline ? 'Export ready' : 'Export started',
  });
}

/**
 * Exports area: release exports in every format as export jobs
 * (tenant routes, catalogue.read) and the user's exports list (profile/exports).
 */
const operations = {
  exportCatalogue: operation('tenant', {
    response: answers.catalogueExportStartedResponse,
    query: exportQuery,
    run: ({ tenantId, caller, query }) => answer(tenantId, caller.user.userId, query),
  }),
  createExport: operation('tenant', {
    response: answers.catalogueExportStartedResponse,
    body: exportBody,
    run: ({ tenantId, caller, body }) => answer(tenantId, caller.user.userId, body),
  }),
  // The distribution area's export: the whole catalogue unless rows are named.
  distributionExport: operation('tenant', {
    response: answers.catalogueExportStartedResponse,
    query: exportQuery,
    run: ({ tenantId, caller, query }) =>
      answer(tenantId, caller.user.userId, { ...query, all: query.all || query.ids.length === 0 }),
  }),
  exportLabelCatalogue: operation('tenant', {
    response: answers.catalogueExportStartedResponse,
    query: labelExportQuery,
    run: ({ tenantId, caller, query }) =>
      answer(tenantId, caller.user.userId, {
        model: 'releases',
        format: 'csv',
        all: false,
        ids: [],
        label_id: query.id,
        strip: [],
      }),
  }),
  listExports: operation('tenant', {
    response: answers.catalogueExportListResponse,
    run: async ({ tenantId, caller }) => {
      const exports = await listExports(tenantId, caller.user.userId);
      return { exports, total_count: exports.length, total_pages: 1 };
    },
  }),
  getExport: operation('tenant', {
    response: answers.catalogueExportResponse,
    params: idParams,
    run: async ({ tenantId, caller, params }) => ({ export: await getExport(tenantId, caller.user.userId, params.id) }),
  }),
  deleteExport: operation('tenant', {
    response: messageResponse,
    params: idParams,
    run: async ({ tenantId, caller, params }) => {
      await deleteExport(tenantId, caller.user.userId, params.id);
      return { message: 'Export deleted' };
    },
  }),
} satisfies AreaOperations<'exports'>;

export const handler = areaHandler('exports', operations, planGate);
