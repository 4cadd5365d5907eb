import * as store from '../data/access/licenses.js';
import type { CreditedInvoice } from '../../shared/schemas/licensing.js';
import type { Caller } from '../lib/auth-context.js';
import { Conflict, InvalidField } from '../lib/errors.js';
import { invoiceParties } from './invoice-parties.js';
import { documentNumber, moveBy, readLicense, requireStatus, today } from './licenses.js';
import { presentLicense } from './present.js';

/** How often numbering is tried again when another credit note of the company took the number first. */
const ATTEMPTS = 8;

/**
 * Cancels an unpaid licence invoice in full with a credit note, the way an issued invoice is corrected: the invoice
 * itself never changes. In one conditional write (on the licence's revision and the company's credit-note sequence)
 * the credit note takes the next number, the invoice and its credit note move to the licence's credited invoices, and
 * the licence goes back to signed, so its details can be corrected and a new invoice (a new number) issued.
 *
 * The credit note credits exactly what the invoice billed, so it keeps only its number, date, reason and who issued it;
 * the invoice keeps its parties as it printed them (an older invoice without them takes them now, before its licence
 * can be edited). A paid invoice is not credited: its money is in the ledger already.
 */
export async function issueCreditNote(
  tenantId: string,
  caller: Caller,
  id: string,
  { reason, invoice_number }: { reason: string; invoice_number?: string },
) {
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const license = await readLicense(tenantId, id);
    // The invoice named is credited already (a second click, a replayed request): answer its credit note.
    const done = license.credited_invoices?.find((c) => c.invoice.number === invoice_number);
    if (done) return credited(tenantId, id, done);
    requireStatus(license, 'invoiced', 'Only an issued invoice that is not paid can be credited');
    const invoice = license.invoice;
    if (!invoice) throw new Conflict('This licence has no invoice to credit');
    if (invoice_number && invoice.number !== invoice_number)
      throw new InvalidField('invoice_number', `Invoice ${invoice_number} is not this licence's invoice`);
    const billed = invoice.billed ?? invoiceParties(license, await store.licensorTerms(tenantId));
    const numbered = await store.documentsNumbered(tenantId, 'license_credit_note');
    const number = documentNumber('LC', numbered + 1);
    const credit: CreditedInvoice = {
      invoice: { ...invoice, billed },
      credit_note: {
        number,
        date: today(),
        reason,
        by_name: caller.user.name || caller.user.email,
      },
    };
    const written = await store.writeNumbered(
      tenantId,
      id,
      license.revision,
      { sequence: 'license_credit_note', value: numbered },
      {
        credited_invoices: [...(license.credited_invoices ?? []), credit],
        status: 'signed',
        history: [
          ...(license.history ?? []),
          moveBy(caller, 'invoiced', 'signed', `Invoice ${invoice.number} cancelled by credit note ${number}`),
        ],
      },
      ['invoice'],
    );
    if (written) return credited(tenantId, id, credit);
  }
  throw new Conflict('Credit notes are being numbered: try again in a moment');
}

async function credited(tenantId: string, id: string, credit: CreditedInvoice) {
  return {
    license: await presentLicense(tenantId, await readLicense(tenantId, id)),
    message: `Credit note ${credit.credit_note.number} issued: invoice ${credit.invoice.number} is cancelled`,
  };
}
