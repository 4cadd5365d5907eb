import { describe, expect, it, vi } from 'vitest';

/**
 * A plan saved without an id takes one made from its name (functions/plans/admin-plans.ts idsFromName), the next one
 * when it is taken; when every one is taken the admin is asked, on the id field, to choose one.
 */
const tried: string[] = [];
vi.mock('../../functions/data/access/plans.js', async (original) => ({
  ...(await original<typeof import('../../functions/data/access/plans.js')>()),
  createPlanItem: async (plan: { planId: string }) => {
    tried.push(plan.planId);
    return false;
  },
}));

const input = {
  name: 'Label Pro',
  amount: 1500,
  currency: 'GBP',
  interval: 'month' as const,
  interval_count: 1,
  trial_period_days: 0,
  public: false,
  rank: 0,
  features: {} as never,
  limits: {} as never,
};

describe('a plan whose name-made ids are all taken', () => {
  it('is refused on the id field, each candidate tried once, in order', async () => {
    const { createPlan, idsFromName } = await import('../../functions/plans/admin-plans.js');
    const refused = await createPlan(input).catch((error: unknown) => error);
    expect(refused).toMatchObject({
      status: 400,
      errors: { id: ['Plans with this name exist already: choose an id'] },
    });
    expect(tried).toEqual(idsFromName('Label Pro'));
  });
});
