import { featureRefusal } from '../../shared/plans.js';
import type { PlanGate } from '../lib/auth-context.js';
import { PaymentRequired } from '../lib/errors.js';
import { companyPlan, plansWithFeature } from './entitlements.js';
import { chargeUpload } from './limits.js';
import { countsStorage, routeFeature } from './route-features.js';

/**
 * The company's plan as every area's handler enforces it (lib/http.ts areaHandler takes it):
 * a member may use a route only when the plan includes its feature (402 naming the plans that
 * do), and a presigned upload counts against the company's storage.
 */
export const planGate: PlanGate = {
  async assertIncludes(company, route) {
    const feature = routeFeature(route);
    if (!feature) return;
    const plan = await companyPlan(company);
    if (!plan.features[feature])
      throw new PaymentRequired(featureRefusal(feature, plan.name, await plansWithFeature(feature)));
  },
  async afterRun(route, tenantId, isAdmin, body) {
    if (countsStorage(route)) await chargeUpload(tenantId, isAdmin, body);
  },
};
