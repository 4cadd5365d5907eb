import { SEEDED_PLAN_IDS, type PlanFeature, type PlanLimit, type PlanView } from '../../shared/plans.js';
import { getCompany } from '../data/access/companies.js';
import { listPlanItems } from '../data/access/plans.js';
import { cachedList, LISTS } from '../data/list-cache.js';
import type { CompanyItem } from '../data/entities/company.js';
import { NotFound } from '../lib/errors.js';
import { required } from '../lib/required.js';
import { toPlanView } from './plan-view.js';
import { SEEDED_PLANS, seededPlan } from './seeded-plans.js';

/** Every plan as stored, cheapest first; the seeded ones stand in for themselves where a cloud was never seeded. */
async function loadPlans(): Promise<PlanView[]> {
  const stored = (await listPlanItems()).map(toPlanView);
  const missing = SEEDED_PLANS.filter((plan) => !stored.some((s) => s.id === plan.id)).map((plan) => ({
    ...plan,
    created: '',
  }));
  return [...stored, ...missing].sort((a, b) => a.rank - b.rank || a.amount - b.amount);
}

/**
 * Every plan, from this process's cached list (data/list-cache.ts): authorize consults it on every tenant call, so
 * its version is checked at most once a second, shared by the calls at that moment. An admin's save moves the
 * version (data/access/plans.ts): this process sees it at once, others within the second.
 */
export function allPlans(): Promise<PlanView[]> {
  return cachedList(LISTS.plans, loadPlans, undefined, { recheck: false });
}

/** Every plan at the list's current version (the admin's list: a plan saved by any process shows at once). */
export function readPlans(): Promise<PlanView[]> {
  return cachedList(LISTS.plans, loadPlans);
}

/** The plans managers may choose themselves, cheapest first (the plans page, the refusals). */
export async function publicPlans(): Promise<PlanView[]> {
  return (await allPlans()).filter((plan) => plan.public);
}

type PlanFields = Pick<CompanyItem, 'subscription_id' | 'subscription'>;

/**
 * The plan a company is on (docs/plans.md): a cancelled subscription falls back to
 * Starter; otherwise its subscription_id; a company with none was created by an admin (self-service
 * companies are given Starter explicitly), so it is on Enterprise.
 */
export function effectivePlanId(company: PlanFields): string {
  if (company.subscription?.status === 'canceled') return SEEDED_PLAN_IDS.starter;
  return company.subscription_id ?? SEEDED_PLAN_IDS.enterprise;
}

/** A company's plan, from its item (no read) or its id (one read); cached plans. */
export async function companyPlan(company: string | PlanFields): Promise<PlanView> {
  const fields = typeof company === 'string' ? await getCompany(company) : company;
  if (!fields) throw new NotFound('Company');
  // A plan id nobody knows (a plan deleted under the company) reads as the free plan rather than failing every call.
  return (
    (await findPlan(effectivePlanId(fields))) ?? {
      ...required(seededPlan(SEEDED_PLAN_IDS.starter), 'the Starter plan'),
      created: '',
    }
  );
}

/**
 * A plan by id from the cached plans; one not there is looked for again at the list's current version, so a plan
 * saved by another process a moment ago (an admin adds a plan, then puts a company on it) is found.
 */
export async function findPlan(planId: string): Promise<PlanView | undefined> {
  return (await allPlans()).find((p) => p.id === planId) ?? (await readPlans()).find((p) => p.id === planId);
}

/** A plan by id (checkout, the billing worker); 404 "Subscription not found" when there is none. */
export async function planById(planId: string): Promise<PlanView> {
  const plan = await findPlan(planId);
  if (!plan) throw new NotFound('Subscription');
  return plan;
}

/** The names of the public plans that include a feature, cheapest first (for the 402 refusal). */
export async function plansWithFeature(feature: PlanFeature): Promise<string[]> {
  return (await publicPlans()).filter((plan) => plan.features[feature]).map((plan) => plan.name);
}

/** The names of the public plans allowing more than `max` of a limit, cheapest first. */
export async function plansAbove(limit: PlanLimit, max: number): Promise<string[]> {
  return (await publicPlans())
    .filter((plan) => plan.limits[limit] === null || (plan.limits[limit] ?? 0) > max)
    .map((plan) => plan.name);
}
