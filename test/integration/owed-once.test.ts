import { beforeAll, describe, expect, it } from 'vitest';
import { call, inCompany } from '../support/api.js';
import { ownLabelManager } from '../support/own-company.js';
import { publishHandStatement } from '../support/published-statements.js';

/**
 * A statement's balance, carried into the account's next statement, is told once on every page that adds up what is
 * owed or paid: the dashboard's "due", the company's finances, the payee's finances and the payments due list. Before,
 * the first three added the carried statement's payable beside the later one's, which already holds it.
 */
let api: ReturnType<typeof inCompany>;
let companyId: string;
let userId: string;
const stamp = Date.now();
const range = 'start_date=2026-01-01&end_date=2026-06-30';

type Shown = { id: string; number: string; start_pay_period: string; figures: Record<string, string> };
const statementsOf = async (payeeId: string) =>
  (
    (await api.get(`/statements?statementable_type=Payee&statementable_id=${payeeId}&per_page=100`)).body
      .statements as Shown[]
  ).sort((a, b) => a.start_pay_period.localeCompare(b.start_pay_period));

beforeAll(async () => {
  const manager = await ownLabelManager('Owed once');
  companyId = manager.distributed.id;
  api = inCompany(manager.token, companyId);
  userId = (await call('GET', '/api/v1/me', { token: manager.token })).body.user.id;
}, 60_000);

describe('a balance carried into the next statement', () => {
  it('is owed once on the dashboard, the finances and the payments due list, and paid once', async () => {
    const name = `Carried Payee ${stamp}`;
    const payee = { type: 'Payee' as const, id: (await api.post('/payees', { name })).body.payee.id as string, name };
    await publishHandStatement(companyId, userId, payee, ['2026-01', '2026-03'], '3.080000');
    await publishHandStatement(companyId, userId, payee, ['2026-04', '2026-06'], '10.000000');
    const [q1, q2] = await statementsOf(payee.id);
    expect(q1?.figures.payable).toBe('3.08');
    // The second statement opens with the first one's unpaid balance: it holds both.
    expect(q2?.figures.payable).toBe('13.08');

    const due = (await api.post('/statements/payments_due_summary', {})).body.payments_due.filter(
      (d: { account: { id: string } }) => d.account.id === payee.id,
    );
    expect(due.map((d: { payable: string }) => d.payable)).toEqual(['13.08']);
    const dashboard = (await api.get(`/user_dashboard?${range}`)).body.user_dashboard;
    expect(dashboard.due).toEqual({ accounts: 1, total: '13.08', by_currency: [{ currency: 'GBP', total: '13.08' }] });
    const owedOfPayee = async () => (await api.get(`/payees/${payee.id}/finances?${range}`)).body.finances;
    expect((await owedOfPayee()).owed).toBe('13.08');
    const money = async () => (await api.get(`/finances?${range}`)).body.finances.money;
    expect(await money()).toMatchObject({ statements: 2, owed: '13.08', paid: '0.00' });

    // Paying the later statement settles the first: paid once, owed nothing.
    const paid = await api.post('/payments', {
      statement_ids: [q2?.id],
      payment_total: '13.08',
      payment_date: '2026-07-01',
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(await money()).toMatchObject({ statements: 2, owed: '0.00', paid: '13.08' });
    expect((await owedOfPayee()).owed).toBe('0.00');
    expect((await api.get(`/user_dashboard?${range}`)).body.user_dashboard.due).toEqual({
      accounts: 0,
      total: '0.00',
      by_currency: [],
    });
    // A period holding only the first statement: its money was paid (by the later statement's payment).
    const q1Only = (await api.get('/finances?start_date=2026-01-01&end_date=2026-03-31')).body.finances.money;
    expect(q1Only).toMatchObject({ statements: 1, owed: '0.00', paid: '3.08' });
  }, 120_000);
});
