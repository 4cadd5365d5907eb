import { describe, expect, it, vi } from 'vitest';
import type { PlanItem } from '../../functions/data/entities/plan.js';

/**
 * The process's copy of the plans (a cached list, data/list-cache.ts): an admin's save moves the list's version, and
 * a read that was already under way when the admin saved does not keep the list from before the save (the admin's
 * list lacked the plan just added for as long as the copy lived).
 */
const listPlanItems = vi.fn<() => Promise<PlanItem[]>>();
vi.mock('../../functions/data/access/plans.js', () => ({ listPlanItems }));
/** The plans list's version item: saves here (listsChangedAfterWrite) or in another process move it. */
const version = vi.hoisted(() => ({ stored: 'v1' }));
vi.mock('../../functions/data/service.js', () => ({
  getDb: () => ({
    entities: {
      ListVersion: {
        get: () => ({ go: async () => ({ data: { version: version.stored } }) }),
        put: (item: { version: string }) => ({
          go: async () => {
            version.stored = item.version;
          },
        }),
      },
    },
  }),
}));

const { allPlans, findPlan, readPlans } = await import('../../functions/plans/entitlements.js');
const { LISTS, listsChangedAfterWrite } = await import('../../functions/data/list-cache.js');
const { toPlanItem } = await import('../../functions/plans/plan-view.js');
const { SEEDED_PLANS } = await import('../../functions/plans/seeded-plans.js');

/** What an admin's save does once its write succeeded (data/access/plans.ts). */
const adminSaved = () => listsChangedAfterWrite([LISTS.plans]);

const stored = (ids: string[]) =>
  ids.map(
    (id) =>
      ({ ...toPlanItem({ ...SEEDED_PLANS[0], id, name: id }), createdAt: '2026-01-01T00:00:00.000Z' }) as PlanItem,
  );
const names = (plans: { name: string }[]) => plans.map((plan) => plan.name).filter((name) => name.startsWith('p'));

/** This process's copy holds the plans `ids`, checked just now. */
async function freshCopyOf(ids: string[]) {
  await adminSaved();
  listPlanItems.mockReset();
  listPlanItems.mockResolvedValueOnce(stored(ids));
  expect(names(await allPlans())).toEqual(ids);
}

/** Another process saved a plan: the stored plans are `ids` at a version this process has not read. */
function savedElsewhere(version_: string, ids: string[]) {
  version.stored = version_;
  listPlanItems.mockResolvedValueOnce(stored(ids));
}

describe('the plans copy', () => {
  it('a read under way when an admin saves does not keep the list from before the save', async () => {
    // Whatever the tests before left: a save makes the copy stale, and no answer is waiting in the mock.
    await adminSaved();
    listPlanItems.mockReset();
    let answerOldRead: (items: PlanItem[]) => void = () => {};
    listPlanItems.mockImplementationOnce(() => new Promise((resolve) => (answerOldRead = resolve)));
    const oldRead = allPlans();
    await vi.waitFor(() => expect(listPlanItems).toHaveBeenCalledTimes(1));

    await adminSaved(); // the admin saved plan p2
    answerOldRead(stored(['p1']));
    expect(names(await oldRead)).toEqual(['p1']);

    listPlanItems.mockResolvedValueOnce(stored(['p1', 'p2']));
    expect(names(await allPlans())).toEqual(['p1', 'p2']);
    expect(listPlanItems).toHaveBeenCalledTimes(2);
    // The fresh list is kept: the next call loads nothing.
    expect(names(await allPlans())).toEqual(['p1', 'p2']);
    expect(listPlanItems).toHaveBeenCalledTimes(2);
  });

  it("the admin's list reads the stored plans even while the copy is fresh", async () => {
    await freshCopyOf(['p1']);
    // Another process added p3: this process's copy does not know it, the admin's list does.
    savedElsewhere('v-elsewhere', ['p1', 'p3']);
    expect(names(await readPlans())).toEqual(['p1', 'p3']);
    expect(names(await allPlans())).toEqual(['p1', 'p3']);
    expect(listPlanItems).toHaveBeenCalledTimes(2);
  });

  it('a plan another process saved a moment ago is found by id while the copy is fresh', async () => {
    await freshCopyOf(['p1']);
    // Another process added p4 (an admin's save in another Lambda), then the admin puts a company on it here.
    savedElsewhere('v-p4-elsewhere', ['p1', 'p4']);
    // The copy for every tenant call does not know p4 yet (checked less than a second ago) …
    expect(names(await allPlans())).toEqual(['p1']);
    // … so a company's plan is looked up by id, which reads the current list when the copy lacks it.
    expect((await findPlan('p4'))?.name).toBe('p4');
    expect(await findPlan('p-nobody-saved')).toBeUndefined();
  });
});
