import { SEEDED_PLAN_IDS, type PlanFeature, type PlanLimit, type PlanView } from '../../shared/plans.js';
import { getCompany } from '../data/access/companies.js';
import { listPlanItems } from '../data/access/plans.js';
import type { CompanyItem } from '../data/entities/company.js';
import { NotFound } from '../lib/errors.js';
import { required } from '../lib/required.js';
import { toPlanView } from './plan-view.js';
import { SEEDED_PLANS, seededPlan } from './seeded-plans.js';

/**
 * Every plan, held per process for at most PLAN_CACHE_MS: authorize consults it on every tenant call,
 * so a call costs no read for plans while the copy is fresh. An admin's edit clears this process's
 * copy at once; other processes see it within the window.
 */
const PLAN_CACHE_MS = 10_000;
let cached: { at: number; plans: PlanView[] } | undefined;
/**
 * Counts the clears. A read that began before a clear must not store what it read: it may predate the
 * admin's change (a tenant call's read in flight while the admin saves a plan would otherwise put the
 * old list back for the whole window, and the admin's list would lack the plan just added).
 */
let clears = 0;

/** Forgets the cached plans (after an admin creates, edits or deletes one). */
export function clearPlanCache(): void {
  cached = undefined;
  clears += 1;
}

/** Every plan, cheapest first; the seeded ones stand in for themselves where a cloud was never seeded. */
export async function allPlans(): Promise<PlanView[]> {
  if (cached && Date.now() - cached.at < PLAN_CACHE_MS) return cached.plans;
  return readPlans();
}

/**
 * Every plan read from the table, not this process's copy: the admin's list shows a plan they just saved
 * even when another process saved it (and its copy is still fresh). Refreshes this process's copy.
 */
export async function readPlans(): Promise<PlanView[]> {
  const clearsBefore = clears;
  const stored = (await listPlanItems()).map(toPlanView);
  const missing = SEEDED_PLANS.filter((plan) => !stored.some((s) => s.id === plan.id)).map((plan) => ({
    ...plan,
    created: '',
  }));
  const plans = [...stored, ...missing].sort((a, b) => a.rank - b.rank || a.amount - b.amount);
  if (clears === clearsBefore) cached = { at: Date.now(), plans };
  return plans;
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

/** A plan by id from the cached plans; one made since this process cached them (by an admin elsewhere) is read again once. */
async function findPlan(planId: string): Promise<PlanView | undefined> {
  const found = (await allPlans()).find((p) => p.id === planId);
  if (found) return found;
  clearPlanCache();
  return (await allPlans()).find((p) => p.id === planId);
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
