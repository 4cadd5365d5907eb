import { describe, expect, it } from 'vitest';
import { PLAN_FEATURES, type PlanFeature } from '../../../../shared/plans';
import { sideMenuItems } from './side-menu-items';

const starterFeatures = Object.fromEntries(
  PLAN_FEATURES.map((f) => [f, ['dashboard', 'catalogue_management', 'royalty_dashboard'].includes(f)]),
) as Record<PlanFeature, boolean>;
const starter = {
  features: starterFeatures,
  upgrades: { bulk_catalogue_importing: 'Label', label_pipelines: 'Label', promo_system: 'Enterprise' },
};

const menu = (plan: typeof starter | undefined) =>
  sideMenuItems({
    user: { role: 'label_manager' },
    company: { id: 'c1', tags: [], distributed: true, plan },
    collapsed: false,
    isAdmin: false,
  });

describe('side menu entries the plan lacks (docs/plans.md)', () => {
  it('keeps them and marks each with the cheapest plan that has its feature', () => {
    const entries = menu(starter);
    const byName = Object.fromEntries(entries.map((e) => [e.name, e.upgrade]));
    expect(byName.UserDataManagement).toBe('Label');
    expect(byName.CompanyDistribution).toBe('Label');
    expect(byName.UserCompanyDsps).toBe('Label');
    expect(byName.UserMarketing).toBe('Enterprise');
    // What Starter includes is not marked.
    expect(byName.UserLabels).toBeUndefined();
    expect(byName.UserRoyalties).toBeUndefined();
    expect(byName.UserDashboard).toBeUndefined();
  });

  it('hides nothing: the same entries as without a plan', () => {
    expect(menu(starter).map((e) => e.name)).toEqual(menu(undefined).map((e) => e.name));
    expect(menu(undefined).every((e) => e.upgrade === undefined)).toBe(true);
  });
});
