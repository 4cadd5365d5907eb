import { describe, expect, it } from 'vitest';
import { ROUTE_TABLE } from '../../../app/route-table';
import { MESSAGES } from '../../../../../shared/messages';
import { formatMoney } from '../../../../../shared/money';
import {
  emptyPayment,
  paymentPagesFor,
  paymentsOfPath,
  payoutWords,
  payStatementPath,
  statementOption,
  summaryRequest,
  toPaymentPatch,
  toPaymentPayload,
  validatePayment,
  type PickedStatement,
} from './payment-model';

/** A statement paying `total`, or `paidOut` when VAT or tax withheld make its payout differ from its payable. */
const statement = (id: string, payee: string, total: string, paidOut = total): PickedStatement => ({
  id,
  number: `ST-${id}`,
  payee_id: payee,
  payee_type: 'Payee',
  payee_name: `Payee ${payee}`,
  currency: 'GBP',
  payee_total: total,
  payout: { payable: total, vat: '0.00', withholding_tax: '0.00', total: paidOut },
  accounting_period: '2026-Q1',
  start_pay_period: '2026-01',
  end_pay_period: '2026-03',
});

describe('the payments pages', () => {
  it('live under the distribution finances and the user finances, in the current company', () => {
    const page = (path: string) => {
      const route = ROUTE_TABLE.find((r) => r.path === path);
      return route && [route.name, route.page, route.tenantized];
    };
    expect(page('/distribution/finances/payments')).toEqual(['DistributionPayments', 'payments', true]);
    expect(page('/distribution/finances/payments/new')?.[1]).toBe('payment-new');
    expect(page('/distribution/finances/payments/:paymentId')?.[1]).toBe('payment');
    expect(page('/distribution/finances/payments/:paymentId/edit')?.[1]).toBe('payment-edit');
    expect(page('/user/finances/payments')).toEqual(['UserFinancesPayments', 'payments', true]);
    expect(page('/user/finances/payments/:paymentId/edit')?.[1]).toBe('payment-edit');
  });

  it('link to a payee’s payments and to paying a statement', () => {
    const pages = paymentPagesFor('/distribution/finances/statements/S1');
    expect(pages.detail('P/1')).toBe('/distribution/finances/payments/P%2F1');
    expect(pages.statement('S1')).toBe('/distribution/finances/statements/S1');
    expect(paymentsOfPath(paymentPagesFor('/user/payees/x'), { id: 'A1', name: 'Zoë & Co' })).toBe(
      '/user/finances/payments?payable_id=A1&payable_name=Zo%C3%AB+%26+Co',
    );
    expect(payStatementPath(pages, 'S1')).toBe('/distribution/finances/payments/new?statement_id=S1');
  });
});

describe('the payment form', () => {
  it('words the server’s figures of the payment, adding nothing up itself, and shows GBP as £', () => {
    const gbp = (value: string) => formatMoney(value, 'GBP');
    const figures = {
      payment_subtotal: '1005.00',
      payment_vat_total: '200.00',
      payment_withholding_total: '300.00',
      // Not 1005 + 200 − 300: the words say the server's total, whatever it is.
      payment_total: '905.01',
      vat: '20',
    };
    expect(payoutWords(figures, gbp)).toBe('Payable £1,005.00 + VAT at 20% £200.00 − tax withheld £300.00 = £905.01');
    // Statements at several VAT rates have no one rate to name.
    expect(payoutWords({ ...figures, vat: '0' }, gbp)).toBe(
      'Payable £1,005.00 + VAT £200.00 − tax withheld £300.00 = £905.01',
    );
    // Nothing said when the total is the payable alone.
    const plain = { ...figures, payment_vat_total: '0.00', payment_withholding_total: '0.00', payment_total: '5.00' };
    expect(payoutWords(plain, gbp)).toBeNull();
    expect(statementOption(statement('1', 'a', '70'), formatMoney)).toEqual({
      value: '1',
      label: 'ST-1 · Payee a',
      description: 'Q1 2026 (Jan 2026 to Mar 2026) · £70.00',
    });
    // A month's statement reads as the month, never its stored "2026-03".
    const march = { ...statement('2', 'a', '5'), accounting_period: '2026-03', start_pay_period: '2026-03' };
    expect(statementOption(march, formatMoney).description).toBe('Mar 2026 · £5.00');
  });

  it('asks for statements of one payee and a total that matches them to the penny', () => {
    const empty = emptyPayment('2026-11-24');
    expect(empty.payment_date).toBe('2026-11-24');
    expect(validatePayment(empty, false)).toEqual({ statement_ids: 'Choose the statements this payment pays' });
    const two = { ...empty, statements: [statement('1', 'a', '1.00'), statement('2', 'b', '2.00')] };
    expect(Object.keys(validatePayment(two, false))).toEqual(['statement_ids']);
    const one = { ...empty, statements: [statement('1', 'a', '10.01')] };
    // The total a typed one must equal is the server's (POST payments/summary), not the picker's figures.
    const server = { payment_total: '10.01', payment_currency: 'GBP' };
    expect(validatePayment({ ...one, payment_total: '10.00' }, false, server).payment_total).toContain('10.01');
    expect(validatePayment({ ...one, payment_total: '10.01' }, false, { ...server, payment_total: '9.99' })).toEqual({
      payment_total: MESSAGES.paymentTotalMismatch('£9.99'),
    });
    // Until the server has answered, the server alone checks the total.
    expect(validatePayment({ ...one, payment_total: '10.00' }, false)).toEqual({});
    expect(validatePayment({ ...one, payment_total: '10.010' }, false).payment_total).toContain('2 decimals');
    // Word for word what the API answers (functions/money/payments): the total in money, the same rules.
    expect(validatePayment({ ...one, payment_total: '10.00' }, false, server).payment_total).toBe(
      MESSAGES.paymentTotalMismatch('£10.01'),
    );
    expect(validatePayment({ ...one, payment_total: '10.010' }, false).payment_total).toBe(
      'Payment total must be an amount with up to 2 decimals',
    );
    expect(validatePayment({ ...one, payment_total: '-10.01' }, false).payment_total).toBe(
      'Payment total must not be negative',
    );
    expect(validatePayment({ ...one, payment_total: ' ' }, false)).toEqual({});
    expect(validatePayment(two, false).statement_ids).toBe(MESSAGES.paymentOneAccount);
    const dollars = { ...statement('3', 'a', '1.00'), currency: 'USD' };
    expect(validatePayment({ ...one, statements: [...one.statements, dollars] }, false).statement_ids).toBe(
      MESSAGES.paymentOneCurrency,
    );
    expect(validatePayment({ ...one, payment_total: '10.01' }, false, server)).toEqual({});
    expect(validatePayment({ ...one, payment_date: '24/11/2026' }, false).payment_date).toBeDefined();
    // Editing: money and statements are fixed, only the date is checked.
    expect(validatePayment({ ...empty, payment_total: 'x' }, true)).toEqual({});
  });

  it('sends blank texts as absent on create and as cleared on edit', () => {
    const values = { ...emptyPayment('2026-11-24'), statements: [statement('1', 'a', '5.00')], payment_method: ' ' };
    expect(toPaymentPayload(values)).toEqual({
      statement_ids: ['1'],
      payment_date: '2026-11-24',
      payment_method: undefined,
      payment_reference: undefined,
      invoice_reference: undefined,
      account_reference: undefined,
      payment_total: undefined,
    });
    expect(toPaymentPatch({ ...values, payment_reference: 'R 🎵' })).toEqual({
      payment_date: '2026-11-24',
      payment_method: null,
      payment_reference: 'R 🎵',
      invoice_reference: null,
      account_reference: null,
    });
  });
});

describe('a payment sent in another currency', () => {
  it('asks the server for the sent figure once the currency and rate read as such, never the statements’ own', () => {
    const values = { ...emptyPayment('2026-11-24'), statements: [statement('1', 'a', '0.10')] };
    expect(summaryRequest({ ...values, statements: [] })).toBeNull();
    expect(summaryRequest(values)).toEqual({ statement_ids: ['1'] });
    expect(summaryRequest({ ...values, sent_currency: ' eur ', exchange_rate: '1.165' })).toEqual({
      statement_ids: ['1'],
      sent_currency: 'EUR',
      exchange_rate: '1.165',
    });
    // Half typed, or the statements' own currency: the summary in the statements' currency alone.
    expect(summaryRequest({ ...values, sent_currency: 'EU', exchange_rate: '1.165' })).toEqual({
      statement_ids: ['1'],
    });
    expect(summaryRequest({ ...values, sent_currency: 'EUR', exchange_rate: 'abc' })).toEqual({ statement_ids: ['1'] });
    expect(summaryRequest({ ...values, sent_currency: 'gbp', exchange_rate: '1' })).toEqual({ statement_ids: ['1'] });
  });

  it('asks for the currency and the rate together, worded as the API words them', () => {
    const values = { ...emptyPayment('2026-11-24'), statements: [statement('1', 'a', '10.00')] };
    expect(validatePayment({ ...values, sent_currency: 'EUR' }, false)).toEqual({
      exchange_rate: 'Exchange rate is required when the money was sent in another currency',
    });
    expect(validatePayment({ ...values, exchange_rate: '1.1' }, false)).toEqual({
      sent_currency: 'Sent currency is required with an exchange rate: the currency the money was sent in',
    });
    expect(validatePayment({ ...values, sent_currency: 'gbp', exchange_rate: '1' }, false).sent_currency).toBe(
      "Sent currency is the statements' own (GBP): leave it and the exchange rate empty",
    );
    expect(validatePayment({ ...values, sent_currency: 'EUR', exchange_rate: '0' }, false)).toEqual({
      exchange_rate: 'Exchange rate must be more than 0',
    });
    expect(validatePayment({ ...values, sent_currency: 'EUR', exchange_rate: '1.1651' }, false)).toEqual({});
    expect(toPaymentPayload({ ...values, sent_currency: ' EUR ', exchange_rate: '1.1651' })).toMatchObject({
      sent_currency: 'EUR',
      exchange_rate: '1.1651',
    });
  });
});
