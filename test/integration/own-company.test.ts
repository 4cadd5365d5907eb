import { describe, expect, it } from 'vitest';
import { ownCompany } from '../support/own-company.js';

describe('a test file’s own company (test/support/own-company.ts)', () => {
  it('has a brand-new label manager and members who see that company only', async () => {
    const world = await ownCompany('Own Company Check');
    const accountant = await world.member('accounting');
    const labels = await world.api.get('/labels');
    expect(labels.status).toBe(200);
    expect(labels.body.total_count).toBe(0);
    const me = await accountant.api.get('/me');
    expect(me.body.user.companies.map((c: { id: string }) => c.id)).toEqual([world.companyId]);
  });
});
