import * as store from '../data/access/licenses.js';
import type { CreditedInvoice } from '../../shared/schemas/licensing.js';
import { formatMoney } from '../../shared/money.js';
import type { Caller } from '../lib/auth-context.js';
import { BadRequest, Conflict, InvalidField } from '../lib/errors.js';
import { invoiceParties } from './invoice-parties.js';
import { documentNumber, moveBy, readLicense, today } from './licenses.js';
import { presentLicense } from './present.js';
import { invoiceRefund } from './refund.js';

/** How often numbering is tried again when another credit note of the company took the number first. */
const ATTEMPTS = 8;

/**
 * Cancels a licence invoice in full with a credit note, the way an issued invoice is corrected: the invoice itself
 * never changes. In one conditional write (on the licence's revision and the company's credit-note sequence) the
 * credit note takes the next number, the invoice and its credit note move to the licence's credited invoices, and
 * the licence goes back to signed, so its details can be corrected and a new invoice (a new number) issued.
 *
 * A paid invoice is refunded by its credit note: the same write records the refund (on `refund_date`, today unless
 * given) and reverses the payment's ledger lines in the refund's pay period (refund.ts), so the payment is taken back
 * once, with the credit note that says so, or not at all.
 *
 * The credit note credits exactly what the invoice billed, so it keeps only its number, date, reason and who issued it;
 * the invoice keeps its parties as it printed them (an older invoice without them takes them now, before its licence
 * can be edited).
 */
export async function issueCreditNote(
  tenantId: string,
  caller: Caller,
  id: string,
  { reason, invoice_number, refund_date }: { reason: string; invoice_number?: string; refund_date?: string },
) {
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const license = await readLicense(tenantId, id);
    // The invoice named is credited already (a second click, a replayed request): answer its credit note.
    const done = license.credited_invoices?.find((c) => c.invoice.number === invoice_number);
    if (done) {
      // A crash after the refund's write but before the lists were marked changed is mended by the replay.
      if (done.credit_note.refund) await store.moneyWritten(tenantId);
      return credited(tenantId, id, done);
    }
    if (license.status !== 'invoiced' && license.status !== 'paid')
      throw new BadRequest('Only an issued invoice can be credited');
    const invoice = license.invoice;
    if (!invoice) throw new Conflict('This licence has no invoice to credit');
    if (invoice_number && invoice.number !== invoice_number)
      throw new InvalidField('invoice_number', `Invoice ${invoice_number} is not this licence's invoice`);
    if (refund_date && license.status !== 'paid')
      throw new InvalidField('refund_date', 'Only a paid invoice is refunded: leave the refund date empty');
    const billed = invoice.billed ?? invoiceParties(license, await store.licensorTerms(tenantId));
    const numbered = await store.documentsNumbered(tenantId, 'license_credit_note');
    const number = documentNumber('LC', numbered + 1);
    const paid =
      license.status === 'paid'
        ? await invoiceRefund(license, invoice, caller, { day: refund_date ?? today(), creditNote: number })
        : null;
    const credit: CreditedInvoice = {
      invoice: { ...invoice, billed },
      credit_note: {
        number,
        date: today(),
        reason,
        by_name: caller.user.name || caller.user.email,
        ...(paid ? { refund: paid.refund } : {}),
      },
    };
    const note = paid
      ? `Invoice ${invoice.number} cancelled by credit note ${number}; the payment of ${refunded(credit)} refunded on ${paid.refund.date}`
      : `Invoice ${invoice.number} cancelled by credit note ${number}`;
    const written = await store.writeNumbered(
      tenantId,
      id,
      license.revision,
      { sequence: 'license_credit_note', value: numbered },
      {
        set: {
          credited_invoices: [...(license.credited_invoices ?? []), credit],
          status: 'signed',
          history: [...(license.history ?? []), moveBy(caller, license.status, 'signed', note)],
        },
        // The payment is undone with the invoice: the licence is signed again, and its next invoice is paid anew.
        remove: paid ? ['invoice', 'payment_date', 'pay_period', 'royalty_ids'] : ['invoice'],
        lines: paid?.lines,
      },
    );
    if (written) return credited(tenantId, id, credit);
  }
  throw new Conflict('Credit notes are being numbered: try again in a moment');
}

/** What a credit note refunded, as money in the invoice's currency. */
const refunded = ({ invoice, credit_note }: CreditedInvoice) =>
  formatMoney(credit_note.refund?.amount ?? '0', invoice.currency);

async function credited(tenantId: string, id: string, credit: CreditedInvoice) {
  const { invoice, credit_note } = credit;
  return {
    license: await presentLicense(tenantId, await readLicense(tenantId, id)),
    message: credit_note.refund
      ? `Credit note ${credit_note.number} issued: invoice ${invoice.number} is cancelled and ${refunded(credit)} refunded`
      : `Credit note ${credit_note.number} issued: invoice ${invoice.number} is cancelled`,
  };
}
