import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/api.js';
import { ownCompany, type OwnCompany } from '../support/own-company.js';

/**
 * Every API that takes a currency checks it against the one currencies list and words its refusal the same way,
 * naming the field: a typing slip such as "GPB" is three letters, so a pattern alone let it through and it was kept.
 */
let own: OwnCompany;
let payee: string;
const refusal = (label: string) => [`${label} must be one of the currencies listed, e.g. GBP, EUR or USD`];

beforeAll(async () => {
  own = await ownCompany('Currency bad input');
  payee = (await own.api.post('/payees', { name: `Currency payee ${Date.now()}` })).body.payee.id;
});

type Probe = [
  what: string,
  method: 'POST' | 'PUT' | 'PATCH',
  path: () => string,
  body: object,
  field: string,
  label: string,
];
const PROBES: Probe[] = [
  ['the company’s currency', 'PATCH', () => `/companies/${own.companyId}`, { currency: 'GPB' }, 'currency', 'Currency'],
  [
    'a payee’s payout currency',
    'PUT',
    () => `/payees/${payee}/payout_details`,
    { method: 'paypal', paypal_email: 'payee@example.com', currency: 'GPB' },
    'currency',
    'Currency',
  ],
  [
    'a manual sale’s currency',
    'POST',
    () => '/royalties',
    { royalty: { pay_period: '2026-03', retailer: 'Bandcamp', subtotal_payable: '4.50', currency: 'GPB' } },
    'royalty.currency',
    'Currency',
  ],
  [
    'an exchange rate’s currencies',
    'POST',
    () => '/exchange_rates',
    {
      distributor: 'Slip Distribution',
      payment_date: '2026-03-31',
      original_currency: 'GPB',
      target_currency: 'EUR',
      rate: '1.1',
    },
    'original_currency',
    'Original currency',
  ],
  [
    'a payment run’s rate',
    'POST',
    () => '/payment_runs',
    { exchange_rates: [{ from: 'GBP', to: 'GPB', rate: '1.1' }] },
    'exchange_rates.0.to',
    'To currency',
  ],
  [
    'a report map’s currency',
    'POST',
    () => '/royalty_maps',
    {
      name: `Slip map ${Date.now()}`,
      map: { columns: { subtotal_payable: 'Net', pay_period: 'Period' }, currency: 'GPB' },
    },
    'map.currency',
    'Currency',
  ],
  [
    'a sent payment’s currency',
    'POST',
    () => '/payments/summary',
    { statement_ids: ['none'], sent_currency: 'GPB', exchange_rate: '1.1' },
    'sent_currency',
    'Sent currency',
  ],
];

describe('a currency not on the list', () => {
  it.each(PROBES)('is refused as %s, naming the field', async (_what, method, path, body, field, label) => {
    const answer = await call(method, `/api/v1${path()}`, { token: own.manager.token, company: own.companyId, body });
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(answer.body.errors[field], JSON.stringify(answer.body)).toEqual(refusal(label));
  });

  it('is refused as a client company’s currency in the CRM, and a code in small letters is kept in capitals', async () => {
    const slip = await own.api.post('/crm/clients', { client: { name: `Slip client ${Date.now()}`, currency: 'GPB' } });
    expect(slip.status, JSON.stringify(slip.body)).toBe(400);
    expect(slip.body.errors['client.currency']).toEqual(refusal('Currency'));
    const made = await own.api.post('/crm/clients', { client: { name: `Euro client ${Date.now()}`, currency: 'eur' } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.client.currency).toBe('EUR');
  });
});
