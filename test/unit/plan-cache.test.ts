import { describe, expect, it, vi } from 'vitest';
import type { PlanItem } from '../../functions/data/entities/plan.js';

/**
 * The process's copy of the plans: an admin's save clears it, and a read that was already under way when
 * the admin saved does not put the list from before the save back (the admin's list lacked the plan just
 * added for the copy's whole lifetime).
 */
const listPlanItems = vi.fn<() => Promise<PlanItem[]>>();
vi.mock('../../functions/data/access/plans.js', () => ({ listPlanItems }));

const { allPlans, clearPlanCache, readPlans } = await import('../../functions/plans/entitlements.js');
const { toPlanItem } = await import('../../functions/plans/plan-view.js');
const { SEEDED_PLANS } = await import('../../functions/plans/seeded-plans.js');

const stored = (ids: string[]) =>
  ids.map(
    (id) =>
      ({ ...toPlanItem({ ...SEEDED_PLANS[0], id, name: id }), createdAt: '2026-01-01T00:00:00.000Z' }) as PlanItem,
  );
const names = (plans: { name: string }[]) => plans.map((plan) => plan.name).filter((name) => name.startsWith('p'));

describe('the plans copy', () => {
  it('a read under way when an admin saves does not keep the list from before the save', async () => {
    clearPlanCache();
    let answerOldRead: (items: PlanItem[]) => void = () => {};
    listPlanItems.mockImplementationOnce(() => new Promise((resolve) => (answerOldRead = resolve)));
    const oldRead = allPlans();
    await vi.waitFor(() => expect(listPlanItems).toHaveBeenCalledTimes(1));

    clearPlanCache(); // the admin saved plan p2
    answerOldRead(stored(['p1']));
    expect(names(await oldRead)).toEqual(['p1']);

    listPlanItems.mockResolvedValueOnce(stored(['p1', 'p2']));
    expect(names(await allPlans())).toEqual(['p1', 'p2']);
    expect(listPlanItems).toHaveBeenCalledTimes(2);
    // The fresh read is kept: the next call reads nothing.
    expect(names(await allPlans())).toEqual(['p1', 'p2']);
    expect(listPlanItems).toHaveBeenCalledTimes(2);
  });

  it("the admin's list reads the stored plans even while the copy is fresh", async () => {
    clearPlanCache();
    listPlanItems.mockReset();
    listPlanItems.mockResolvedValueOnce(stored(['p1']));
    expect(names(await allPlans())).toEqual(['p1']);
    // Another process added p3: this process's copy does not know it, the admin's list does.
    listPlanItems.mockResolvedValueOnce(stored(['p1', 'p3']));
    expect(names(await readPlans())).toEqual(['p1', 'p3']);
    expect(names(await allPlans())).toEqual(['p1', 'p3']);
    expect(listPlanItems).toHaveBeenCalledTimes(2);
  });
});
