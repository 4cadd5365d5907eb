import { z } from 'zod';
import * as answers from '../../../../shared/schemas/responses-companies.js';
import {
  distributedLabelInput,
  distributedLabelUpdate,
  generateStatementInput,
} from '../../../../shared/schemas/distributed-labels.js';
import { idParams, operation, reply } from '../../../lib/http.js';
import { listQuerySchema } from '../../../lib/list-query.js';
import * as labels from './labels.js';
import * as statements from './statements.js';

/**
 * The admin's distributed labels and their distribution statements, across companies. Only the
 * platform's admins call these: `company` (not company_id, which names the caller's own company
 * on tenant calls) filters by company.
 */
const company = z.string().trim().min(1).max(64).optional();

export const distributedLabelOperations = {
  listDistributedLabels: operation('admin', {
    response: answers.distributedLabelListResponse,
    query: listQuerySchema(['name', 'company_name', 'created_at'], { company }),
    run: ({ query }) => labels.listDistributedLabels(query),
  }),
  createDistributedLabel: operation('admin', {
    response: answers.distributedLabelSavedResponse,
    body: distributedLabelInput,
    run: async ({ body }) =>
      reply(201, { distributed_label: await labels.createDistributedLabel(body), message: 'Distributed Label Added' }),
  }),
  getDistributedLabel: operation('admin', {
    response: answers.distributedLabelResponse,
    params: idParams,
    run: async ({ params }) => ({ distributed_label: await labels.getDistributedLabel(params.id) }),
  }),
  updateDistributedLabel: operation('admin', {
    response: answers.distributedLabelSavedResponse,
    params: idParams,
    body: distributedLabelUpdate,
    run: async ({ params, body }) => ({
      distributed_label: await labels.updateDistributedLabel(params.id, body),
      message: 'Distributed Label Updated',
    }),
  }),
  listAllDistributionStatements: operation('admin', {
    response: answers.distributionStatementListResponse,
    query: listQuerySchema(['created_at', 'number', 'end_pay_period', 'company_name', 'payee_name'], {
      company,
      label_id: z.string().trim().min(1).max(80).optional(),
    }),
    run: ({ query }) => statements.listDistributionStatements(query),
  }),
  generateDistributionStatement: operation('admin', {
    response: answers.distributionStatementRunResponse,
    body: generateStatementInput,
    run: async ({ caller, body }) =>
      reply(201, await statements.generateDistributionStatement(caller.user.userId, body)),
  }),
};
