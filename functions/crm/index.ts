import { z } from 'zod';
import * as answers from '../../shared/schemas/responses-companies.js';
import { noteSavedResponse, todoTaskSavedResponse } from '../../shared/schemas/responses-labels.js';
import {
  clientLabelCreate,
  clientLabelUpdate,
  companyLabelsQuery,
  crmClientCreate,
  crmClientUpdate,
  crmNoteCreate,
  crmQuery,
  crmTaskCreate,
  crmTaskUpdate,
  distributorLabelsQuery,
  labelStoresInput,
} from '../../shared/schemas/crm.js';
import { idParams, operation, reply } from '../lib/http.js';
import * as labels from './client-labels.js';
import * as tools from './client-tools.js';
import { onboardClient, updateClient } from './clients.js';
import { crmClient, crmList } from './crm-view.js';

/**
 * The distributor's CRM: its client companies and their labels. Every call works in the caller's
 * company, the distributor; a client or label of another distributor is not found. The companies
 * area serves these operations; the deliveries import the store rule from here.
 */
export { requireAuthorisedStores } from './store-authorisation.js';
export { clientCompanyOfLabel } from './client-labels.js';

const taskParams = z.strictObject({ id: z.string().min(1).max(80), taskId: z.string().min(1).max(80) });

export const crmOperations = {
  crmList: operation('tenant', {
    response: answers.crmListResponse,
    query: crmQuery,
    run: ({ tenantId, query }) => crmList(tenantId, query),
  }),
  onboardCrmClient: operation('tenant', {
    response: answers.crmClientSavedResponse,
    body: crmClientCreate,
    run: async ({ caller, tenantId, body }) => {
      const companyId = await onboardClient(caller, tenantId, body.client);
      return reply(201, { ...(await crmClient(tenantId, companyId)), message: 'Client company onboarded' });
    },
  }),
  getCrmClient: operation('tenant', {
    response: answers.crmClientResponse,
    params: idParams,
    run: ({ tenantId, params }) => crmClient(tenantId, params.id),
  }),
  updateCrmClient: operation('tenant', {
    response: answers.crmClientSavedResponse,
    params: idParams,
    body: crmClientUpdate,
    run: async ({ caller, tenantId, params, body }) => {
      await updateClient(caller, tenantId, params.id, body.client);
      return { ...(await crmClient(tenantId, params.id)), message: 'Client company updated' };
    },
  }),
  addCrmNote: operation('tenant', {
    response: noteSavedResponse,
    params: idParams,
    body: crmNoteCreate,
    run: async ({ caller, tenantId, params, body }) =>
      reply(201, { note: await tools.addClientNote(caller, tenantId, params.id, body.note), message: 'Note created' }),
  }),
  addCrmTask: operation('tenant', {
    response: todoTaskSavedResponse,
    params: idParams,
    body: crmTaskCreate,
    run: async ({ caller, tenantId, params, body }) =>
      reply(201, {
        todo_task: await tools.addClientTask(caller, tenantId, params.id, body.todo_task),
        message: 'Task added',
      }),
  }),
  updateCrmTask: operation('tenant', {
    response: todoTaskSavedResponse,
    params: taskParams,
    body: crmTaskUpdate,
    run: async ({ caller, tenantId, params, body }) => ({
      todo_task: await tools.updateClientTask(caller, tenantId, params.id, params.taskId, body.todo_task),
      message: 'Successfully Updated Task',
    }),
  }),
  createClientLabel: operation('tenant', {
    response: answers.clientLabelSavedResponse,
    params: idParams,
    body: clientLabelCreate,
    run: async ({ caller, tenantId, params, body }) =>
      reply(201, {
        label: await labels.createClientLabel(caller, tenantId, params.id, body.label),
        message: 'Label added',
      }),
  }),
  companyLabels: operation('tenant', {
    response: answers.clientLabelListResponse,
    query: companyLabelsQuery,
    run: ({ tenantId, query }) => labels.companyLabels(tenantId, query.company_id),
  }),
  distributorLabels: operation('tenant', {
    response: answers.clientLabelListResponse,
    query: distributorLabelsQuery,
    run: ({ tenantId, query }) => labels.distributorLabels(tenantId, query.distributor_id),
  }),
  getClientLabel: operation('tenant', {
    response: answers.clientLabelResponse,
    params: idParams,
    run: ({ tenantId, params }) => labels.clientLabelDetail(tenantId, params.id),
  }),
  updateClientLabel: operation('tenant', {
    response: answers.clientLabelPageSavedResponse,
    params: idParams,
    body: clientLabelUpdate,
    run: async ({ caller, tenantId, params, body }) => ({
      ...(await labels.updateClientLabel(caller, tenantId, params.id, body.label)),
      message: 'Label updated',
    }),
  }),
  setClientLabelStores: operation('tenant', {
    response: answers.clientLabelPageSavedResponse,
    params: idParams,
    body: labelStoresInput,
    run: async ({ caller, tenantId, params, body }) => ({
      ...(await labels.setLabelStores(caller, tenantId, params.id, body.dsp_ids)),
      message: 'Stores authorised',
    }),
  }),
};
