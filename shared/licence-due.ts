import Big from 'big.js';
import type { LicenseInvoice } from './schemas/licensing.js';

/**
 * VAT on a licence's net at the invoice's rate: net × rate, rounded half-up to the cent, once. An invoice's VAT and a
 * partial credit note's VAT both come from here, so a credit is taxed exactly as the invoice it reduces (and the page
 * shows the same VAT before the credit note is issued).
 */
export const vatAtRate = (net: string, rate: string): string =>
  new Big(net).times(rate).div(100).round(2, Big.roundHalfUp).toFixed(2);

/** Net, VAT and total of a document, as 2-decimal strings. */
export type CreditAmounts = { net: string; vat: string; total: string };

/** What a partial credit note of `net` credits on an invoice taxed at `rate`: its VAT by the invoice's rule. */
export function partialCredit(net: string, rate: string): CreditAmounts {
  const amount = new Big(net).toFixed(2);
  const vat = vatAtRate(amount, rate);
  return { net: amount, vat, total: new Big(amount).plus(vat).toFixed(2) };
}

type Reducible = Pick<LicenseInvoice, 'net' | 'vat' | 'total' | 'balance_due' | 'partial_credits'>;

/**
 * What is left of an invoice once its partial credit notes are taken off: the invoice less each one's net, VAT and
 * total. A full credit note after partial ones credits exactly this, so all the credit notes of an invoice add up to
 * the invoice, to the cent.
 */
export function invoiceLeft(invoice: Reducible): CreditAmounts {
  const less = (field: keyof CreditAmounts) =>
    (invoice.partial_credits ?? [])
      .reduce((left, credit) => left.minus(credit[field]), new Big(invoice[field]))
      .toFixed(2);
  return { net: less('net'), vat: less('vat'), total: less('total') };
}

/**
 * What a licensee still owes on an invoice: its total, less the advance they paid before it was issued, less what its
 * partial credit notes took off. Every page, file, mail and money move that says or takes what is due reads it here
 * (the licence page, the hub, the invoice register, the credit note's PDF, the refund), so none asks a different sum.
 *
 * Once the invoice is paid the same sum is what stays paid: what the licensee paid, less the parts refunded since
 * (invoicePaid, invoiceRefunded). It is what a full credit note of a paid invoice then refunds, so the partial refunds
 * and the last one give back exactly what was paid.
 */
export const invoiceDue = (invoice: Reducible): string =>
  (invoice.partial_credits ?? [])
    .reduce((due, credit) => due.minus(credit.total), new Big(invoice.balance_due ?? invoice.total))
    .toFixed(2);

/** Sums of the net, VAT and total of some credit notes. */
const summed = (credits: readonly CreditAmounts[]): CreditAmounts => {
  const sum = (field: keyof CreditAmounts) =>
    credits.reduce((total, credit) => total.plus(credit[field]), new Big(0)).toFixed(2);
  return { net: sum('net'), vat: sum('vat'), total: sum('total') };
};

/**
 * What the partial credit notes of a paid invoice gave back (those that carry a refund): their net, which left the
 * ledger as licensing income taken back, their VAT and their total, the money returned to the licensee. The licence
 * page, the register, the credit note's PDF and mail, and the refund's own lines all read the refunded part here.
 */
export const invoiceRefunded = (invoice: Pick<LicenseInvoice, 'partial_credits'>): CreditAmounts =>
  summed((invoice.partial_credits ?? []).filter((credit) => credit.refund));

/**
 * What the licensee paid against an invoice when it was paid: its balance less the credit notes that reduced it
 * before (those without a refund). Less invoiceRefunded's total, it is what stays paid (invoiceDue).
 */
export const invoicePaid = (invoice: Reducible): string =>
  new Big(invoiceDue(invoice)).plus(invoiceRefunded(invoice).total).toFixed(2);

/** Days a licence's invoice gives the licensee to pay when the licence names none. */
export const DEFAULT_INVOICE_DUE_DAYS = 30;
