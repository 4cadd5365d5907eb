import { describe, expect, it } from 'vitest';
import { PAYOUT_METHODS, type PaymentRunItem } from '../../shared/schemas/payment-views.js';
import type { FileContext, FileRow } from '../../functions/money/payouts/files/types.js';
import { PAYOUT_FILE_WRITERS } from '../../functions/money/payouts/files/writers.js';

/**
 * Every payout method's file is written by one writer object of one shape, picked from one registry; the run's
 * export (bank-files.ts) knows no format by name.
 */
const context: FileContext = {
  runId: '01JPAYMENTRUN0000000000000',
  executionDate: '2026-12-01',
  companyName: 'Northern Lights Records',
  debtor: null,
  now: new Date('2026-11-24T10:00:00Z'),
};

function row(method: PaymentRunItem['method'], currency: string): FileRow {
  return {
    item: {
      statement_id: 's1',
      statement_number: 'ST-000001',
      account: { type: 'Payee', id: 'p1' },
      name: 'Aurora Vale',
      amount: '10.00',
      currency,
      method,
      payment_id: null,
    },
    details: {
      method,
      account_name: 'Aurora Vale',
      currency,
      iban: null,
      bic: null,
      sort_code: '123456',
      account_number: '12345678',
      email: 'aurora@example.org',
    },
  };
}

describe('payout file writers', () => {
  it('cover every payout method, each under its own method', () => {
    for (const method of PAYOUT_METHODS) expect(PAYOUT_FILE_WRITERS[method].method).toBe(method);
  });

  it('state their file’s extension and content type', () => {
    expect(
      Object.fromEntries(
        PAYOUT_METHODS.map((m) => [m, [PAYOUT_FILE_WRITERS[m].extension, PAYOUT_FILE_WRITERS[m].contentType]]),
      ),
    ).toEqual({
      sepa: ['xml', 'application/xml'],
      uk_bulk: ['csv', 'text/csv'],
      paypal: ['csv', 'text/csv'],
      wise: ['csv', 'text/csv'],
    });
  });

  it('refuse rows they cannot pay, naming the field the user changes', () => {
    expect(PAYOUT_FILE_WRITERS.uk_bulk.validate([row('uk_bulk', 'EUR')], context)).toEqual({
      currency: ['A UK bank payment is paid in GBP, not EUR'],
    });
    expect(PAYOUT_FILE_WRITERS.sepa.validate([row('sepa', 'EUR')], context)).toEqual({
      debtor_account: ["Set the company's bank account (name, IBAN, BIC) before making a SEPA file"],
    });
    expect(PAYOUT_FILE_WRITERS.uk_bulk.validate([row('uk_bulk', 'GBP')], context)).toEqual({});
    expect(PAYOUT_FILE_WRITERS.paypal.validate([row('paypal', 'JPY')], context)).toEqual({});
  });

  it('write the rows they accept', () => {
    expect(PAYOUT_FILE_WRITERS.paypal.write([row('paypal', 'USD')], context)).toEqual({
      text: 'aurora@example.org,10.00,USD,ST-000001,Royalty statement ST-000001 from Northern Lights Records\r\n',
    });
  });
});
