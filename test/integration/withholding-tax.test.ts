import { beforeAll, describe, expect, inject, it } from 'vitest';
import { call, inCompany } from '../support/api.js';
import { ownLabelManager } from '../support/own-company.js';
import { pdfText } from '../support/pdf-text.js';
import { until } from '../support/wait.js';
import { publishHandStatement } from '../support/published-statements.js';

/**
 * What a statement pays out, through the local gateway: a payee's withholding tax kept back and the VAT of its
 * self-billing invoice added, the same figure on the statement, in the payments due, in a payment run's bank file
 * and in the payment recorded; the whole payable settles the account all the same; a published statement keeps
 * the rate it was published with.
 */
type Api = ReturnType<typeof inCompany>;
let api: Api;
let tenantId: string;
let userId: string;
let token: string;
const stamp = Date.now();
const ukDetails = (name: string) => ({
  method: 'uk_bulk',
  account_name: name,
  sort_code: '20-00-00',
  account_number: '55779911',
});

const db = async () => {
  Object.assign(process.env, inject('cloudEnv'));
  return (await import('../../functions/data/service.js')).getDb();
};
const newPayee = async (name: string, terms: object) => {
  const answer = await api.post('/payees', { name: `${name} ${stamp}`, ...terms });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.payee as { id: string; name: string; withholding_tax_rate?: number };
};
const statementOf = async (payeeId: string) => {
  const list = await api.get(`/statements?statementable_type=Payee&statementable_id=${payeeId}&per_page=10`);
  return (await api.get(`/statements/${list.body.statements[0].id}`)).body.statement;
};
/** The payee's statement of `period`, published by the account step with `royalties` earned. */
const stated = async (payee: { id: string; name: string }, period: [string, string], royalties: string) => {
  await publishHandStatement(tenantId, userId, { type: 'Payee', id: payee.id, name: payee.name }, period, royalties);
  return statementOf(payee.id);
};
const fetchText = async (url: string) => (await fetch(url)).text();

beforeAll(async () => {
  const manager = await ownLabelManager('Withholding');
  token = manager.token;
  tenantId = manager.distributed.id;
  api = inCompany(manager.token, tenantId);
  userId = (await call('GET', '/api/v1/me', { token: manager.token })).body.user.id;
  // The company's self-billing agreement, as the platform admin records it.
  await (await db()).entities.Company.patch({ companyId: tenantId }).set({ self_billing: true }).go();
}, 60_000);

describe('withholding tax', () => {
  it('is a rate from 0 to 100 in the user’s words; blank is none', async () => {
    const wrong = await api.post('/payees', { name: `Wrong Rate ${stamp}`, withholding_tax_rate: '130' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({
      withholding_tax_rate: ['Withholding tax rate must be a number from 0 to 100 with up to 2 decimals'],
    });
    const blank = await newPayee('Blank Rate', { withholding_tax_rate: '', vat_rate: '' });
    expect(blank).toMatchObject({ withholding_tax_rate: 0, vat_rate: 20 });
  });

  it('is kept back from the payout, VAT added on top; the due list, the bank file and the payment pay that', async () => {
    const payee = await newPayee('Abroad Artist', {
      self_billing: true,
      vat_registered: true,
      vat_number: 'GB123456789',
      vat_rate: '20',
      withholding_tax_rate: '30',
    });
    expect(payee.withholding_tax_rate).toBe(30);
    const statement = await stated(payee, ['2026-01', '2026-03'], '1000.004000');
    expect(statement.figures).toMatchObject({ closing_balance: '1000.00', payable: '1000.00' });
    expect(statement.self_billing).toMatchObject({ subtotal: '1000.00', vat: '200.00', total: '1200.00' });
    expect(statement.withholding_tax).toEqual({ rate: '30', amount: '300.00' });
    // 1000.00 + 200.00 VAT − 300.00 withheld.
    expect(statement.payout).toEqual({ payable: '1000.00', vat: '200.00', withholding_tax: '300.00', total: '900.00' });

    // Its PDF goes from payable to paid out, and its self-billing invoice names the supplier's VAT number.
    const pdf = await until(async () => {
      const answer = await api.get(`/statements/${statement.id}/pdf`);
      return answer.status === 200 ? answer : undefined;
    }, 60_000);
    const text = await pdfText(new Uint8Array(await (await fetch(pdf.body.url)).arrayBuffer()));
    expect(text).toMatch(/Tax withheld\s+at 30%, paid to the tax authority for you\s+-£300\.00/);
    expect(text).toMatch(/Amount paid to you\s+£900\.00/);
    expect(text).toContain('VAT number GB123456789');

    // A published statement keeps the rate it was published with.
    expect((await api.patch(`/payees/${payee.id}`, { withholding_tax_rate: '10' })).status).toBe(200);
    expect((await statementOf(payee.id)).payout.total).toBe('900.00');

    const details = { token, company: tenantId, body: ukDetails('Abroad Artist') };
    expect((await call('PUT', `/api/v1/payees/${payee.id}/payout_details`, details)).status).toBe(200);
    const summary = (await api.post('/statements/payments_due_summary', {})).body;
    const due = summary.payments_due.find((d: { account: { id: string } }) => d.account.id === payee.id);
    expect(due).toMatchObject({ payable: '1000.00', to_pay: '900.00', problems: [] });
    // The account is owed 1000.00, as the dashboard's "due" says; paying it sends 900.00.
    expect(summary).toMatchObject({ total: '1000.00', to_pay_total: '900.00' });
    expect((await api.get('/user_dashboard')).body.user_dashboard.due.total).toBe('1000.00');

    const run = (await api.post('/payment_runs', { statement_ids: [statement.id], execution_date: '2027-01-05' })).body
      .payment_run;
    expect(run.items).toEqual([expect.objectContaining({ statement_id: statement.id, amount: '900.00' })]);
    expect((await api.post(`/payment_runs/${run.id}/export`)).status).toBe(200);
    const csv = await fetchText((await api.get(`/payment_runs/${run.id}/files/uk-bulk-gbp-1.csv`)).body.url);
    expect(csv).toBe(`200000,55779911,ABROAD ARTIST,900.00,${statement.number}\r\n`);
    expect((await api.post(`/payment_runs/${run.id}/confirm`, {})).status).toBe(200);

    const [payment] = (await api.get(`/payments?payable_id=${payee.id}`)).body.payments;
    expect(payment).toMatchObject({
      payment_total: '900.00',
      payment_subtotal: '1000.00',
      payment_vat_total: '200.00',
      payment_withholding_total: '300.00',
      vat: '20',
      statements: [expect.objectContaining({ id: statement.id, payable: '1000.00', paid: '900.00' })],
    });
    // The whole payable settles the account: the tax is paid on the payee's behalf, the VAT is not theirs to keep.
    const entries = await (await db()).entities.AccountEntry.query
      .byAccount({ tenantId, accountKey: `Payee#${payee.id}` })
      .go();
    expect(entries.data.filter((e) => e.kind === 'payment').map((e) => e.amount)).toEqual(['-1000.00']);
    const accounting = (await api.get(`/payees/${payee.id}/accounting`)).body;
    expect(JSON.stringify(accounting)).toContain('"balance":"0.00"');
  });

  it('a payment typed by hand must total what the statements pay out, naming the field', async () => {
    const payee = await newPayee('Treaty Artist', { withholding_tax_rate: '12.5' });
    const statement = await stated(payee, ['2026-04', '2026-06'], '80.010000');
    // 80.01 × 12.5 % = 10.00125, half-up to the cent.
    expect(statement.withholding_tax).toEqual({ rate: '12.5', amount: '10.00' });
    expect(statement.payout).toMatchObject({ vat: '0.00', total: '70.01' });
    const body = { statement_ids: [statement.id], payment_date: '2026-07-10' };
    const payable = await api.post('/payments', { ...body, payment_total: '80.01' });
    expect(payable.status).toBe(400);
    expect(payable.body.errors.payment_total[0]).toContain('£70.01');
    const paid = await api.post('/payments', { ...body, payment_total: '70.01' });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(paid.body.payment).toMatchObject({ payment_total: '70.01', payment_withholding_total: '10.00' });
  });

  it('a statement paying nothing withholds nothing', async () => {
    const payee = await newPayee('Nothing Due', { withholding_tax_rate: '30', minimum_payout: '500.00' });
    const statement = await stated(payee, ['2026-01', '2026-03'], '100.000000');
    expect(statement.figures.payable).toBe('0.00');
    expect(statement.withholding_tax).toBeNull();
    expect(statement.payout.total).toBe('0.00');
  });

  it('is reported by payee and currency over a range of days, and as a spreadsheet-safe CSV', async () => {
    const payees = [
      await newPayee('=1+2 Report Payee', { withholding_tax_rate: '20' }),
      await newPayee('Report Payee Two', { withholding_tax_rate: '10' }),
    ];
    const paid: string[] = [];
    for (const [i, payee] of payees.entries()) {
      const statement = await stated(payee, ['2024-10', '2024-12'], `${(i + 1) * 100}.000000`);
      const body = {
        statement_ids: [statement.id],
        payment_date: `2025-02-1${i}`,
        payment_total: statement.payout.total,
      };
      const answer = await api.post('/payments', body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      paid.push(answer.body.payment.id);
    }
    const report = await api.get('/payments/withholding_tax?from=2025-01-01&to=2025-03-31');
    expect(report.status).toBe(200);
    expect(report.body.payments).toEqual([
      expect.objectContaining({
        payment_id: paid[0],
        payment_date: '2025-02-10',
        payable: '100.00',
        withheld: '20.00',
        paid: '80.00',
      }),
      expect.objectContaining({
        payment_id: paid[1],
        payment_date: '2025-02-11',
        payable: '200.00',
        withheld: '20.00',
        paid: '180.00',
      }),
    ]);
    expect(
      report.body.payees.map((p: { payee: { name: string }; withheld: string }) => [p.payee.name, p.withheld]),
    ).toEqual([
      [payees[0].name, '20.00'],
      [payees[1].name, '20.00'],
    ]);
    expect(report.body.totals).toEqual([{ currency: 'GBP', payments: 2, payable: '300.00', withheld: '40.00' }]);
    // A range without them, and a range backwards, named by its field.
    expect((await api.get('/payments/withholding_tax?from=2025-03-01&to=2025-03-31')).body.payments).toEqual([]);
    const backwards = await api.get('/payments/withholding_tax?from=2025-03-01&to=2025-01-31');
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors).toEqual({ to: ['To must be on or after From'] });

    const file = (await api.get('/payments/withholding_tax_csv?from=2025-01-01&to=2025-03-31')).body;
    expect(file.filename).toBe('Tax withheld 2025-01-01 to 2025-03-31.csv');
    const lines = file.csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Payment date,Payee,Currency,Statements,Payable,Tax withheld,Paid');
    expect(lines).toHaveLength(3);
    // The payee's name that starts like a formula is text in a spreadsheet.
    expect(lines[1]).toMatch(
      new RegExp(`^2025-02-10,'=1\\+2 Report Payee ${stamp},GBP,ST-\\d+,100\\.00,20\\.00,80\\.00$`),
    );
  });
});
