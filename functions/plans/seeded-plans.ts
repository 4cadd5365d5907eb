import { PLAN_FEATURES, SEEDED_PLAN_IDS, type PlanFeature, type PlanView } from '../../shared/plans.js';
import { isSeeded, markSeeded } from '../data/access/reference.js';
import { createPlanItem } from '../data/access/plans.js';
import { toPlanItem } from './plan-view.js';

type SeededPlan = Omit<PlanView, 'created'>;

const only = (...features: PlanFeature[]) =>
  Object.fromEntries(PLAN_FEATURES.map((f) => [f, features.includes(f)])) as Record<PlanFeature, boolean>;

const STARTER_FEATURES: PlanFeature[] = ['dashboard', 'catalogue_management', 'royalty_dashboard'];
const LABEL_FEATURES: PlanFeature[] = [
  ...STARTER_FEATURES,
  'bulk_catalogue_importing',
  'bulk_royalty_importing',
  'statement_generator',
  'release_accounting',
  'label_pipelines',
  // A plan that grants free promos must reach the promo system to send them.
  'promo_system',
];

const base = { currency: 'GBP', interval: 'month', interval_count: 1, trial_period_days: 0, livemode: false } as const;

/**
 * The plans every fresh cloud starts with (docs/plans.md). Amounts are pence, as the
 * card provider counts them; file_storage_capacity is MiB; null is unlimited.
 */
export const SEEDED_PLANS: readonly SeededPlan[] = [
  {
    ...base,
    id: SEEDED_PLAN_IDS.starter,
    name: 'Starter',
    amount: 0,
    statement_descriptor: null,
    stripe_id: null,
    public: true,
    rank: 0,
    features: only(...STARTER_FEATURES),
    limits: { max_users: 3, max_labels: 1, file_storage_capacity: 1024, free_promos: 0 },
  },
  {
    ...base,
    id: SEEDED_PLAN_IDS.label,
    name: 'Label',
    amount: 2900,
    statement_descriptor: 'LABEL PLAN',
    stripe_id: null,
    public: true,
    rank: 1,
    features: only(...LABEL_FEATURES),
    limits: { max_users: 10, max_labels: 10, file_storage_capacity: 20480, free_promos: 5 },
  },
  {
    ...base,
    id: SEEDED_PLAN_IDS.enterprise,
    name: 'Enterprise',
    amount: 19900,
    statement_descriptor: 'ENTERPRISE PLAN',
    stripe_id: null,
    public: true,
    rank: 2,
    features: only(...PLAN_FEATURES),
    limits: { max_users: null, max_labels: null, file_storage_capacity: null, free_promos: null },
  },
];

/** The seeded definition of a plan id, if it is one (the fallback while a cloud has not been seeded). */
export function seededPlan(planId: string): SeededPlan | undefined {
  return SEEDED_PLANS.find((plan) => plan.id === planId);
}

/**
 * Seeds the plans once (a marker makes it idempotent; an admin's later edits are never overwritten).
 * Runs with the reference data: locally at start and in AWS through the reference-seed trigger.
 */
export async function seedPlans(): Promise<void> {
  const marker = 'plans:v1';
  if (await isSeeded(marker)) return;
  for (const plan of SEEDED_PLANS) await createPlanItem(toPlanItem(plan));
  await markSeeded(marker);
}
