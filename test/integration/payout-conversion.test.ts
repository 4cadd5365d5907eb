import { beforeAll, describe, expect, inject, it } from 'vitest';
import { call, inCompany } from '../support/api.js';
import { ownCompany } from '../support/own-company.js';
import { dueStatement } from '../support/due-statements.js';

/**
 * Paying a statement in another currency: a pound label pays a payee's euro account by SEPA (and a UK bank payment
 * pays pounds for a euro statement) at the rate the run is given. The run, its file and the payment it records all
 * state the same converted amounts (payout × rate, half-up to the cent, statement by statement); the account is
 * settled in its own currency.
 */
type Api = ReturnType<typeof inCompany>;
let api: Api;
let tenantId: string;
let token: string;
const put = (path: string, body: object) => call('PUT', `/api/v1${path}`, { token, company: tenantId, body });
const stamp = Date.now();

const modules = async () => {
  Object.assign(process.env, inject('cloudEnv'));
  return { xsd: await import('../../functions/money/payouts/files/xsd.js') };
};
const newPayee = async (name: string) => {
  const answer = await api.post('/payees', { name: `${name} ${stamp}` });
  expect(answer.status).toBe(201);
  return { id: answer.body.payee.id as string, name: answer.body.payee.name as string };
};
const sepa = { method: 'sepa', account_name: 'Aurora Vale', iban: 'FR1420041010050500013M02606', bic: 'PSSTFRPPXXX' };
const ukBank = { method: 'uk_bulk', account_name: 'Uk Payee', sort_code: '20-00-00', account_number: '55779911' };

beforeAll(async () => {
  const own = await ownCompany('Payout conversion', { currency: 'GBP' });
  tenantId = own.companyId;
  token = own.manager.token;
  api = inCompany(token, tenantId);
  const debtor = await put('/company/debtor_account', {
    name: 'Northern Lights Records',
    iban: 'DE89370400440532013000',
    bic: 'COBADEFFXXX',
  });
  expect(debtor.status).toBe(200);
}, 60_000);

describe('a statement paid in another currency than it was stated in', { shuffle: false }, () => {
  let euroPayee: { id: string; name: string };
  let poundPayee: { id: string; name: string };
  let statements: { id: string; number: string }[];
  let runId: string;

  it('is due, saying the currency its method pays, and a run needs the rate for it', async () => {
    euroPayee = await newPayee('Euro Account');
    poundPayee = await newPayee('Pound Account');
    expect((await put(`/payees/${euroPayee.id}/payout_details`, sepa)).status).toBe(200);
    expect((await put(`/payees/${poundPayee.id}/payout_details`, ukBank)).status).toBe(200);
    statements = [
      await dueStatement(tenantId, euroPayee, '1234.57', 'GBP'),
      await dueStatement(tenantId, euroPayee, '0.10', 'GBP'),
      await dueStatement(tenantId, poundPayee, '100.00', 'EUR'),
    ];
    const due = await api.post('/statements/payments_due_summary', {});
    const of = (id: string) => due.body.payments_due.find((d: { account: { id: string } }) => d.account.id === id);
    expect(of(euroPayee.id)).toMatchObject({ currency: 'GBP', pay_currency: 'EUR', problems: [] });
    expect(of(poundPayee.id)).toMatchObject({ currency: 'EUR', pay_currency: 'GBP', problems: [] });

    const ids = statements.map((s) => s.id);
    const without = await api.post('/payment_runs', { statement_ids: ids });
    expect(without.status).toBe(400);
    expect(without.body.errors.exchange_rates).toEqual([
      `Give the rate from GBP to EUR: ${euroPayee.name} is paid in EUR`,
      `Give the rate from EUR to GBP: ${poundPayee.name} is paid in GBP`,
    ]);
    const wrong = await api.post('/payment_runs', {
      statement_ids: ids,
      exchange_rates: [{ from: 'GBP', to: 'EUR', rate: '0' }],
    });
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.body.errors)).toContain('Exchange rate must be more than 0');
    // Text that is no number is refused by name, never read as one.
    const words = await api.post('/payment_runs', {
      statement_ids: ids,
      exchange_rates: [{ from: 'GBP', to: 'EUR', rate: 'abc' }],
    });
    expect(words.status).toBe(400);
    expect(Object.keys(words.body.errors).every((field) => field.startsWith('exchange_rates'))).toBe(true);
    expect(JSON.stringify(words.body.errors)).toContain('Exchange rate must be a number with up to 6 decimals');
    const twice = await api.post('/payment_runs', {
      statement_ids: ids,
      exchange_rates: [
        { from: 'GBP', to: 'EUR', rate: '1.1' },
        { from: 'gbp', to: 'eur', rate: '1.2' },
      ],
    });
    expect(twice.status).toBe(400);
    expect(JSON.stringify(twice.body.errors)).toContain('Give one exchange rate per pair of currencies');
    // Nothing was made by the refusals: the statements are still free.
    const again = await api.post('/statements/payments_due_summary', {});
    expect(again.body.payments_due.every((d: { problems: string[] }) => !d.problems.includes('already_in_a_run'))).toBe(
      true,
    );
  });

  it('is converted statement by statement, half-up to the cent, and the run adds up what leaves the bank', async () => {
    const created = await api.post('/payment_runs', {
      statement_ids: statements.map((s) => s.id),
      execution_date: '2026-12-01',
      exchange_rates: [
        { from: 'GBP', to: 'EUR', rate: '1.165' },
        { from: 'EUR', to: 'GBP', rate: '0.858369' },
        // A pair nothing in the run needs is not kept.
        { from: 'USD', to: 'EUR', rate: '0.95' },
      ],
    });
    expect(created.status).toBe(201);
    const run = created.body.payment_run;
    runId = run.id;
    const converted = Object.fromEntries(
      run.items.map((i: { statement_number: string; converted: unknown }) => [i.statement_number, i.converted]),
    );
    // 1,234.57 × 1.165 = 1,438.27405 → 1,438.27; 0.10 × 1.165 = 0.1165 → 0.12; 100.00 × 0.858369 = 85.8369 → 85.84.
    expect(converted).toEqual({
      [statements[0].number]: { currency: 'EUR', rate: '1.165', amount: '1438.27' },
      [statements[1].number]: { currency: 'EUR', rate: '1.165', amount: '0.12' },
      [statements[2].number]: { currency: 'GBP', rate: '0.858369', amount: '85.84' },
    });
    expect(run.items.map((i: { amount: string; currency: string }) => [i.amount, i.currency])).toEqual(
      expect.arrayContaining([
        ['1234.57', 'GBP'],
        ['0.10', 'GBP'],
        ['100.00', 'EUR'],
      ]),
    );
    expect(run.totals).toEqual(
      expect.arrayContaining([
        { currency: 'EUR', count: 2, amount: '1438.39' },
        { currency: 'GBP', count: 1, amount: '85.84' },
      ]),
    );
    expect(run.totals).toHaveLength(2);
    expect(run.exchange_rates).toEqual([
      { from: 'GBP', to: 'EUR', rate: '1.165' },
      { from: 'EUR', to: 'GBP', rate: '0.858369' },
    ]);
  });

  it('is written in the bank file in the currency it sends, the file valid and adding up', async () => {
    const exported = await api.post(`/payment_runs/${runId}/export`);
    expect(exported.status).toBe(200);
    expect(
      exported.body.payment_run.files.map((f: { name: string; currency: string; total: string }) => [
        f.name,
        f.currency,
        f.total,
      ]),
    ).toEqual([
      ['sepa-eur-1.xml', 'EUR', '1438.39'],
      ['uk-bulk-gbp-1.csv', 'GBP', '85.84'],
    ]);
    const { xsd } = await modules();
    const xml = await (await fetch((await api.get(`/payment_runs/${runId}/files/sepa-eur-1.xml`)).body.url)).text();
    expect(xsd.schemaFindings(xml)).toEqual([]);
    const stated = xsd.statedAmounts(xml);
    expect(stated.transactions.map((t) => [t.endToEndId, t.amount, t.currency]).sort()).toEqual(
      [
        [statements[0].number, '1438.27', 'EUR'],
        [statements[1].number, '0.12', 'EUR'],
      ].sort(),
    );
    expect(stated.controlSums).toEqual(['1438.39', '1438.39']);
    const csv = await (await fetch((await api.get(`/payment_runs/${runId}/files/uk-bulk-gbp-1.csv`)).body.url)).text();
    expect(csv).toBe(`200000,55779911,UK PAYEE,85.84,${statements[2].number}\r\n`);
  });

  it('records a payment that settles the account in its own currency and says what the bank sent', async () => {
    const confirmed = await api.post(`/payment_runs/${runId}/confirm`, {});
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.payment_run.status).toBe('confirmed');
    const [euro] = (await api.get(`/payments?payable_id=${euroPayee.id}`)).body.payments;
    expect(euro).toMatchObject({
      payment_currency: 'GBP',
      payment_total: '1234.67',
      converted: { currency: 'EUR', rate: '1.165', total: '1438.39' },
    });
    expect(euro.statements.map((s: { converted_amount: string }) => s.converted_amount).sort()).toEqual([
      '0.12',
      '1438.27',
    ]);
    const [pound] = (await api.get(`/payments?payable_id=${poundPayee.id}`)).body.payments;
    expect(pound).toMatchObject({
      payment_currency: 'EUR',
      payment_total: '100.00',
      converted: { currency: 'GBP', rate: '0.858369', total: '85.84' },
    });
    for (const s of statements) expect((await api.get(`/statements/${s.id}`)).body.statement.paid).toBe(true);
  });
});

describe('a payment recorded by hand, sent in another currency', () => {
  it('keeps the currency and rate it was sent at, converted by the same rule, both or neither', async () => {
    const payee = await newPayee('Hand Paid Abroad');
    const statement = await dueStatement(tenantId, payee, '250.05', 'GBP');
    const refusals = [
      [
        { sent_currency: 'EUR' },
        'exchange_rate',
        'Exchange rate is required when the money was sent in another currency',
      ],
      [{ exchange_rate: '1.1' }, 'sent_currency', 'Sent currency is required with an exchange rate'],
      [{ sent_currency: 'gbp', exchange_rate: '1' }, 'sent_currency', "Sent currency is the statements' own (GBP)"],
      [{ sent_currency: 'EUR', exchange_rate: '-2' }, 'exchange_rate', 'Exchange rate must be a number'],
    ] as const;
    for (const [extra, field, words] of refusals) {
      const refused = await api.post('/payments', { statement_ids: [statement.id], ...extra });
      expect(refused.status, JSON.stringify(extra)).toBe(400);
      expect(refused.body.errors[field]?.[0], JSON.stringify(extra)).toContain(words);
    }
    // Nothing was recorded by the refusals.
    expect((await api.get(`/payments?payable_id=${payee.id}`)).body.payments).toEqual([]);

    const paid = await api.post('/payments', {
      statement_ids: [statement.id],
      payment_total: '250.05',
      sent_currency: 'eur',
      exchange_rate: '1.1651',
    });
    expect(paid.status).toBe(201);
    // 250.05 × 1.1651 = 291.333255 → 291.33.
    expect(paid.body.payment).toMatchObject({
      payment_currency: 'GBP',
      payment_total: '250.05',
      converted: { currency: 'EUR', rate: '1.1651', total: '291.33' },
    });
    expect(paid.body.payment.statements[0].converted_amount).toBe('291.33');
    // Money and how it was sent are fixed once recorded: an edit naming them is refused by name.
    const edit = await api.patch(`/payments/${paid.body.payment.id}`, { exchange_rate: '1.2' });
    expect(edit.status).toBe(400);
    expect(Object.keys(edit.body.errors)).toEqual(['exchange_rate']);
  });
});
