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
