import { describe, expect, it } from 'vitest';
import { effectivePlanId } from '../../functions/plans/entitlements.js';
import { toPlanItem, toPlanView } from '../../functions/plans/plan-view.js';
import { SEEDED_PLANS } from '../../functions/plans/seeded-plans.js';
import { idsFromName } from '../../functions/plans/admin-plans.js';
import { asLine, FEATURE_LABELS, LIMIT_LABELS, PLAN_FEATURES, SEEDED_PLAN_IDS } from '../../shared/plans.js';
import { planInput } from '../../shared/schemas/plan.js';

describe('which plan a company is on (docs/plans.md)', () => {
  it('is its subscription_id, Enterprise without one (admin-created), Starter once cancelled', () => {
    expect(effectivePlanId({ subscription_id: SEEDED_PLAN_IDS.label })).toBe(SEEDED_PLAN_IDS.label);
    expect(effectivePlanId({})).toBe(SEEDED_PLAN_IDS.enterprise);
    expect(
      effectivePlanId({
        subscription_id: SEEDED_PLAN_IDS.label,
        subscription: { status: 'canceled', provider: 'local' },
      }),
    ).toBe(SEEDED_PLAN_IDS.starter);
    // A failed payment keeps the plan.
    expect(
      effectivePlanId({
        subscription_id: SEEDED_PLAN_IDS.label,
        subscription: { status: 'past_due', provider: 'stripe' },
      }),
    ).toBe(SEEDED_PLAN_IDS.label);
  });
});

describe('the seeded plans', () => {
  it('are Starter, Label and Enterprise as decided, cheapest first, in pence', () => {
    const [starter, label, enterprise] = SEEDED_PLANS;
    expect([starter.name, label.name, enterprise.name]).toEqual(['Starter', 'Label', 'Enterprise']);
    expect([starter.amount, label.amount, enterprise.amount]).toEqual([0, 2900, 19900]);
    expect(PLAN_FEATURES.filter((f) => starter.features[f])).toEqual([
      'dashboard',
      'catalogue_management',
      'royalty_dashboard',
    ]);
    // Label has every feature (its 5 free promos need the promo system); Enterprise differs by its limits.
    expect(PLAN_FEATURES.filter((f) => !label.features[f])).toEqual([]);
    expect(PLAN_FEATURES.every((f) => enterprise.features[f])).toBe(true);
    expect(starter.limits).toEqual({ max_users: 3, max_labels: 1, file_storage_capacity: 1024, free_promos: 0 });
    expect(Object.values(enterprise.limits).every((limit) => limit === null)).toBe(true);
  });

  it('store unlimited limits as absent and read them back as null', () => {
    const enterprise = SEEDED_PLANS[2];
    const item = toPlanItem(enterprise);
    expect(item.limits).toEqual({});
    const view = toPlanView({ ...item, createdAt: '2026-01-01T00:00:00.000Z' } as Parameters<typeof toPlanView>[0]);
    expect(view).toEqual({ ...enterprise, created: '2026-01-01T00:00:00.000Z' });
  });
});

describe('the plan input (POST /subscriptions)', () => {
  it('refuses a float amount (pence are whole) and a negative limit', () => {
    const base = {
      name: 'X',
      amount: 100,
      currency: 'GBP',
      interval: 'month',
      features: Object.fromEntries(PLAN_FEATURES.map((f) => [f, true])),
      limits: { file_storage_capacity: null, max_users: null, max_labels: null, free_promos: null },
    };
    expect(planInput.safeParse(base).success).toBe(true);
    expect(planInput.safeParse({ ...base, amount: 1.5 }).success).toBe(false);
    expect(planInput.safeParse({ ...base, limits: { ...base.limits, max_users: -1 } }).success).toBe(false);
    expect(planInput.safeParse({ ...base, features: { dashboard: true } }).success).toBe(false);
  });
});

describe('a new plan’s id when the admin chose none', () => {
  it('is made from its name, as the seeded ids are, every candidate a valid id', () => {
    expect(idsFromName('Label Pro — Plus!').slice(0, 3)).toEqual([
      'plan_label_pro_plus',
      'plan_label_pro_plus_2',
      'plan_label_pro_plus_3',
    ]);
    // Other scripts spelled in Latin letters; a name already starting with "plan" is not prefixed again.
    expect(idsFromName('Профи')[0]).toBe('plan_profi');
    expect(idsFromName('Plan Gold')[0]).toBe('plan_gold');
    // Nothing spellable: still a valid id.
    expect(idsFromName('日本')[0]).toBe('plan');
    for (const name of ['Label Pro', 'Профи', '日本', 'x'.repeat(100), '__a__'])
      for (const id of idsFromName(name)) expect(planInput.shape.id.parse(id)).toBe(id);
  });
});

describe('a plan’s features and limits on screen', () => {
  it('start with a capital as lines of their own, and stay lower case inside a sentence', () => {
    expect(asLine(FEATURE_LABELS.promo_system)).toBe('The promo system');
    expect(asLine(LIMIT_LABELS.file_storage_capacity)).toBe('File storage (MB)');
    for (const feature of PLAN_FEATURES) expect(FEATURE_LABELS[feature]).toMatch(/^[a-z]/);
  });
});
