import { describe, expect, it } from 'vitest';
import { dueAfter } from '../../functions/licensing/invoice-pdf.js';
import { reduction } from '../../functions/licensing/partial-credit.js';
import { paymentPart } from '../../functions/licensing/payment.js';
import { licenceVat } from '../../functions/licensing/vat.js';
import {
  invoiceDue,
  invoiceLeft,
  invoicePaid,
  invoiceRefunded,
  partialCredit,
  vatAtRate,
} from '../../shared/licence-due.js';
import type { LicenseInvoice, PartialCreditNote } from '../../shared/schemas/licensing.js';

const invoice = (extra: Partial<LicenseInvoice> = {}): LicenseInvoice => ({
  number: 'LI-000001',
  date: '2026-05-01',
  due_date: '2026-05-31',
  currency: 'GBP',
  net: '100.00',
  vat_rate: '20',
  vat: '20.00',
  total: '120.00',
  vat_note: 'VAT at 20%',
  ...extra,
});
const note = (number: string, net: string, rate = '20'): PartialCreditNote => ({
  number,
  date: '2026-05-02',
  reason: 'Fee lowered',
  by_name: 'Sam',
  ...partialCredit(net, rate),
});
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return (error as Error).message;
  }
  return null;
};

describe('the VAT of a partial credit note', () => {
  it('is the invoice’s rate on the credited net, rounded half-up to the cent once, as the invoice’s own', () => {
    expect(vatAtRate('10.03', '20')).toBe('2.01');
    expect(vatAtRate('10.02', '20')).toBe('2.00');
    expect(vatAtRate('0.02', '25.5')).toBe('0.01');
    expect(vatAtRate('50.00', '0')).toBe('0.00');
    // The invoice's VAT comes from the same function.
    for (const net of ['0.03', '10.03', '999.99', '33.33'])
      expect(licenceVat(net, { vatRegistered: true, companyCountry: 'GB' }).vat).toBe(vatAtRate(net, '20'));
    expect(partialCredit('33.33', '20')).toEqual({ net: '33.33', vat: '6.67', total: '40.00' });
    expect(partialCredit('5', '0')).toEqual({ net: '5.00', vat: '0.00', total: '5.00' });
  });
});

describe('what is left of an invoice and what is still owed', () => {
  it('takes each partial credit note off, so a full credit note of the rest makes the invoice exactly', () => {
    const reduced = invoice({ partial_credits: [note('LC-000001', '33.33'), note('LC-000002', '33.33')] });
    expect(invoiceLeft(reduced)).toEqual({ net: '33.34', vat: '6.66', total: '40.00' });
    expect(invoiceLeft(invoice())).toEqual({ net: '100.00', vat: '20.00', total: '120.00' });
    expect(invoiceDue(reduced)).toBe('40.00');
    expect(invoiceDue(invoice())).toBe('120.00');
  });

  it('deducts the advance received too, and says what was due after each credit note as it was then', () => {
    const first = note('LC-000004', '10.03');
    const second = note('LC-000009', '5.00');
    const reduced = invoice({ balance_due: '90.00', advance_received: '30.00', partial_credits: [first, second] });
    expect(invoiceDue(reduced)).toBe('71.96');
    expect(dueAfter(reduced, first)).toBe('77.96');
    expect(dueAfter(reduced, second)).toBe('71.96');
  });

  it('pays the net the invoice still bills, less the advance', () => {
    const reduced = invoice({ partial_credits: [note('LC-000001', '10.03')] });
    expect(paymentPart({ fee: '100.00', invoice: reduced })).toEqual({ amount: '89.97', words: 'Licence fee' });
    expect(
      paymentPart({ fee: '100.00', advance_fee: '30.00', advance_pay_period: '2026-04', invoice: reduced }).amount,
    ).toBe('59.97');
    expect(paymentPart({ fee: '100.00' }).amount).toBe('100.00');
  });
});

describe('the amount a partial credit note may take', () => {
  it('must leave some of the net, of the VAT and of what is owed', () => {
    const reduced = invoice({ partial_credits: [note('LC-000001', '60.00')] });
    expect(reduction(reduced, '39.99')).toEqual({ net: '39.99', vat: '8.00', total: '47.99' });
    for (const amount of ['40.00', '40.01'])
      expect(refusal(() => reduction(reduced, amount))).toBe(
        'Amount must be less than £40.00, the net of invoice LI-000001 still to credit: to cancel the rest of the invoice, leave the amount empty',
      );
    // An advance already took part of the total: a credit may not reach what is left to pay.
    const advanced = invoice({ advance_received: '100.00', balance_due: '20.00' });
    expect(refusal(() => reduction(advanced, '20.00'))).toBe(
      'With its VAT this credit (£24.00) must be less than the £20.00 still due on invoice LI-000001: to cancel the rest of the invoice, leave the amount empty',
    );
    expect(reduction(advanced, '16.66').total).toBe('19.99');
    // Cents rounded up on many small credits may not credit more VAT than the invoice charged.
    const small = invoice({
      net: '0.20',
      vat: '0.04',
      total: '0.24',
      partial_credits: ['1', '2', '3', '4'].map((n) => note(`LC-00000${n}`, '0.03')),
    });
    expect(refusal(() => reduction(small, '0.03'))).toBe(
      'The VAT on this amount (£0.01) is more than the £0.00 of VAT left on invoice LI-000001: credit less, or to cancel the rest of the invoice, leave the amount empty',
    );
    expect(reduction(small, '0.02')).toEqual({ net: '0.02', vat: '0.00', total: '0.02' });
  });
});

describe('what partial refunds of a paid invoice gave back', () => {
  const refunded = (number: string, net: string): PartialCreditNote => {
    const credit = note(number, net);
    return {
      ...credit,
      refund: { date: '2026-05-20', paid_on: '2026-05-10', amount: credit.total, royalty_ids: [], reverses: [] },
    };
  };

  it('sums only the credit notes that refunded, and what was paid less them is what stays paid', () => {
    // Lowered by 10.03 before the payment, then 33.33 and 5.00 refunded.
    const paid = invoice({
      partial_credits: [note('LC-000001', '10.03'), refunded('LC-000002', '33.33'), refunded('LC-000003', '5.00')],
    });
    expect(invoiceRefunded(paid)).toEqual({ net: '38.33', vat: '7.67', total: '46.00' });
    expect(invoicePaid(paid)).toBe('107.96');
    expect(invoiceDue(paid)).toBe('61.96');
    // A full credit note then credits the rest: with every credit note, the invoice to the cent.
    expect(invoiceLeft(paid)).toEqual({ net: '51.64', vat: '10.32', total: '61.96' });
    expect(invoiceRefunded(invoice())).toEqual({ net: '0.00', vat: '0.00', total: '0.00' });
    expect(invoicePaid(invoice({ balance_due: '90.00', advance_received: '30.00' }))).toBe('90.00');
  });

  it('bounds a refund by what is still paid, naming what to do for all of it', () => {
    const paid = invoice({ partial_credits: [refunded('LC-000001', '60.00')] });
    expect(reduction(paid, '39.99', true)).toEqual({ net: '39.99', vat: '8.00', total: '47.99' });
    for (const amount of ['40.00', '40.01'])
      expect(refusal(() => reduction(paid, amount, true))).toBe(
        'Amount must be less than £40.00, the net of invoice LI-000001 still paid: to refund all of it, leave the amount empty',
      );
    const advanced = invoice({ advance_received: '100.00', balance_due: '20.00' });
    expect(refusal(() => reduction(advanced, '20.00', true))).toBe(
      'With its VAT this refund (£24.00) must be less than the £20.00 still paid on invoice LI-000001: to refund all of it, leave the amount empty',
    );
  });
});
