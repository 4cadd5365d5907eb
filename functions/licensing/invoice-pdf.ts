import { GetObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { ENV } from '../../infra/resources.js';
import { formatMoney } from '../../shared/money.js';
import { renderContractPdf } from '../contracts/document.js';
import * as store from '../data/access/licenses.js';
import type { LicenseInvoice, LicenseInvoiceParties } from '../../shared/schemas/licensing.js';
import type { LicenseItem } from '../data/entities/license.js';
import { objectExists, putBytes } from '../lib/bucket-objects.js';
import { requireEnv, s3Client } from '../lib/clients.js';
import { contentDisposition } from '../lib/download-name.js';
import { BadRequest } from '../lib/errors.js';
import { required } from '../lib/required.js';
import { invoiceParties, type Licensor } from './invoice-parties.js';
import { readLicense } from './licenses.js';

/** How long a download link lives. */
const LINK_SECONDS = 300;

/** The invoice's words: who bills whom, for what, and the money with its VAT rule. */
function invoiceText(invoice: LicenseInvoice, billed: LicenseInvoiceParties): string {
  const money = (value: string) => formatMoney(value, invoice.currency);
  return [
    [
      `From: ${billed.licensor_name}`,
      billed.licensor_address ?? '',
      billed.licensor_vat_number ? `VAT number ${billed.licensor_vat_number}` : '',
    ]
      .filter(Boolean)
      .join('\n'),
    [`To: ${billed.licensee_name}`, billed.licensee_address ?? '', billed.licensee_country ?? '']
      .filter(Boolean)
      .join('\n'),
    `Invoice date: ${invoice.date}\nPayment due: ${invoice.due_date}`,
    [
      `Licence of: ${billed.licensed}`,
      billed.usage ? `Usage: ${billed.usage}` : '',
      billed.territory ? `Territory: ${billed.territory}` : '',
      billed.term ? `Term: ${billed.term}` : '',
    ]
      .filter(Boolean)
      .join('\n'),
    [
      `Licence fee (net): ${money(invoice.net)}`,
      `VAT at ${invoice.vat_rate}%: ${money(invoice.vat)}`,
      invoice.advance_received
        ? `Total: ${money(invoice.total)}\nLess the advance received: ${money(invoice.advance_received)}\nBalance due: ${money(invoice.balance_due ?? invoice.total)}`
        : `Total due: ${money(invoice.total)}`,
    ].join('\n'),
    invoice.vat_note,
  ].join('\n\n');
}

/**
 * An issued invoice as a PDF, from the invoice alone (its parties as they were when it was numbered) and dated the
 * day it was issued, so every making of it is the same file, byte for byte: two first downloads at once may both
 * store it, and store the same bytes. Invoices issued before their parties were kept print today's.
 */
export async function invoicePdf(license: LicenseItem, licensorToday: () => Promise<Licensor>): Promise<Uint8Array> {
  const invoice = required(license.invoice, 'the licence invoice');
  const billed = invoice.billed ?? invoiceParties(license, await licensorToday());
  return renderContractPdf(`Invoice ${invoice.number}`, invoiceText(invoice, billed), {
    subject: 'Invoice',
    createdAt: new Date(`${invoice.date}T00:00:00Z`),
  });
}

/**
 * A link to an issued invoice's PDF. The invoice never changes once numbered, so its PDF is made
 * on the first download (with the contracts' document renderer and the statements' fonts) and kept
 * in the ledger bucket beside the statements; later calls hand out the same file.
 */
export async function invoicePdfLink(tenantId: string, id: string): Promise<{ url: string; filename: string }> {
  const license = await readLicense(tenantId, id);
  if (!license.invoice) throw new BadRequest('Issue the invoice before downloading it');
  const bucket = requireEnv(ENV.ledgerBucket);
  const filename = `${license.invoice.number}.pdf`;
  const key = `licenses/${tenantId}/${id}/${filename}`;
  if (!(await objectExists(bucket, key))) {
    const pdf = await invoicePdf(license, () => store.licensorTerms(tenantId));
    await putBytes(bucket, key, pdf, 'application/pdf');
  }
  const command = new GetObjectCommand({
    Bucket: bucket,
    Key: key,
    ResponseContentDisposition: contentDisposition('attachment', filename),
  });
  return { url: await getSignedUrl(s3Client(), command, { expiresIn: LINK_SECONDS }), filename };
}
