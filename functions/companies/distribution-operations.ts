import { z } from 'zod';
import * as answers from '../../shared/schemas/responses-companies.js';
import { presignedUploadResponse } from '../../shared/schemas/responses.js';
import { DSP_CONNECTION_STATUSES, UPC_POOL_STATUSES } from '../../shared/distribution.js';
import {
  companyDistributorInput,
  dspConnectionInput,
  dspConnectionUpdate,
  dspRequestInput,
  upcImportInput,
  upcLinkInput,
} from '../../shared/schemas/distribution.js';
import { companyExists } from '../data/access/companies.js';
import { NotFound } from '../lib/errors.js';
import { idParams, operation, reply } from '../lib/http.js';
import { listQuerySchema } from '../lib/list-query.js';
import { companyFilter } from '../lib/across-companies.js';
import { presignFileUpload, uploadRequestFor } from '../reference/record-files.js';
import {
  companyDistribution,
  distributorContractFile,
  myCompanyDistributors,
  saveCompanyDistributor,
} from './company-distributors.js';
import * as connections from './dsp-connections.js';
import * as pool from './upc-pool.js';

/**
 * The companies area's distribution operations: DSP connections,
 * distributor links with contracts, and the UPC pool. Joined into the area's handler map.
 */

const statusList = z
  .string()
  .max(200)
  .transform((text) => text.split(',').map((s) => s.trim()))
  .pipe(z.array(z.enum(DSP_CONNECTION_STATUSES)).min(1))
  .optional();

const UPC_SORT_FIELDS = ['upc', 'status', 'linked_at', 'created_at'] as const;
const upcFilters = { status: z.enum(UPC_POOL_STATUSES).optional() };

const contractUpload = uploadRequestFor([distributorContractFile('any')]).omit({ field: true });

export const distributionOperations = {
  adminCompanyDspConnections: operation('admin', {
    response: answers.dspConnectionListResponse,
    params: idParams,
    run: async ({ params }) => {
      if (!(await companyExists(params.id))) throw new NotFound('Company');
      return connections.listCompanyConnections(params.id);
    },
  }),
  adminCreateDspConnection: operation('admin', {
    response: answers.dspConnectionSavedResponse,
    params: idParams,
    body: dspConnectionInput,
    run: async ({ params, body, caller }) =>
      reply(201, await connections.setCompanyConnection(params.id, body.dsp_connection, caller.user.userId)),
  }),
  /** The connections page: connected and pending links (or the statuses asked for), every company. */
  adminListDspConnections: operation('admin', {
    response: answers.dspConnectionListResponse,
    query: z.strictObject({ status: statusList }),
    run: ({ query }) => connections.listAllConnections(query.status ?? ['connected', 'pending']),
  }),
  adminUpdateDspConnection: operation('admin', {
    response: answers.dspConnectionSavedResponse,
    params: idParams,
    body: dspConnectionUpdate,
    run: ({ params, body, caller }) =>
      connections.updateConnectionById(params.id, body.dsp_connection, caller.user.userId),
  }),
  /** The connection requests page: what companies asked for and no admin has answered yet. */
  adminRequestedDsps: operation('admin', {
    response: answers.dspConnectionListResponse,
    run: () => connections.listAllConnections(['requested']),
  }),
  adminSaveCompanyDistributor: operation('admin', {
    response: answers.companyDistributorSavedResponse,
    params: idParams,
    body: companyDistributorInput,
    run: ({ params, body }) => saveCompanyDistributor(params.id, body.company_distributor),
  }),
  adminPresignDistributorContract: operation('admin', {
    response: presignedUploadResponse,
    params: idParams,
    body: contractUpload,
    run: async ({ params, body }) => {
      if (!(await companyExists(params.id))) throw new NotFound('Company');
      return presignFileUpload([distributorContractFile(params.id)], { ...body, field: 'contract' });
    },
  }),
  adminCompanyDistribution: operation('admin', {
    response: answers.companyDistributionResponse,
    params: idParams,
    run: ({ params }) => companyDistribution(params.id),
  }),
  /** The current company's links (UserCompanyDsps); `id`, when sent, must be the current company. */
  myDspConnections: operation('tenant', {
    response: answers.dspConnectionListResponse,
    query: z.strictObject({ id: z.string().min(1).max(64).optional() }),
    run: async ({ tenantId, query }) => {
      if (query.id && query.id !== tenantId) throw new NotFound('Company');
      return connections.listCompanyConnections(tenantId);
    },
  }),
  myDistributors: operation('tenant', {
    response: answers.companyDistributorsResponse,
    run: ({ tenantId }) => myCompanyDistributors(tenantId),
  }),
  requestDsp: operation('tenant', {
    response: answers.dspConnectionSavedResponse,
    body: dspRequestInput,
    run: async ({ tenantId, body, caller }) =>
      reply(201, await connections.requestDsp(tenantId, body.dsp_id, caller.user.userId, body.note)),
  }),
  listUpcs: operation('tenant', {
    response: answers.upcListResponse,
    query: listQuerySchema(UPC_SORT_FIELDS, upcFilters),
    run: ({ tenantId, query }) => pool.listUpcs(tenantId, query),
  }),
  /** Admins: every company's UPC pool, with a company column and filter. */
  listAdminUpcs: operation('admin', {
    response: answers.upcListResponse,
    query: listQuerySchema(UPC_SORT_FIELDS, { ...upcFilters, ...companyFilter }),
    run: ({ query }) => pool.listAdminUpcs(query),
  }),
  importUpcs: operation('tenant', {
    response: answers.upcImportedResponse,
    body: upcImportInput,
    run: async ({ tenantId, body, caller }) =>
      reply(201, await pool.importUpcs(tenantId, body.upcs, caller.user.userId)),
  }),
  linkUpcToRelease: operation('tenant', {
    response: answers.upcLinkedResponse,
    body: upcLinkInput,
    run: ({ tenantId, body }) => pool.linkToRelease(tenantId, body.release_id),
  }),
};
