import { describe, expect, it } from 'vitest';
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
});
