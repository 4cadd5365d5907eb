import type { PlanFeature } from '../../../shared/plans';
import { useSession } from './session';

/**
 * Whether the current company's plan includes a feature. A page part that only adds to a page
 * (a notice, a panel) asks first instead of calling a gated route, because every 402 is shown as
 * a plan notice: the dashboard of a Starter company must not greet it with one. Admins are not
 * limited by plans. A member's company without its plan (just created, GET /me not back yet)
 * counts as not including it until the plan is known.
 */
export function usePlanIncludes(feature: PlanFeature): boolean {
  const { user, company } = useSession();
  if (user?.role === 'admin') return true;
  return company?.plan?.features[feature] === true;
}

/**
 * When the current company's plan is known and lacks a feature: its name and the cheapest plan that has it
 * (null when it is included, unknown yet, or the user is an admin). A page shows what the plan does not
 * include where the work starts, before the user invests in it, instead of refusing at the last step.
 */
export function usePlanLacks(feature: PlanFeature): { plan: string; upgrade: string | null } | null {
  const { user, company } = useSession();
  const plan = company?.plan;
  if (user?.role === 'admin' || !plan || plan.features[feature]) return null;
  return { plan: plan.name, upgrade: plan.upgrades[feature] ?? null };
}
