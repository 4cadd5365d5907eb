import { invoiceDue, invoiceLeft, invoicePaid } from '../../shared/licence-due.js';
import { formatMoney } from '../../shared/money.js';
import type { LicenseDocumentMail, LicenseInvoiceParties } from '../../shared/schemas/licensing.js';
import { membersOf } from '../data/access/companies.js';
import * as store from '../data/access/licenses.js';
import { getUsers } from '../data/access/users.js';
import type { LicenseItem } from '../data/entities/license.js';
import type { Caller } from '../lib/auth-context.js';
import { InvalidField } from '../lib/errors.js';
import { sendMail } from '../lib/mail.js';
import { invoiceParties } from './invoice-parties.js';
import { dueAfter, type NumberedDocument, refundedBefore, storedDocument } from './invoice-pdf.js';
import { readLicense } from './licenses.js';
import { presentLicense } from './present.js';
import { companyMailSender } from '../data/access/companies.js';

const NOT_MAILABLE =
  "is neither one of the licence's contacts nor a member of the company: add it to the licence's contacts first";

/**
 * The addresses a licence's documents may be mailed to: its contacts' (the licensee's people, as the company entered
 * them) and the company's members'. Any other address would make the product a way to mail anyone.
 */
async function mailableAddresses(license: LicenseItem): Promise<Set<string>> {
  const members = await getUsers((await membersOf(license.tenantId)).map((m) => m.userId));
  const addresses = [...(license.contacts ?? []).map((c) => c.email), ...members.map((u) => u.email)];
  return new Set(addresses.filter((e): e is string => Boolean(e)).map((e) => e.trim().toLowerCase()));
}

/** The mail's subject and words: what is attached, what it is for, and what it asks of the licensee. */
function mailText(document: NumberedDocument, billed: LicenseInvoiceParties): { subject: string; text: string } {
  const licensed = `the licence of ${billed.licensed}${billed.usage ? ` (${billed.usage})` : ''}`;
  if (document.kind === 'partial_credit_note' && document.note.refund) {
    const { invoice, note } = document;
    const money = (value: string) => formatMoney(value, invoice.currency);
    const refund = document.note.refund;
    return {
      subject: `Credit note ${note.number} from ${billed.licensor_name}`,
      text: [
        `Dear ${billed.licensee_name},`,
        '',
        `Please find attached credit note ${note.number}, which refunds ${money(note.total)} of invoice ${invoice.number} of ${invoice.date} for ${licensed} (net ${money(note.net)}, VAT ${money(note.vat)}).`,
        `Reason: ${note.reason}`,
        `Of the ${money(invoicePaid(invoice))} you paid on ${refund.paid_on}, ${money(note.total)} was refunded on ${refund.date}; ${money(dueAfter(invoice, note))} stays paid.`,
        '',
        billed.licensor_name,
      ].join('\n'),
    };
  }
  if (document.kind === 'partial_credit_note') {
    const { invoice, note } = document;
    const money = (value: string) => formatMoney(value, invoice.currency);
    return {
      subject: `Credit note ${note.number} from ${billed.licensor_name}`,
      text: [
        `Dear ${billed.licensee_name},`,
        '',
        `Please find attached credit note ${note.number}, which reduces invoice ${invoice.number} of ${invoice.date} for ${licensed} by ${money(note.total)} (net ${money(note.net)}, VAT ${money(note.vat)}).`,
        `Reason: ${note.reason}`,
        `The balance due on invoice ${invoice.number} is now ${money(dueAfter(invoice, note))}, by ${invoice.due_date}.`,
        '',
        billed.licensor_name,
      ].join('\n'),
    };
  }
  if (document.kind === 'credit_note') {
    const { invoice, credit_note } = document.credited;
    // After partial credit notes, the credit note cancels what they left of the invoice.
    const cancels = invoice.partial_credits?.length
      ? `cancels the rest of invoice ${invoice.number} of ${invoice.date} for ${licensed} (${formatMoney(invoiceLeft(invoice).total, invoice.currency)})`
      : `cancels invoice ${invoice.number} of ${invoice.date} for ${licensed} in full (${formatMoney(invoice.total, invoice.currency)})`;
    return {
      subject: `Credit note ${credit_note.number} from ${billed.licensor_name}`,
      text: [
        `Dear ${billed.licensee_name},`,
        '',
        `Please find attached credit note ${credit_note.number}, which ${cancels}.`,
        `Reason: ${credit_note.reason}`,
        ...(credit_note.refund
          ? [
              refundedBefore(invoice)
                ? `The rest of what you paid on ${credit_note.refund.paid_on}, ${formatMoney(credit_note.refund.amount, invoice.currency)}, was refunded on ${credit_note.refund.date}.`
                : `The ${formatMoney(credit_note.refund.amount, invoice.currency)} you paid on ${credit_note.refund.paid_on} was refunded on ${credit_note.refund.date}.`,
            ]
          : []),
        '',
        billed.licensor_name,
      ].join('\n'),
    };
  }
  const { invoice } = document;
  const due = formatMoney(invoiceDue(invoice), invoice.currency);
  return {
    subject: `Invoice ${invoice.number} from ${billed.licensor_name}`,
    text: [
      `Dear ${billed.licensee_name},`,
      '',
      `Please find attached invoice ${invoice.number} for ${licensed}.`,
      `${invoice.balance_due || invoice.partial_credits?.length ? 'Balance due' : 'Total due'}: ${due} by ${invoice.due_date}.`,
      '',
      billed.licensor_name,
    ].join('\n'),
  };
}

/**
 * POST /licenses/{id}/mail: mails one of the licence's invoices or credit notes, its PDF attached (the stored one,
 * the same bytes as a download), one mail per address, then notes the mailing on the licence. Every address must be
 * one of the licence's contacts or a member of the company, checked before anything is sent.
 */
export async function mailLicenceDocument(tenantId: string, caller: Caller, id: string, input: LicenseDocumentMail) {
  const license = await readLicense(tenantId, id);
  const allowed = await mailableAddresses(license);
  const others = input.to.filter((e) => !allowed.has(e.toLowerCase()));
  if (others.length) throw new InvalidField('to', `${others.join(', ')} ${NOT_MAILABLE}`);
  const { document, filename, pdf } = await storedDocument(license, input.number, { bytes: true });
  if (!pdf) throw new Error(`The PDF of ${input.number} was stored but cannot be read`);
  const invoice = document.kind === 'credit_note' ? document.credited.invoice : document.invoice;
  const billed = invoice.billed ?? invoiceParties(license, await store.licensorTerms(tenantId));
  const { subject, text } = mailText(document, billed);
  const attachment = { filename, contentType: 'application/pdf', content: pdf };
  const to = [...new Set(input.to.map((e) => e.toLowerCase()))];
  const sender = { ...(await companyMailSender(tenantId)), name: billed.licensor_name };
  for (const address of to) await sendMail({ to: address, sender, subject, text, attachments: [attachment] });
  const mailed = {
    number: input.number,
    to,
    at: new Date().toISOString(),
    by_name: caller.user.name || caller.user.email,
  };
  // Noted after the mails went: a licence edited meanwhile is read again, so the note is never lost to a race.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const current = attempt === 0 ? license : await readLicense(tenantId, id);
    const noted = [...(current.documents_mailed ?? []), mailed];
    if (await store.patchLicense(tenantId, id, current.revision, { documents_mailed: noted })) break;
  }
  return {
    license: await presentLicense(tenantId, await readLicense(tenantId, id)),
    message: `${input.number} sent to ${to.join(', ')}`,
  };
}
