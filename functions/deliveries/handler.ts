import { BadRequest } from '../lib/errors.js';
import * as answers from '../../shared/schemas/responses-companies.js';
import { messageResponse } from '../../shared/schemas/responses.js';
import { areaHandler, idParams, operation, reply, type AreaOperations } from '../lib/http.js';
import { planGate } from '../plans/gate.js';
import {
  createRecord,
  deleteRecord,
  distributionListQuery,
  distributionRecordInput,
  getRecord,
  importRecords,
  listRecords,
} from './distribution-records.js';
import {
  bulkCreate,
  bulkDeliver,
  changeAction,
  listForRelease,
  redeliver,
  removeDelivery,
  type NewDelivery,
} from './release-deliveries.js';
import { createCompanyDeliveries, createCompanyDelivery, listCompanyDeliveries } from './company-deliveries.js';
import {
  bulkCompanyDeliveriesBody,
  bulkCreateBody,
  bulkDeliverBody,
  companyDeliveriesQuery,
  deliveryPatch,
  importBody,
  newCompanyDeliveryBody,
  releaseBulkCreateBody,
  releaseDeliveriesQuery,
} from './schemas.js';

/** Rows naming another release than the one in the path are refused, not quietly moved. */
function rowsFor(releaseId: string, rows: readonly (NewDelivery & { release_id?: string })[]): NewDelivery[] {
  if (rows.some((row) => row.release_id && row.release_id !== releaseId))
    throw new BadRequest('Every delivery must be for this release', {
      release_deliveries: ['Every delivery must be for this release'],
    });
  return rows.map(({ dsp_id, action }) => ({ dsp_id, ...(action ? { action } : {}) }));
}

/**
 * Deliveries area: a company's release deliveries (tenant routes,
 * delivery.read / delivery.write) and the distribution area's delivery records (admins).
 */
const operations = {
  listReleaseDeliveries: operation('tenant', {
    response: answers.releaseDeliveriesResponse,
    params: idParams,
    run: ({ tenantId, params }) => listForRelease(tenantId, params.id),
  }),
  bulkCreateReleaseDeliveries: operation('tenant', {
    response: answers.deliveriesMadeResponse,
    params: idParams,
    body: bulkCreateBody,
    run: async ({ tenantId, caller, params, body }) =>
      reply(201, {
        release_deliveries: await bulkCreate(
          tenantId,
          caller.user.userId,
          params.id,
          rowsFor(params.id, body.release_deliveries),
        ),
        message: 'Deliveries created',
      }),
  }),
  bulkCreateForRelease: operation('tenant', {
    response: answers.deliveriesMadeResponse,
    body: releaseBulkCreateBody,
    run: async ({ tenantId, caller, body }) =>
      reply(201, {
        release_deliveries: await bulkCreate(
          tenantId,
          caller.user.userId,
          body.id,
          rowsFor(body.id, body.release_deliveries),
        ),
        message: 'Deliveries created',
      }),
  }),
  updateReleaseDelivery: operation('tenant', {
    response: answers.deliverySavedResponse,
    params: idParams,
    body: deliveryPatch,
    run: async ({ tenantId, params, body }) => ({
      release_delivery: await changeAction(tenantId, params.id, body.release_delivery.action),
      message: 'Delivery updated',
    }),
  }),
  deleteReleaseDelivery: operation('tenant', {
    response: messageResponse,
    params: idParams,
    run: async ({ tenantId, params }) => {
      await removeDelivery(tenantId, params.id);
      return { message: 'Delivery deleted' };
    },
  }),
  bulkDeliver: operation('tenant', {
    body: bulkDeliverBody,
    run: async ({ tenantId, caller, body }) => {
      const answer = await bulkDeliver(tenantId, caller.user.userId, body);
      // Nothing queued: the answer says why instead of "queued" with 0.
      return { ...answer, message: answer.message ?? 'Deliveries queued' };
    },
  }),
  redeliver: operation('tenant', {
    params: idParams,
    run: async ({ tenantId, caller, params }) => ({
      ...(await redeliver(tenantId, caller.user.userId, params.id)),
      message: 'Delivery queued again',
    }),
  }),
  // The product's release/deliveries and release_deliveries (/new, /bulk): the same deliveries, named otherwise.
  releaseDeliveriesByQuery: operation('tenant', {
    response: answers.releaseDeliveriesResponse,
    query: releaseDeliveriesQuery,
    run: ({ tenantId, query }) => listForRelease(tenantId, query.id),
  }),
  listCompanyDeliveries: operation('tenant', {
    response: answers.companyDeliveriesResponse,
    query: companyDeliveriesQuery,
    run: ({ tenantId, query }) => listCompanyDeliveries(tenantId, query),
  }),
  newCompanyDelivery: operation('tenant', {
    response: answers.deliverySavedResponse,
    body: newCompanyDeliveryBody,
    run: async ({ tenantId, caller, body }) =>
      reply(201, {
        release_delivery: await createCompanyDelivery(tenantId, caller.user.userId, body.release_delivery),
        message: 'Delivery created',
      }),
  }),
  bulkCompanyDeliveries: operation('tenant', {
    response: answers.deliveriesMadeResponse,
    body: bulkCompanyDeliveriesBody,
    run: async ({ tenantId, caller, body }) => {
      const answer = await createCompanyDeliveries(
        tenantId,
        caller.user.userId,
        body.release_deliveries,
        body.deliver === true,
      );
      const message = 'message' in answer && answer.message ? answer.message : 'Deliveries queued';
      return reply(201, { ...answer, message: body.deliver ? message : 'Deliveries created' });
    },
  }),
  listDistributionDeliveries: operation('admin', {
    response: answers.distributionRecordListResponse,
    query: distributionListQuery,
    run: ({ query }) => listRecords(query),
  }),
  getDistributionDelivery: operation('admin', {
    response: answers.distributionRecordResponse,
    params: idParams,
    run: async ({ params }) => ({ delivery: await getRecord(params.id) }),
  }),
  createDistributionDelivery: operation('admin', {
    response: answers.distributionRecordSavedResponse,
    body: distributionRecordInput,
    run: async ({ body }) => reply(201, { delivery: await createRecord(body), message: 'Delivery added' }),
  }),
  importDistributionDeliveries: operation('admin', {
    response: answers.distributionRecordsImportedResponse,
    body: importBody,
    run: ({ body }) => importRecords(body.file),
  }),
  deleteDistributionDelivery: operation('admin', {
    response: messageResponse,
    params: idParams,
    run: async ({ params }) => {
      await deleteRecord(params.id);
      return { message: 'Delivery deleted' };
    },
  }),
} satisfies AreaOperations<'deliveries'>;

export const handler = areaHandler('deliveries', operations, planGate);
