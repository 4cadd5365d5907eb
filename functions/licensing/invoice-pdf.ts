import { GetObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { ENV } from '../../infra/resources.js';
import { formatMoney } from '../../shared/money.js';
import { renderContractPdf } from '../contracts/document.js';
import * as store from '../data/access/licenses.js';
import type { LicenseItem } from '../data/entities/license.js';
import { getBytes, putBytes } from '../lib/bucket-objects.js';
import { requireEnv, s3Client } from '../lib/clients.js';
import { BadRequest } from '../lib/errors.js';
import { readLicense } from './licenses.js';

/** How long a download link lives. */
const LINK_SECONDS = 300;

/** The invoice's words: who bills whom, for what, and the money with its VAT rule. */
function invoiceText(license: LicenseItem, licensor: Awaited<ReturnType<typeof store.licensorTerms>>): string {
  const invoice = license.invoice;
  if (!invoice) return '';
  const money = (value: string) => formatMoney(value, invoice.currency);
  const assets = (license.assets ?? []).map((a) => `${a.title ?? ''} (${a.split}%)`).join(', ');
  return [
    [`From: ${licensor.name}`, licensor.vatNumber ? `VAT number ${licensor.vatNumber}` : ''].filter(Boolean).join('\n'),
    [`To: ${license.licensee_name}`, license.licensee_address ?? '', license.licensee_country ?? '']
      .filter(Boolean)
      .join('\n'),
    `Invoice date: ${invoice.date}\nPayment due: ${invoice.due_date}`,
    [
      `Licence of: ${assets}`,
      license.usage ? `Usage: ${license.usage}` : '',
      license.territory ? `Territory: ${license.territory}` : '',
      license.term ? `Term: ${license.term}` : '',
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
 * A link to an issued invoice's PDF. The invoice never changes once numbered, so its PDF is made
 * once (with the contracts' document renderer and the statements' fonts) and kept in the ledger
 * bucket beside the statements; later calls hand out the same file.
 */
export async function invoicePdfLink(tenantId: string, id: string): Promise<{ url: string; filename: string }> {
  const license = await readLicense(tenantId, id);
  if (!license.invoice) throw new BadRequest('Issue the invoice before downloading it');
  const bucket = requireEnv(ENV.ledgerBucket);
  const filename = `${license.invoice.number}.pdf`;
  const key = `licenses/${tenantId}/${id}/${filename}`;
  if (!(await getBytes(bucket, key))) {
    const pdf = await renderContractPdf(
      `Invoice ${license.invoice.number}`,
      invoiceText(license, await store.licensorTerms(tenantId)),
    );
    await putBytes(bucket, key, pdf, 'application/pdf');
  }
  const command = new GetObjectCommand({
    Bucket: bucket,
    Key: key,
    ResponseContentDisposition: `attachment; filename="${filename}"`,
  });
  return { url: await getSignedUrl(s3Client(), command, { expiresIn: LINK_SECONDS }), filename };
}
