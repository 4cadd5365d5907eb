import Big from 'big.js';
import { invoiceDue, invoiceLeft, partialCredit, type CreditAmounts } from '../../shared/licence-due.js';
import { formatMoney } from '../../shared/money.js';
import type { LicenseInvoice } from '../../shared/schemas/licensing.js';
import { InvalidField } from '../lib/errors.js';

/**
 * What a partial credit note of `amount` (net) credits on an invoice: its VAT at the invoice's rate by the invoice's
 * own rounding (shared/licence-due.ts). It must leave something of the invoice, or it would be a full credit note by
 * another road (which sends the licence back to signed): the net credited stays below the net still to credit, its
 * VAT within the VAT left (a cent of rounding on many small credits could pass it), and its total below what the
 * licensee still owes (an advance received already took part of the total). On a paid invoice (`paid`) the credit
 * is a refund of part of what was paid, and the same bounds hold on what is still paid (invoiceDue): the refunds
 * never give back more than the licensee paid, and the last of it is given back by a full credit note.
 */
export function reduction(invoice: LicenseInvoice, amount: string, paid = false): CreditAmounts {
  const money = (value: string) => formatMoney(value, invoice.currency);
  const rest = paid
    ? 'to refund all of it, leave the amount empty'
    : 'to cancel the rest of the invoice, leave the amount empty';
  const left = invoiceLeft(invoice);
  if (new Big(amount).gte(left.net))
    throw new InvalidField(
      'amount',
      `Amount must be less than ${money(left.net)}, the net of invoice ${invoice.number} ${paid ? 'still paid' : 'still to credit'}: ${rest}`,
    );
  const credit = partialCredit(amount, invoice.vat_rate);
  if (new Big(credit.vat).gt(left.vat))
    throw new InvalidField(
      'amount',
      `The VAT on this amount (${money(credit.vat)}) is more than the ${money(left.vat)} of VAT left on invoice ${invoice.number}: ${paid ? 'refund' : 'credit'} less, or ${rest}`,
    );
  const due = invoiceDue(invoice);
  if (new Big(credit.total).gte(due))
    throw new InvalidField(
      'amount',
      paid
        ? `With its VAT this refund (${money(credit.total)}) must be less than the ${money(due)} still paid on invoice ${invoice.number}: ${rest}`
        : `With its VAT this credit (${money(credit.total)}) must be less than the ${money(due)} still due on invoice ${invoice.number}: ${rest}`,
    );
  return credit;
}
