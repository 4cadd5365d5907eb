import { describe, expect, it } from 'vitest';
import { call, inCompany } from '../support/api.js';
import { dueStatement } from '../support/due-statements.js';
import { ownCompany } from '../support/own-company.js';

/**
 * The company dashboard's "due for payment" and latest statements keep each statement's own currency: a company whose
 * currency changed keeps statements in the old one, and pounds and euros are never added up into one figure.
 */
describe("the company dashboard's and the payments' statements due", () => {
  it('says what is due per currency and each latest statement in its own currency', async () => {
    const company = await ownCompany('Dashboard due currencies', { currency: 'GBP' });
    const payee = async (name: string) => (await company.api.post('/payees', { name })).body.payee;
    const euro = await payee('Euro Payee');
    const pound = await payee('Pound Payee');
    await dueStatement(company.companyId, euro, '1234.56', 'EUR');
    await dueStatement(company.companyId, pound, '21.00', 'GBP');
    const answer = await company.api.get('/user_dashboard');
    expect(answer.status).toBe(200);
    const dashboard = answer.body.user_dashboard;
    expect(dashboard.due.accounts).toBe(2);
    expect(dashboard.due.by_currency).toEqual([
      { currency: 'EUR', total: '1234.56' },
      { currency: 'GBP', total: '21.00' },
    ]);
    const latest = dashboard.latest_statements.map((s: { payee_name: string; currency: string; payable: string }) => [
      s.payee_name,
      s.currency,
      s.payable,
    ]);
    expect(latest.sort()).toEqual([
      ['Euro Payee', 'EUR', '1234.56'],
      ['Pound Payee', 'GBP', '21.00'],
    ]);
    // The payments due say it per currency too, added up by the server (the page only writes it out); neither payee has
    // payout details yet, so a run can pay nothing of either.
    const summary = (await company.api.post('/statements/payments_due_summary', {})).body;
    expect(summary.by_currency).toEqual([
      { currency: 'EUR', total: '1234.56', to_pay_total: '1234.56', run_can_pay: '0.00' },
      { currency: 'GBP', total: '21.00', to_pay_total: '21.00', run_can_pay: '0.00' },
    ]);
  }, 60_000);

  it('says what a company and a payee still owe per currency: finances, the admin dashboard and the CRM', async () => {
    const distributor = await ownCompany('Owed currencies distributor');
    const made = await distributor.api.post('/crm/clients', { client: { name: `Owed currencies ${Date.now()}` } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const client = made.body.client as { id: string };
    // The platform admin works in the client company, as the distributor's admins do.
    const company = inCompany(distributor.admin, client.id);
    const payee = async (name: string) => {
      const answer = await company.post('/payees', { name });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      return answer.body.payee as { id: string; name: string };
    };
    const euro = await payee('Euro Payee');
    const pound = await payee('Pound Payee');
    // The euro payee's older statement was published before the company's currency became pounds; the newer ones are
    // in pounds. Each account owes its latest statement, which carries the earlier unpaid one of the same account.
    await dueStatement(client.id, euro, '1234.56', 'EUR', { period: ['2026-01', '2026-03'] });
    await dueStatement(client.id, pound, '21.00', 'GBP', { period: ['2026-01', '2026-03'] });
    const range = 'start_date=2026-01-01&end_date=2026-06-30';
    const perCurrency = [
      { currency: 'EUR', owed: '1234.56' },
      { currency: 'GBP', owed: '21.00' },
    ];

    const finances = (await company.get(`/finances?${range}`)).body.finances;
    expect(finances.money.by_currency).toEqual([
      { currency: 'EUR', paid: '0.00', owed: '1234.56' },
      { currency: 'GBP', paid: '0.00', owed: '21.00' },
    ]);
    const euroFinances = (await company.get(`/payees/${euro.id}/finances?${range}`)).body.finances;
    expect(euroFinances.owed_by_currency).toEqual([{ currency: 'EUR', owed: '1234.56' }]);

    const dashboard = await call('GET', `/api/v1/admin/dashboard?${range}`, { token: distributor.admin });
    expect(dashboard.status).toBe(200);
    const row = dashboard.body.dashboard.by_company.find((c: { id: string }) => c.id === client.id);
    expect(row.owed_by_currency).toEqual(perCurrency);
    const crm = (await distributor.api.get(`/crm/clients/${client.id}`)).body.client;
    expect(crm.balance_owed_by_currency).toEqual(perCurrency);
  }, 60_000);
});
