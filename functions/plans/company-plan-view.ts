import { PLAN_FEATURES } from '../../shared/plans.js';
import type { CompanyPlanAnswer, CompanyPlanSummary } from '../../shared/schemas/plan.js';
import { getCompany, membersOf } from '../data/access/companies.js';
import { labelsOf } from '../data/access/labels.js';
import { storageBytesUsed } from '../data/access/plans.js';
import type { CompanyItem } from '../data/entities/company.js';
import { NotFound } from '../lib/errors.js';
import { companyPlan, publicPlans } from './entitlements.js';

const MIB = 1024 * 1024;

/** How many labels count against max_labels: every label the company holds (an inactive one can be reactivated). */
export async function labelCount(companyId: string): Promise<number> {
  return (await labelsOf(companyId)).length;
}

/** GET /company/plan: what the plan page shows (any member may read it, whatever the plan). */
export async function companyPlanAnswer(companyId: string): Promise<CompanyPlanAnswer> {
  const company = await getCompany(companyId);
  if (!company) throw new NotFound('Company');
  const [plan, plans, members, labels, bytes] = await Promise.all([
    companyPlan(company),
    publicPlans(),
    membersOf(companyId),
    labelCount(companyId),
    storageBytesUsed(companyId),
  ]);
  return {
    plan,
    subscription: {
      status: company.subscription?.status ?? 'active',
      provider: company.subscription?.provider ?? null,
      current_period_end: company.subscription?.current_period_end ?? null,
      cancel_at_period_end: company.subscription?.cancel_at_period_end ?? false,
    },
    usage: { users: members.length, labels, storage_mib: Math.round((bytes / MIB) * 10) / 10 },
    plans,
  };
}

/** The plan summary GET /me lists beside a membership (cached plans: no read). */
export async function companyPlanSummary(
  company: Pick<CompanyItem, 'subscription_id' | 'subscription'>,
): Promise<CompanyPlanSummary> {
  const [plan, plans] = await Promise.all([companyPlan(company), publicPlans()]);
  const upgrades = Object.fromEntries(
    PLAN_FEATURES.flatMap((feature) => {
      if (plan.features[feature]) return [];
      const cheapest = plans.find((p) => p.features[feature]);
      return cheapest ? [[feature, cheapest.name]] : [];
    }),
  );
  return {
    id: plan.id,
    name: plan.name,
    features: plan.features,
    status: company.subscription?.status ?? 'active',
    upgrades,
  };
}
