import { ENV } from '../../infra/resources.js';
import { formatMoney } from '../../shared/money.js';
import { renderContractDocx, renderContractPdf } from '../contracts/document.js';
import { companyLicenceTemplate } from '../contracts/company-templates.js';
import { fillTemplate } from '../contracts/templates.js';
import * as store from '../data/access/licenses.js';
import type { LicenseItem } from '../data/entities/license.js';
import { putBytes } from '../lib/bucket-objects.js';
import { downloadName } from '../lib/download-name.js';
import { requireEnv } from '../lib/clients.js';
import { Conflict, NotFound } from '../lib/errors.js';
import { presignDownload, presignUpload, uploadedObject } from '../uploads/presign.js';
import { readLicense } from './licenses.js';
import { presentLicense } from './present.js';
import { formatDate, formatPercent } from '../../shared/format.js';
import { territoryWords } from '../../shared/territories.js';

/**
 * A licence's papers: the licence agreement and the quote, written from the company's contract
 * templates (the contracts area's "Licence" and "Licence quote", filled with the licence's terms),
 * as PDF to read and sign or Word for lawyers; and the signed copy, uploaded straight to storage as a
 * contract's is and kept beside the licence.
 */

const signedPrefix = (tenantId: string, id: string) => `contracts/${tenantId}/licenses/${id}/signed/`;
const documentKey = (tenantId: string, id: string, kind: string, revision: number, ext: string) =>
  `contracts/${tenantId}/licenses/${id}/${kind}-r${revision}.${ext}`;

const orDash = (value: string | null | undefined) => (value?.trim() ? value : '—');
/** A day as the licence's page shows it ("1st Mar 2026"), or a dash. */
const day = (value: string | null | undefined) => (value ? formatDate(value) || value : '—');

/** Every placeholder of the licence templates, from the licence and the company licensing it. */
function placeholders(license: LicenseItem, licensor: string): Record<string, string> {
  const money = (value: string | undefined) =>
    value && license.fee_currency ? formatMoney(value, license.fee_currency) : orDash(value);
  const outgoing = license.type === 'outgoing';
  return {
    licensor: outgoing ? licensor : license.licensee_name,
    licensee: outgoing ? license.licensee_name : licensor,
    licensee_address: orDash(license.licensee_address),
    assets:
      (license.assets ?? [])
        .map(
          (a) =>
            `${a.title ?? a.asset_id}${a.isrc ? ` (${a.isrc})` : ''}${a.upc ? ` (${a.upc})` : ''}: ${formatPercent(a.split)} of the fee`,
        )
        .join('\n') || '—',
    usage: orDash(license.usage),
    // Country codes named as the licence's page names them ("GB" → "United Kingdom").
    territory: orDash(license.territory && territoryWords(license.territory)),
    term: orDash(license.term),
    start_date: day(license.license_start_date),
    end_date: day(license.license_end_date),
    fee: money(license.fee),
    advance: license.advance_fee ? money(license.advance_fee) : 'none',
    credit: orDash(license.credit),
    reports: license.report_every_months ? `every ${license.report_every_months} months` : 'not required',
    proposal_date: day(license.proposal_date ?? license.initial_contact_date),
    terms: orDash(license.contract_data),
  };
}

/** The licence agreement or the quote as PDF or DOCX, written beside the licence and handed out as a short-lived link. */
export async function licenceDocumentLink(
  tenantId: string,
  id: string,
  kind: 'licence' | 'quote',
  format: 'pdf' | 'docx',
) {
  const license = await readLicense(tenantId, id);
  const template = await companyLicenceTemplate(tenantId, kind);
  const text = fillTemplate(template.text, placeholders(license, (await store.licensorTerms(tenantId)).name));
  const title = `${template.name} — ${license.licensee_name}`;
  const [bytes, type] =
    format === 'pdf'
      ? [await renderContractPdf(title, text), 'application/pdf']
      : [
          await renderContractDocx(title, text),
          'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        ];
  const key = documentKey(tenantId, id, kind, license.revision, format);
  await putBytes(requireEnv(ENV.uploadsBucket), key, bytes, type);
  const filename = downloadName(title, format);
  return { url: await presignDownload(key, type, filename), filename };
}

export async function presignSignedLicence(tenantId: string, id: string, file: Parameters<typeof presignUpload>[1]) {
  await readLicense(tenantId, id);
  return presignUpload(signedPrefix(tenantId, id), file);
}

/** Keeps an uploaded signed copy beside the licence (the file must be under this licence's prefix). */
export async function attachSignedLicence(tenantId: string, id: string, key: string) {
  const license = await readLicense(tenantId, id);
  const object = await uploadedObject(signedPrefix(tenantId, id), key, 'signed_copy_key');
  const written = await store.patchLicense(tenantId, id, license.revision, {
    signed_copy_key: object.key,
    signed_copy_file_name: object.filename,
  });
  if (!written) throw new Conflict('The licence changed while the file was kept: reload it and try again');
  return { license: await presentLicense(tenantId, await readLicense(tenantId, id)), message: 'Signed copy saved' };
}

/** A short-lived link to the signed copy. */
export async function signedLicenceLink(tenantId: string, id: string) {
  const license = await readLicense(tenantId, id);
  if (!license.signed_copy_key) throw new NotFound('Signed copy');
  const filename = license.signed_copy_file_name ?? 'signed-copy';
  return { url: await presignDownload(license.signed_copy_key, undefined, filename), filename };
}
