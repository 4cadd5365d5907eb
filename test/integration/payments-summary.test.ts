import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages.js';
import { inCompany } from '../support/api.js';
import { daysSince, utcDay } from '../support/days.js';
import { dueStatement } from '../support/due-statements.js';
import { ownLabelManager } from '../support/own-company.js';

/**
 * POST payments/summary: what a payment of chosen statements would pay, worked out by the one function recording
 * the payment uses, so the form's figure is the one recorded to the cent; refused as recording would refuse it
 * (another company's statement not found, bad input naming the field). And the payment's own fields: the currency
 * given as a code in any case or as the sign £ or $, the date today unless given.
 */
type Api = ReturnType<typeof inCompany>;
let api: Api;
let other: Api;
let companyId: string;
let otherCompanyId: string;
const stamp = Date.now();

const payee = async (name: string, fields: Record<string, unknown> = {}) => {
  const answer = await api.post('/payees', { name: `${name} ${stamp}`, ...fields });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return { id: answer.body.payee.id as string, name: `${name} ${stamp}` };
};

beforeAll(async () => {
  const manager = await ownLabelManager('Payment summary');
  companyId = manager.distributed.id;
  otherCompanyId = manager.publisher.id;
  api = inCompany(manager.token, companyId);
  other = inCompany(manager.token, otherCompanyId);
}, 60_000);

describe('the total of chosen statements', () => {
  it('adds them exactly, as the payment then records them', async () => {
    const ann = await payee('Summary Ann');
    // 0.10 + 0.20 is 0.30 to the cent (a float would say 0.30000000000000004).
    const a = await dueStatement(companyId, ann, '0.10', 'GBP');
    const b = await dueStatement(companyId, ann, '0.20', 'GBP');
    const answer = await api.post('/payments/summary', { statement_ids: [a.id, b.id] });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.summary).toEqual({
      payable_type: 'Payee',
      payable_id: ann.id,
      payable_name: ann.name,
      payment_currency: 'GBP',
      payment_subtotal: '0.30',
      payment_vat_total: '0.00',
      payment_withholding_total: '0.00',
      payment_total: '0.30',
      vat: '0',
      self_billing: false,
      statement_ids: [a.id, b.id],
      statements: [
        { id: a.id, number: a.number, payable: '0.10', vat: '0.00', withholding_tax: '0.00', total: '0.10' },
        { id: b.id, number: b.number, payable: '0.20', vat: '0.00', withholding_tax: '0.00', total: '0.20' },
      ],
      carried_statements: [],
      converted: null,
    });
    // Asking records nothing: both are still unpaid.
    expect((await api.get(`/statements/${a.id}`)).body.statement.paid).toBe(false);
  }, 60_000);

  it('adds each self-billing invoice’s VAT as it was invoiced, and the payment records the same figures', async () => {
    const vat = await payee('Summary VAT');
    // 10.03 at 20% is 2.006, half-up 2.01 on each invoice: 4.02 in all (20.06 × 20% at once would say 4.01, which
    // neither invoice states).
    const a = await dueStatement(companyId, vat, '10.03', 'GBP', { self_billing: true, vat_rate: 20 });
    const b = await dueStatement(companyId, vat, '10.03', 'GBP', { self_billing: true, vat_rate: 20 });
    const summary = (await api.post('/payments/summary', { statement_ids: [a.id, b.id] })).body.summary;
    expect(summary).toMatchObject({
      payment_subtotal: '20.06',
      payment_vat_total: '4.02',
      payment_total: '24.08',
      vat: '20',
      self_billing: true,
    });
    expect(summary.statements.map((s: { vat: string; total: string }) => [s.vat, s.total])).toEqual([
      ['2.01', '12.04'],
      ['2.01', '12.04'],
    ]);
    // A typed total a cent out is refused on the field, with the summary's figure.
    const wrong = await api.post('/payments', { statement_ids: [a.id, b.id], payment_total: '24.07' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.payment_total).toEqual([MESSAGES.paymentTotalMismatch('£24.08')]);
    const paid = await api.post('/payments', { statement_ids: [a.id, b.id], payment_total: summary.payment_total });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    const { payment } = paid.body;
    for (const field of [
      'payment_total',
      'payment_subtotal',
      'payment_vat_total',
      'payment_withholding_total',
      'vat',
      'self_billing',
      'payment_currency',
    ])
      expect(payment[field], field).toEqual(summary[field]);
    // Once paid, the summary refuses them as recording again would, naming the statement.
    const again = await api.post('/payments/summary', { statement_ids: [a.id] });
    expect(again.status).toBe(409);
    expect(again.body.errors.statement_ids).toEqual([MESSAGES.statementPaidAlready(a.number)]);
  }, 60_000);

  it('says what the bank sent in another currency, statement by statement, as the payment records it', async () => {
    const euro = await payee('Summary Euro');
    const a = await dueStatement(companyId, euro, '0.10', 'GBP');
    const b = await dueStatement(companyId, euro, '0.10', 'GBP');
    const body = { statement_ids: [a.id, b.id], sent_currency: 'eur', exchange_rate: '1.165' };
    const summary = (await api.post('/payments/summary', body)).body.summary;
    // 0.10 × 1.165 = 0.1165 → 0.12 on each statement: 0.24 (the total converted at once would say 0.23).
    expect(summary.converted).toEqual({ currency: 'EUR', rate: '1.165', total: '0.24' });
    const paid = await api.post('/payments', { ...body, payment_total: summary.payment_total });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(paid.body.payment.converted).toEqual(summary.converted);
  }, 60_000);

  it('does not reach another company’s statements', async () => {
    const theirs = await dueStatement(otherCompanyId, { id: `other-${stamp}`, name: 'Theirs' }, '5.00', 'GBP');
    const mine = await dueStatement(companyId, await payee('Summary Mine'), '5.00', 'GBP');
    const alone = await api.post('/payments/summary', { statement_ids: [theirs.id] });
    expect(alone.status).toBe(404);
    expect(alone.body.message).toBe('Statement not found');
    expect((await api.post('/payments/summary', { statement_ids: [mine.id, theirs.id] })).status).toBe(404);
    // Asked in the other company, this company's statement is not found either.
    expect((await other.post('/payments/summary', { statement_ids: [mine.id] })).status).toBe(404);
  }, 60_000);

  it('refuses bad input naming the field', async () => {
    const bo = await payee('Summary Bo');
    const cy = await payee('Summary Cy');
    const one = await dueStatement(companyId, bo, '1.00', 'GBP');
    const two = await dueStatement(companyId, cy, '2.00', 'GBP');
    const cases: [object, string, string?][] = [
      [{}, 'statement_ids'],
      [{ statement_ids: [] }, 'statement_ids', 'Choose the statements this payment pays'],
      [{ statement_ids: [one.id, two.id] }, 'statement_ids', MESSAGES.paymentOneAccount],
      [{ statement_ids: [one.id], sent_currency: 'EURO', exchange_rate: '1.1' }, 'sent_currency'],
      [{ statement_ids: [one.id], exchange_rate: '1.1' }, 'sent_currency', MESSAGES.sentCurrencyForRate],
      [{ statement_ids: [one.id], sent_currency: 'EUR', exchange_rate: '0' }, 'exchange_rate'],
      [{ statement_ids: [one.id], sent_currency: 'GBP', exchange_rate: '1' }, 'sent_currency'],
      [{ statement_ids: [one.id], payment_total: '1.00' }, 'payment_total', 'Payment total is not a known field'],
    ];
    for (const [body, field, message] of cases) {
      const answer = await api.post('/payments/summary', body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(Object.keys(answer.body.errors)).toEqual([field]);
      if (message) expect(answer.body.errors[field]).toEqual([message]);
    }
  }, 60_000);
});

describe('a payment’s own fields', () => {
  it('take the currency as a code in any case or as the sign £ or $, and the date today unless given', async () => {
    const dee = await payee('Currency Dee');
    const pound = await dueStatement(companyId, dee, '3.00', 'GBP');
    const bad = await api.post('/payments', { statement_ids: [pound.id], payment_currency: 'pounds' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.payment_currency).toEqual([
      'Payment currency must be one of the currencies listed, e.g. GBP, EUR or USD, or the sign £ or $',
    ]);
    // The dollar sign is the dollar: not these statements' currency, said on the field.
    const dollar = await api.post('/payments', { statement_ids: [pound.id], payment_currency: '$' });
    expect(dollar.status).toBe(400);
    expect(dollar.body.errors.payment_currency).toEqual([MESSAGES.paymentCurrencyMismatch('GBP')]);
    const from = utcDay();
    const paid = await api.post('/payments', { statement_ids: [pound.id], payment_currency: '£' });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(paid.body.payment).toMatchObject({
      payment_currency: 'GBP',
      payment_date: expect.toBeOneOf(daysSince(from)),
      payment_subtotal: '3.00',
      payment_vat_total: '0.00',
      payment_total: '3.00',
      self_billing: false,
      vat: '0',
    });
    const lower = await dueStatement(companyId, await payee('Currency Eve'), '4.00', 'GBP');
    const code = await api.post('/payments', { statement_ids: [lower.id], payment_currency: 'gbp' });
    expect(code.status, JSON.stringify(code.body)).toBe(201);
    expect(code.body.payment.payment_currency).toBe('GBP');
  }, 60_000);
});
