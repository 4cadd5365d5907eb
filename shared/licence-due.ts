import type { LicenseInvoice } from './schemas/licensing.js';

/**
 * What a licensee still owes on an invoice: its total, less the advance they paid before it was issued. Every page,
 * file and mail that says what is due reads it here, so the licence page, the hub, the invoice register, the PDF and
 * the reminder never ask for different sums.
 */
export const invoiceDue = (invoice: Pick<LicenseInvoice, 'total' | 'balance_due'>): string =>
  invoice.balance_due ?? invoice.total;

/** Days a licence's invoice gives the licensee to pay when the licence names none. */
export const DEFAULT_INVOICE_DUE_DAYS = 30;
