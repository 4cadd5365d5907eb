import { planInput, planPatch } from '../../shared/schemas/plan.js';
import { areaHandler, idParams, operation, reply, type AreaOperations } from '../lib/http.js';
import { planGate } from './gate.js';
import * as admin from './admin-plans.js';
import * as answers from '../../shared/schemas/responses-platform.js';
import { messageResponse } from '../../shared/schemas/responses.js';
import { companyPlanAnswer } from './company-plan-view.js';

/**
 * Plans area (docs/plans.md): admins maintain
 * the subscription plans; any member reads their company's plan, usage and the plans to compare.
 * The entitlements themselves are enforced in functions/lib/auth-context.ts and functions/plans/limits.ts.
 */
const operations = {
  listPlans: operation('admin', { response: answers.planListResponse, run: () => admin.listPlans() }),
  getPlan: operation('admin', {
    response: answers.planResponse,
    params: idParams,
    run: ({ params }) => admin.getPlan(params.id),
  }),
  createPlan: operation('admin', {
    response: answers.planSavedResponse,
    body: planInput,
    run: async ({ body }) => reply(201, await admin.createPlan(body)),
  }),
  updatePlan: operation('admin', {
    response: answers.planSavedResponse,
    params: idParams,
    body: planPatch,
    run: ({ params, body }) => admin.updatePlan(params.id, body),
  }),
  deletePlan: operation('admin', {
    response: messageResponse,
    params: idParams,
    run: ({ params }) => admin.deletePlan(params.id),
  }),
  listProducts: operation('admin', { response: answers.planProductsResponse, run: () => admin.listProducts() }),
  retrievePlans: operation('admin', { response: answers.planPricesResponse, run: () => admin.retrievePlans() }),
  companyPlan: operation('tenant', {
    response: answers.companyPlanResponse,
    run: ({ tenantId }) => companyPlanAnswer(tenantId),
  }),
} satisfies AreaOperations<'plans'>;

export const handler = areaHandler('plans', operations, planGate);
