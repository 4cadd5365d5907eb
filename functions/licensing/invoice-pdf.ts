import { invoiceDue, invoiceLeft, invoiceRefunded } from '../../shared/licence-due.js';
import Big from 'big.js';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { ENV } from '../../infra/resources.js';
import { formatMoney } from '../../shared/money.js';
import { renderContractPdf } from '../contracts/document.js';
import * as store from '../data/access/licenses.js';
import type {
  CreditedInvoice,
  LicenseInvoice,
  LicenseInvoiceParties,
  PartialCreditNote,
} from '../../shared/schemas/licensing.js';
import type { LicenseItem } from '../data/entities/license.js';
import { getBytes, objectExists, putBytes } from '../lib/bucket-objects.js';
import { requireEnv, s3Client } from '../lib/clients.js';
import { contentDisposition } from '../lib/download-name.js';
import { BadRequest, NotFound } from '../lib/errors.js';
import { required } from '../lib/required.js';
import { invoiceParties, type Licensor } from './invoice-parties.js';
import { readLicense } from './licenses.js';
import { formatPercent } from '../../shared/format.js';
import { territoryName, territoryWords } from '../../shared/territories.js';

/** How long a download link lives. */
const LINK_SECONDS = 300;

/** Lines of a paragraph, the empty ones left out. */
const paragraph = (...lines: string[]) => lines.filter(Boolean).join('\n');

/** Who bills (or credits) whom, and what was licensed: what an invoice and its credit note both print. */
function partiesAndLicence(billed: LicenseInvoiceParties) {
  return {
    from: paragraph(
      `From: ${billed.licensor_name}`,
      billed.licensor_address ?? '',
      billed.licensor_vat_number ? `VAT number ${billed.licensor_vat_number}` : '',
    ),
    to: paragraph(
      `To: ${billed.licensee_name}`,
      billed.licensee_address ?? '',
      // An address names its country; the country and the territory are named as the licence's page names them.
      billed.licensee_country ? territoryName(billed.licensee_country) : '',
      // Invoices issued before the licensee's VAT number was kept have none: the line is left out.
      billed.licensee_vat_number ? `VAT number ${billed.licensee_vat_number}` : '',
    ),
    licensed: paragraph(
      `Licence of: ${billed.licensed}`,
      billed.usage ? `Usage: ${billed.usage}` : '',
      billed.territory ? `Territory: ${territoryWords(billed.territory)}` : '',
      billed.term ? `Term: ${billed.term}` : '',
    ),
  };
}

/** The invoice's words: who bills whom, for what, and the money with its VAT rule. */
function invoiceText(invoice: LicenseInvoice, billed: LicenseInvoiceParties): string {
  const money = (value: string) => formatMoney(value, invoice.currency);
  const { from, to, licensed } = partiesAndLicence(billed);
  return [
    from,
    to,
    `Invoice date: ${invoice.date}\nPayment due: ${invoice.due_date}`,
    licensed,
    paragraph(
      `Licence fee (net): ${money(invoice.net)}`,
      `VAT at ${formatPercent(invoice.vat_rate)}: ${money(invoice.vat)}`,
      invoice.advance_received
        ? // As issued: credit notes issued later are documents of their own and never change this one.
          `Total: ${money(invoice.total)}\nLess the advance received: ${money(invoice.advance_received)}\nBalance due: ${money(invoiceDue({ ...invoice, partial_credits: [] }))}`
        : `Total due: ${money(invoice.total)}`,
    ),
    invoice.vat_note,
  ].join('\n\n');
}

/**
 * A credit note's words: who credits whom, which invoice and why, and the amounts it credits: the invoice's, or what
 * was left of it when partial credit notes had reduced it first.
 */
function creditNoteText({ invoice, credit_note }: CreditedInvoice, billed: LicenseInvoiceParties): string {
  const money = (value: string) => formatMoney(value, invoice.currency);
  const { from, to, licensed } = partiesAndLicence(billed);
  const earlier = (invoice.partial_credits ?? []).map((c) => c.number);
  const left = invoiceLeft(invoice);
  return [
    from,
    to,
    earlier.length
      ? `Credit note date: ${credit_note.date}\nCredits the rest of invoice ${invoice.number} of ${invoice.date}, after credit notes ${earlier.join(', ')}`
      : `Credit note date: ${credit_note.date}\nCredits invoice ${invoice.number} of ${invoice.date} in full`,
    `Reason: ${credit_note.reason}`,
    licensed,
    paragraph(
      `Licence fee (net) credited: ${money(left.net)}`,
      `VAT at ${formatPercent(invoice.vat_rate)} credited: ${money(left.vat)}`,
      `Total credited: ${money(left.total)}`,
    ),
    credit_note.refund
      ? `Paid on ${credit_note.refund.paid_on}: ${money(credit_note.refund.amount)}${refundedBefore(invoice) ? ', the rest of what was paid,' : ''} refunded on ${credit_note.refund.date}.`
      : '',
    invoice.advance_received
      ? `The advance received (${money(invoice.advance_received)}) stays received: the invoice that replaces this one deducts it.`
      : '',
  ]
    .filter(Boolean)
    .join('\n\n');
}

/**
 * What an invoice's balance due was once its partial credit note `note` was issued: what it says, whatever came
 * after (a later credit note is a document of its own and changes nothing printed before it).
 */
export function dueAfter(invoice: LicenseInvoice, note: PartialCreditNote): string {
  const credits = invoice.partial_credits ?? [];
  return invoiceDue({
    ...invoice,
    partial_credits: credits.slice(0, credits.findIndex((c) => c.number === note.number) + 1),
  });
}

/** Whether partial credit notes refunded part of a paid invoice before it was credited in full. */
export const refundedBefore = (invoice: LicenseInvoice) => !new Big(invoiceRefunded(invoice).total).eq(0);

/**
 * A partial credit note's words: which invoice it reduces, by how much and why, and what is then left to pay; or, on
 * a paid invoice, what it refunded and when, and what of the payment is then kept.
 */
function partialCreditText(invoice: LicenseInvoice, note: PartialCreditNote, billed: LicenseInvoiceParties): string {
  const money = (value: string) => formatMoney(value, invoice.currency);
  const { from, to, licensed } = partiesAndLicence(billed);
  return [
    from,
    to,
    note.refund
      ? `Credit note date: ${note.date}\nCredit note ${note.number} refunds ${money(note.total)} of invoice ${invoice.number} of ${invoice.date}`
      : `Credit note date: ${note.date}\nCredit note ${note.number} reduces invoice ${invoice.number} of ${invoice.date} by ${money(note.total)}`,
    `Reason: ${note.reason}`,
    licensed,
    paragraph(
      `Licence fee (net) credited: ${money(note.net)}`,
      `VAT at ${formatPercent(invoice.vat_rate)} credited: ${money(note.vat)}`,
      `Total credited: ${money(note.total)}`,
    ),
    note.refund
      ? `Paid on ${note.refund.paid_on}: ${money(note.total)} refunded on ${note.refund.date}.\nInvoice ${invoice.number} still paid after this credit note: ${money(dueAfter(invoice, note))}`
      : `Invoice ${invoice.number} balance due after this credit note: ${money(dueAfter(invoice, note))} by ${invoice.due_date}`,
  ].join('\n\n');
}

/**
 * One of a licence's documents by number: its invoice, an invoice it had before (credited), a credit note that
 * cancelled one, or a partial credit note that reduced one.
 */
export type NumberedDocument =
  | { kind: 'invoice'; invoice: LicenseInvoice }
  | { kind: 'credit_note'; credited: CreditedInvoice & { invoice: { billed: LicenseInvoiceParties } } }
  | {
      kind: 'partial_credit_note';
      invoice: LicenseInvoice & { billed: LicenseInvoiceParties };
      note: PartialCreditNote;
    };

/**
 * A document as a PDF, from the document alone (its parties as they were when it was numbered) and dated the day it
 * was issued, so every making of it is the same file, byte for byte: two first downloads at once may both store it,
 * and store the same bytes. Invoices issued before their parties were kept print today's.
 */
export async function invoicePdf(
  license: LicenseItem,
  licensorToday: () => Promise<Licensor>,
  document: NumberedDocument = { kind: 'invoice', invoice: required(license.invoice, 'the licence invoice') },
): Promise<Uint8Array> {
  if (document.kind === 'partial_credit_note') {
    const { invoice, note } = document;
    return renderContractPdf(`Credit note ${note.number}`, partialCreditText(invoice, note, invoice.billed), {
      subject: 'Credit note',
      createdAt: new Date(`${note.date}T00:00:00Z`),
    });
  }
  if (document.kind === 'credit_note') {
    const { credited } = document;
    return renderContractPdf(
      `Credit note ${credited.credit_note.number}`,
      creditNoteText(credited, credited.invoice.billed),
      { subject: 'Credit note', createdAt: new Date(`${credited.credit_note.date}T00:00:00Z`) },
    );
  }
  const { invoice } = document;
  const billed = invoice.billed ?? invoiceParties(license, await licensorToday());
  return renderContractPdf(`Invoice ${invoice.number}`, invoiceText(invoice, billed), {
    subject: 'Invoice',
    createdAt: new Date(`${invoice.date}T00:00:00Z`),
  });
}

/** A partial credit note of `invoice` numbered `number`, if it has one (partial credits keep the invoice's parties). */
function partialNumbered(invoice: LicenseInvoice, number: string): NumberedDocument | null {
  const note = invoice.partial_credits?.find((c) => c.number === number);
  if (!note) return null;
  return {
    kind: 'partial_credit_note',
    invoice: { ...invoice, billed: required(invoice.billed, 'the reduced invoice parties') },
    note,
  };
}

/** The licence's document numbered `number`, or why there is none. */
function documentNumbered(license: LicenseItem, number: string): NumberedDocument {
  if (license.invoice?.number === number) return { kind: 'invoice', invoice: license.invoice };
  const reducing = [license.invoice, ...(license.credited_invoices ?? []).map((c) => c.invoice)]
    .map((invoice) => (invoice ? partialNumbered(invoice, number) : null))
    .find(Boolean);
  if (reducing) return reducing;
  for (const credited of license.credited_invoices ?? []) {
    // Crediting keeps the invoice's parties on it (credit-note.ts), so both documents print from them.
    const billed = required(credited.invoice.billed, 'the credited invoice parties');
    if (credited.invoice.number === number) return { kind: 'invoice', invoice: credited.invoice };
    if (credited.credit_note.number === number)
      return { kind: 'credit_note', credited: { ...credited, invoice: { ...credited.invoice, billed } } };
  }
  throw NotFound.saying(`${number.startsWith('LC-') ? 'Credit note' : 'Invoice'} ${number} is not on this licence`);
}

/**
 * One of a licence's documents (numbered `number`) with its PDF in the ledger bucket. None changes once numbered, so
 * its PDF is made the first time it is needed (with the contracts' document renderer and the statements' fonts) and
 * kept under `licenses/{company}/{licence}/{number}.pdf`; later calls find the same file. With `bytes` the PDF's
 * bytes come back too, read in the same request that finds it (a link needs only to know it is there: a HEAD).
 */
export async function storedDocument(license: LicenseItem, number: string, { bytes = false } = {}) {
  const document = documentNumbered(license, number);
  const bucket = requireEnv(ENV.ledgerBucket);
  const filename = `${number}.pdf`;
  const key = `licenses/${license.tenantId}/${license.id}/${filename}`;
  const kept = bytes ? await getBytes(bucket, key) : await objectExists(bucket, key);
  if (kept) return { document, bucket, key, filename, pdf: kept === true ? null : kept };
  const pdf = await invoicePdf(license, () => store.licensorTerms(license.tenantId), document);
  await putBytes(bucket, key, pdf, 'application/pdf');
  return { document, bucket, key, filename, pdf };
}

/**
 * A link to one of a licence's documents: its invoice (the one it has when no number is given), an invoice a credit
 * note cancelled, or that credit note (storedDocument).
 */
export async function invoicePdfLink(
  tenantId: string,
  id: string,
  number?: string,
): Promise<{ url: string; filename: string }> {
  const license = await readLicense(tenantId, id);
  if (!number && !license.invoice) throw new BadRequest('Issue the invoice before downloading it');
  const { bucket, key, filename } = await storedDocument(
    license,
    number ?? required(license.invoice, 'the licence invoice').number,
  );
  const command = new GetObjectCommand({
    Bucket: bucket,
    Key: key,
    ResponseContentDisposition: contentDisposition('attachment', filename),
  });
  return { url: await getSignedUrl(s3Client(), command, { expiresIn: LINK_SECONDS }), filename };
}
