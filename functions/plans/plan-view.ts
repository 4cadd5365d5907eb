import { PLAN_FEATURES, PLAN_LIMITS, type PlanFeature, type PlanLimit, type PlanView } from '../../shared/plans.js';
import type { CreatePlan, PlanItem } from '../data/entities/plan.js';

/** A stored plan as the API and the entitlement checks see it (an absent limit is unlimited: null). */
export function toPlanView(item: PlanItem): PlanView {
  const features = Object.fromEntries(PLAN_FEATURES.map((f) => [f, item.features?.[f] === true])) as Record<
    PlanFeature,
    boolean
  >;
  const limits = Object.fromEntries(PLAN_LIMITS.map((l) => [l, item.limits?.[l] ?? null])) as Record<
    PlanLimit,
    number | null
  >;
  return {
    id: item.planId,
    name: item.name,
    amount: item.amount,
    currency: item.currency,
    interval: item.interval,
    interval_count: item.interval_count ?? 1,
    trial_period_days: item.trial_period_days ?? 0,
    statement_descriptor: item.statement_descriptor ?? null,
    stripe_id: item.stripe_id ?? null,
    livemode: item.livemode ?? false,
    created: item.createdAt ?? '',
    public: item.public ?? false,
    rank: item.rank ?? 0,
    features,
    limits,
  };
}

/** The stored form of a plan's fields: unlimited limits are left out of the map. */
export function toPlanItem(view: Omit<PlanView, 'created'>): CreatePlan {
  const limits = Object.fromEntries(PLAN_LIMITS.flatMap((l) => (view.limits[l] === null ? [] : [[l, view.limits[l]]])));
  return {
    planId: view.id,
    name: view.name,
    amount: view.amount,
    currency: view.currency,
    interval: view.interval,
    interval_count: view.interval_count,
    trial_period_days: view.trial_period_days,
    ...(view.statement_descriptor ? { statement_descriptor: view.statement_descriptor } : {}),
    ...(view.stripe_id ? { stripe_id: view.stripe_id } : {}),
    livemode: view.livemode,
    public: view.public,
    rank: view.rank,
    features: { ...view.features },
    limits,
  };
}
