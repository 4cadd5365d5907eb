import { beforeAll, describe, expect, inject, it } from 'vitest';
import { companySummaries } from '../../functions/money/finances/company-summary.js';
import { call } from '../support/api.js';
import { type OwnCompany, ownCompany } from '../support/own-company.js';

/**
 * The platform dashboard keeps one stored summary per company under the versions of the lists it
 * was computed from: it is reused while nothing changed and recomputed after a write to any of
 * them. Reads only the companies this file makes.
 */
let company: OwnCompany;
let labelId: string;
const year = new Date().getUTCFullYear() - 1;
const range = { start_date: `${year}-03-01`, end_date: `${year}-04-30` };
const qs = (params: Record<string, string>) => new URLSearchParams(params).toString();
/** A manual sale of 4.50 at Bandcamp in March for a company's label. */
const bandcampSale = (owner: OwnCompany, label: string) =>
  owner.api.post('/royalties', {
    royalty: {
      pay_period: `${year}-03`,
      retailer: 'Bandcamp',
      subtotal_payable: '4.5',
      currency: 'GBP',
      territory: 'GB',
      label_id: label,
    },
  });
const recomputed = async () => (await companySummaries([company.companyId])).recomputed;

beforeAll(async () => {
  Object.assign(process.env, inject('cloudEnv'));
  company = await ownCompany('Dashboard Summaries');
  labelId = (await company.label('Summary Records')).id;
}, 60_000);

describe("the platform dashboard's company summaries", () => {
  it('reuses a summary while nothing changed and recomputes it after a catalogue, royalty or money write', async () => {
    await recomputed(); // computed and stored once, whatever was there
    expect(await recomputed()).toEqual([]);

    await company.label('Second Label');
    expect(await recomputed()).toEqual([company.companyId]);
    expect(await recomputed()).toEqual([]);

    const sale = await bandcampSale(company, labelId);
    expect(sale.status).toBe(201);
    expect(await recomputed()).toEqual([company.companyId]);
    expect(await recomputed()).toEqual([]);

    const expense = await company.api.post('/expenses', {
      type: 'DistributionExpense',
      date: `${year}-03-21`,
      description: 'Posters',
      subtotal: '2.50',
      expensable_id: labelId,
      payee: { type: 'Label', id: labelId },
    });
    expect(expense.status).toBe(201);
    expect(await recomputed()).toEqual([company.companyId]);
    expect(await recomputed()).toEqual([]);
  }, 120_000);

  it("shows in the admin dashboard the company's own figures", async () => {
    // A company of this case's own with one sale, whatever the case above wrote to its company.
    const company = await ownCompany('Dashboard Figures');
    const sale = await bandcampSale(company, (await company.label('Figures Records')).id);
    expect(sale.status).toBe(201);
    const admin = await call('GET', `/api/v1/admin/dashboard?${qs(range)}`, { token: company.admin });
    expect(admin.status).toBe(200);
    const mine = admin.body.dashboard.by_company.find((c: { id: string }) => c.id === company.companyId);
    const own = (await company.api.get(`/user_dashboard?${qs(range)}`)).body.user_dashboard;
    const finances = (await company.api.get(`/finances?${qs(range)}`)).body.finances;
    expect(mine.revenue).toBe(finances.totals.revenue);
    expect(mine.revenue).toBe('4.50');
    expect(mine.owed).toBe(own.due.total);
    expect(mine.statements_unpaid).toBe(own.counts.statements_unpaid);
    // Read again from the stored summary: the same figures.
    const again = await call('GET', `/api/v1/admin/dashboard?${qs(range)}`, { token: company.admin });
    expect(again.body.dashboard.by_company.find((c: { id: string }) => c.id === company.companyId)).toEqual(mine);
  }, 60_000);
});
