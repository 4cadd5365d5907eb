import slugify from '@sindresorhus/slugify';
import { MESSAGES } from '../../shared/messages.js';
import { SEEDED_PLAN_IDS, type PlanView } from '../../shared/plans.js';
import type { PlanInput, PlanPatch } from '../../shared/schemas/plan.js';
import {
  companiesPlanFields,
  createPlanItem,
  deletePlanItem,
  getPlanItem,
  patchPlanItem,
} from '../data/access/plans.js';
import { Conflict, InvalidField, NotFound } from '../lib/errors.js';
import { effectivePlanId, readPlans } from './entitlements.js';
import { toPlanItem, toPlanView } from './plan-view.js';

/** Admin management of subscription plans. */

async function load(planId: string): Promise<PlanView> {
  const item = await getPlanItem(planId);
  if (!item) throw new NotFound('Subscription');
  return toPlanView(item);
}

export async function listPlans(): Promise<{ subscriptions: PlanView[] }> {
  return { subscriptions: await readPlans() };
}

export async function getPlan(planId: string): Promise<{ subscription: PlanView }> {
  return { subscription: await load(planId) };
}

/** How many ids made from one name are tried (`plan_pro`, `plan_pro_2`, …) before the admin is asked to choose one. */
const NAME_ID_TRIES = 20;

/**
 * The ids a new plan may take when the admin chose none, best first: made from its name as the seeded plans' ids are
 * (`Label Pro` → `plan_label_pro`, letters of other scripts spelled in Latin ones), so the list's Id column and the
 * plan's address read as the plan rather than as a generated code; when taken, `_2`, `_3`…
 */
export function idsFromName(name: string): string[] {
  const slug = slugify(name, { separator: '_' }).slice(0, 50).replace(/_+$/, '');
  const base = slug.startsWith('plan') ? slug : slug ? `plan_${slug}` : 'plan';
  return Array.from({ length: NAME_ID_TRIES }, (_, i) => (i === 0 ? base : `${base}_${i + 1}`));
}

export async function createPlan(input: PlanInput): Promise<{ subscription: PlanView; message: string }> {
  const candidates = input.id ? [input.id] : idsFromName(input.name);
  for (const id of candidates) {
    const view = {
      ...input,
      id,
      statement_descriptor: input.statement_descriptor ?? null,
      stripe_id: input.stripe_id ?? null,
      livemode: false,
    };
    // The conditional create is the check: of two admins saving the same name at once, one takes the next id.
    if (await createPlanItem(toPlanItem(view)))
      return { subscription: await load(id), message: MESSAGES.subscriptionAdded };
  }
  throw new InvalidField(
    'id',
    input.id ? 'A subscription with this id exists already' : 'Plans with this name exist already: choose an id',
  );
}

export async function updatePlan(
  planId: string,
  input: PlanPatch,
): Promise<{ subscription: PlanView; message: string }> {
  const before = await load(planId);
  const { created: _created, ...merged } = { ...before, ...input };
  const { planId: _id, ...changes } = toPlanItem(merged);
  // A descriptor or price id set to null is removed (the stored form leaves empty ones out).
  const cleared = (['statement_descriptor', 'stripe_id'] as const).filter((field) => merged[field] === null);
  await patchPlanItem(planId, changes, cleared);
  return { subscription: await load(planId), message: MESSAGES.subscriptionUpdated };
}

/** How many companies are on the plan now (a company without one counts on Enterprise, cancelled on Starter). */
async function companiesOnPlan(planId: string): Promise<number> {
  return (await companiesPlanFields()).filter((company) => effectivePlanId(company) === planId).length;
}

/**
 * Deletes a plan nobody is on. Starter and Enterprise stay: they are where cancelled subscriptions and
 * admin-created companies land (docs/plans.md).
 */
export async function deletePlan(planId: string): Promise<{ message: string }> {
  const plan = await load(planId);
  if (planId === SEEDED_PLAN_IDS.starter || planId === SEEDED_PLAN_IDS.enterprise) {
    throw new Conflict(`${plan.name} cannot be deleted: companies fall back to it`);
  }
  const on = await companiesOnPlan(planId);
  if (on > 0)
    throw new Conflict(`${plan.name} cannot be deleted: ${on} ${on === 1 ? 'company is' : 'companies are'} on it`);
  await deletePlanItem(planId);
  return { message: `Subscription ${plan.name} deleted` };
}

/** GET subscriptions/list_products: the provider's products, one per plan (Stripe's shape). */
export async function listProducts() {
  return {
    products: (await readPlans()).map((plan) => ({
      object: 'product',
      id: plan.id,
      name: plan.name,
      active: plan.public,
    })),
  };
}

/** GET subscriptions/retrieve_plans: the plans as the card provider prices them (Stripe's plan object). */
export async function retrievePlans() {
  return {
    plans: (await readPlans()).map((plan) => ({
      object: 'plan',
      id: plan.stripe_id ?? plan.id,
      product: plan.id,
      nickname: plan.name,
      amount: plan.amount,
      currency: plan.currency.toLowerCase(),
      interval: plan.interval,
      interval_count: plan.interval_count,
      trial_period_days: plan.trial_period_days,
      livemode: plan.livemode,
      active: plan.public,
    })),
  };
}
