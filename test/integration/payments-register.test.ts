import { beforeAll, describe, expect, it } from 'vitest';
import { inCompany } from '../support/api.js';
import { dueStatement } from '../support/due-statements.js';
import { ownCompany } from '../support/own-company.js';

/**
 * The payments register through the local gateway: every payment dated in a range of days, as recorded, summed per
 * currency (never across) and per currency sent when the money left the bank in another; the same payments as a CSV
 * file safe to open in a spreadsheet; another company's payments never in it.
 */
type Api = ReturnType<typeof inCompany>;
let api: Api;
let sibling: Api;
let tenantId: string;
const stamp = Date.now();

const newPayee = async (name: string) => {
  const answer = await api.post('/payees', { name: `${name} ${stamp}` });
  expect(answer.status).toBe(201);
  return { id: answer.body.payee.id as string, name: answer.body.payee.name as string };
};
/** A payment of a new payee's statement of `payable`, dated `day`, with whatever else the body says. */
const paid = async (name: string, payable: string, currency: string, day: string, extra: object = {}) => {
  const payee = await newPayee(name);
  const statement = await dueStatement(tenantId, payee, payable, currency);
  const answer = await api.post('/payments', { statement_ids: [statement.id], payment_date: day, ...extra });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return { payee, statement, payment: answer.body.payment as { id: string } };
};

beforeAll(async () => {
  const own = await ownCompany('Payments register', { currency: 'GBP' });
  tenantId = own.companyId;
  api = inCompany(own.manager.token, tenantId);
  const other = await own.sibling('Payments register elsewhere');
  sibling = inCompany(own.manager.token, other.companyId);
}, 60_000);

describe('the payments register', () => {
  it('lists the payments of the days asked, as recorded, summed per currency and per currency sent', async () => {
    const plain = await paid('=1+2 Register Payee', '100.00', 'GBP', '2026-11-02', {
      payment_method: 'BACS',
      payment_reference: 'Q3 royalties',
    });
    const abroad = await paid('Register Abroad', '50.00', 'GBP', '2026-11-03', {
      sent_currency: 'EUR',
      exchange_rate: '1.2',
    });
    const euro = await paid('Register Euro', '10.01', 'EUR', '2026-11-04');
    await paid('Register Before', '7.00', 'GBP', '2026-10-31');

    const register = await api.get('/payments/register?from=2026-11-01&to=2026-11-30');
    expect(register.status).toBe(200);
    expect(register.body.payments.map((p: { id: string }) => p.id)).toEqual([
      plain.payment.id,
      abroad.payment.id,
      euro.payment.id,
    ]);
    expect(register.body.totals).toEqual([
      { currency: 'EUR', payments: 1, subtotal: '10.01', vat: '0.00', withheld: '0.00', total: '10.01' },
      { currency: 'GBP', payments: 2, subtotal: '150.00', vat: '0.00', withheld: '0.00', total: '150.00' },
    ]);
    expect(register.body.sent_totals).toEqual([{ currency: 'EUR', payments: 1, total: '60.00' }]);
    // Each payment as its own page answers it.
    const one = (await api.get(`/payments/${abroad.payment.id}`)).body.payment;
    expect(register.body.payments[1]).toEqual(one);

    // Another company's register holds none of them; a range the wrong way round is named by its field.
    const elsewhere = await sibling.get('/payments/register?from=2026-11-01&to=2026-11-30');
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body.payments).toEqual([]);
    const backwards = await api.get('/payments/register?from=2026-11-30&to=2026-11-01');
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors).toEqual({ to: ['To must be on or after From'] });

    const file = (await api.get('/payments/register_csv?from=2026-11-01&to=2026-11-30')).body;
    expect(file.filename).toBe('Payments 2026-11-01 to 2026-11-30.csv');
    const lines = file.csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Payment date,Paid to,Paid to is,Statements,Currency,Payable,VAT,Tax withheld,Total paid,Sent currency,' +
        'Sent amount,Exchange rate,Method,Payment reference,Invoice reference,Account reference,Made by a payment run',
    );
    expect(lines).toHaveLength(4);
    // A name that starts like a formula stays text in a spreadsheet.
    expect(lines[1]).toBe(
      `2026-11-02,'=1+2 Register Payee ${stamp},Payee,${plain.statement.number},GBP,100.00,0.00,0.00,100.00,,,,BACS,Q3 royalties,,,No`,
    );
    expect(lines[2]).toBe(
      `2026-11-03,Register Abroad ${stamp},Payee,${abroad.statement.number},GBP,50.00,0.00,0.00,50.00,EUR,60.00,1.2,,,,,No`,
    );
  });
});
