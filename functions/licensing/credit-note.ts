import Big from 'big.js';
import * as store from '../data/access/licenses.js';
import { invoiceDue } from '../../shared/licence-due.js';
import type { CreditedInvoice, LicenseInvoice, PartialCreditNote } from '../../shared/schemas/licensing.js';
import { formatMoney } from '../../shared/money.js';
import type { Caller } from '../lib/auth-context.js';
import { BadRequest, Conflict, InvalidField } from '../lib/errors.js';
import { invoiceParties } from './invoice-parties.js';
import { dueAfter } from './invoice-pdf.js';
import { reduction } from './partial-credit.js';
import { documentNumber, moveBy, readLicense, today } from './licenses.js';
import { presentLicense } from './present.js';
import { invoicePartRefund, invoiceRefund } from './refund.js';

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
 * The credit note credits what is left of the invoice (all of it unless partial credit notes reduced it first), so it
 * keeps only its number, date, reason and who issued it; the invoice keeps its parties as it printed them (an older
 * invoice without them takes them now, before its licence can be edited).
 *
 * With `amount` the invoice is credited in part instead: an unpaid one is reduced (the licensee pays the rest), a paid
 * one refunded in part (the licensee gets that much back; its net leaves the ledger, refund.ts). Either way the same
 * number, the same kind of write, and the invoice stays issued, or paid.
 */
export async function issueCreditNote(
  tenantId: string,
  caller: Caller,
  id: string,
  {
    reason,
    invoice_number,
    refund_date,
    amount,
    balance_due,
  }: { reason: string; invoice_number?: string; refund_date?: string; amount?: string; balance_due?: string },
) {
  // The invoice's partial credit notes when this request first read it: one added since, for the same amount and
  // reason, is this request's twin (a double click sent at once) that wrote first.
  let seen: string[] | undefined;
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
    if (amount !== undefined) {
      const credits = invoice.partial_credits ?? [];
      seen ??= credits.map((c) => c.number);
      // Or, when the page said what was due when it was clicked, the reduction of that very balance (a replay).
      const twin = credits.find(
        (c) =>
          c.net === amount &&
          c.reason === reason &&
          (!seen?.includes(c.number) ||
            (balance_due !== undefined && new Big(dueAfter(invoice, c)).plus(c.total).eq(balance_due))),
      );
      if (twin) {
        // As for a full refund: a crash after the write but before the lists were marked changed is mended here.
        if (twin.refund) await store.moneyWritten(tenantId);
        return reduced(tenantId, id, invoice, twin);
      }
      const paid = license.status === 'paid';
      if (balance_due !== undefined && !new Big(invoiceDue(invoice)).eq(balance_due))
        throw new Conflict(
          paid
            ? `Invoice ${invoice.number} changed since the page showed it: ${formatMoney(invoiceDue(invoice), invoice.currency)} of what was paid is kept now. Reload it and check before refunding part of it`
            : `Invoice ${invoice.number} changed since the page showed it: ${formatMoney(invoiceDue(invoice), invoice.currency)} is due now. Reload it and check before reducing it`,
        );
      const credited = reduction(invoice, amount, paid);
      const numbered = await store.documentsNumbered(tenantId, 'license_credit_note');
      const number = documentNumber('LC', numbered + 1);
      // A paid invoice's credit note gives its total back: its net leaves the ledger in the same write that numbers
      // it, so a double click or a replay numbers and refunds once, or neither.
      const refunding = paid
        ? await invoicePartRefund(license, caller, credited, { day: refund_date ?? today(), creditNote: number })
        : null;
      const note: PartialCreditNote = {
        number,
        date: today(),
        reason,
        by_name: caller.user.name || caller.user.email,
        ...credited,
        ...(refunding ? { refund: refunding.refund } : {}),
      };
      const money = (value: string) => formatMoney(value, invoice.currency);
      const written = await store.writeNumbered(
        tenantId,
        id,
        license.revision,
        { sequence: 'license_credit_note', value: numbered },
        {
          set: {
            invoice: { ...invoice, billed, partial_credits: [...credits, note] },
            history: [
              ...(license.history ?? []),
              refunding
                ? moveBy(
                    caller,
                    'paid',
                    'paid',
                    `${money(note.total)} of invoice ${invoice.number} refunded on ${refunding.refund.date} by credit note ${note.number}`,
                  )
                : moveBy(
                    caller,
                    'invoiced',
                    'invoiced',
                    `Invoice ${invoice.number} reduced by credit note ${note.number} (${money(note.total)})`,
                  ),
            ],
          },
          lines: refunding?.lines,
        },
      );
      if (written) return reduced(tenantId, id, invoice, note);
      continue;
    }
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

/**
 * The answer to a partial credit note: the licence as it stands, and what the licensee still owes or, when the credit
 * note refunded part of a paid invoice, what of the payment is kept.
 */
async function reduced(tenantId: string, id: string, invoice: LicenseInvoice, note: PartialCreditNote) {
  const license = await presentLicense(tenantId, await readLicense(tenantId, id));
  const money = (value: string) => formatMoney(value, invoice.currency);
  const current = license.invoice?.number === invoice.number ? license.invoice : null;
  if (note.refund)
    return {
      license,
      message: `Credit note ${note.number} issued: ${money(note.total)} of invoice ${invoice.number} refunded${current ? `, ${money(invoiceDue(current))} of what was paid kept` : ''}`,
    };
  const due = current ? `, ${money(invoiceDue(current))} left to pay` : '';
  return {
    license,
    message: `Credit note ${note.number} issued: invoice ${invoice.number} is reduced by ${money(note.total)}${due}`,
  };
}
