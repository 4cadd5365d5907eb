import * as store from '../data/access/licenses.js';
import type { LicenseAsset } from '../../shared/schemas/licensing.js';
import type { LicenseItem } from '../data/entities/license.js';
import { costRecoupment } from './cost-cover.js';
import { nextReportDue } from './reminders.js';
import { today } from './today.js';

/**
 * What a licence covers in the single-asset words a licence of one release or one recording is written in: its
 * asset type (the kind of its assets when all are of one kind), and the release or the recording, id and title, only
 * when that is its one asset. A licence of several assets answers null ids: naming one of them would read as a
 * licence of that one alone, and sent back it would narrow the licence to it. The assets list always says it all.
 */
function singleAssetWords(assets: readonly LicenseAsset[]) {
  const kinds = new Set(assets.map((a) => a.asset_type));
  const only = assets.length === 1 ? assets[0] : undefined;
  const release = only?.asset_type === 'release' ? only : undefined;
  const recording = only?.asset_type === 'recording' ? only : undefined;
  return {
    asset_type: kinds.size === 1 ? (assets[0]?.asset_type ?? null) : null,
    release: release?.title ?? null,
    release_id: release?.asset_id ?? null,
    recording: recording?.title ?? null,
    recording_id: recording?.asset_id ?? null,
  };
}

/**
 * A licence as the API answers it: every field of a licence (asset_type, label, release, recording … fee_vat, paid,
 * type), its release or recording as `singleAssetWords` says, plus its assets, history, invoice and where its money
 * went.
 */
export function licenseRow(license: LicenseItem, labelName: string | null = null) {
  const assets = license.assets ?? [];
  const {
    tenantId: _tenant,
    revision: _revision,
    signed_copy_key: _key,
    createdAt,
    updatedAt,
    tags,
    ...fields
  } = license;
  return {
    ...fields,
    ...singleAssetWords(assets),
    assets,
    label: labelName,
    tags: tags ?? [],
    tag: (tags ?? []).join(', '),
    // Always answered, null when not given: an integrator can tell "none yet" from a field it does not know.
    licensee_vat_number: license.licensee_vat_number || null,
    contacts: license.contacts ?? [],
    history: license.history ?? [],
    invoice: license.invoice ?? null,
    credited_invoices: license.credited_invoices ?? [],
    documents_mailed: license.documents_mailed ?? [],
    vat: license.invoice?.vat_rate ?? null,
    fee_vat: license.invoice?.vat ?? null,
    paid: license.status === 'paid',
    advance_paid: Boolean(license.advance_pay_period),
    next_report_due: nextReportDue(license),
    signed_copy_file_name: license.signed_copy_file_name ?? null,
    due_date: license.invoice?.due_date ?? null,
    created_at: createdAt,
    updated_at: updatedAt,
  };
}

/** Whether the licence's payment, advance or a refund wrote ledger lines (a refunded payment's lines stay). */
export const madeLines = (license: LicenseItem) =>
  Boolean(
    license.royalty_ids?.length ||
      license.advance_royalty_ids?.length ||
      license.advance_refunds?.length ||
      license.credited_invoices?.some((credited) => credited.credit_note.refund),
  );

/**
 * One licence with its label's name, the ledger lines its payment wrote and, for an incoming licence not yet paid,
 * how its cost would be recouped were it paid today (cost-cover.ts), so the page can say so before the money moves.
 */
export async function presentLicense(tenantId: string, license: LicenseItem) {
  const [labelName, lines, recoupment] = await Promise.all([
    license.label_id ? store.licensedLabelName(tenantId, license.label_id) : null,
    madeLines(license) ? store.linesOfLicense(tenantId, license.id) : [],
    license.type === 'incoming' && license.status !== 'paid' ? costRecoupment(license, today()) : null,
  ]);
  return {
    ...licenseRow(license, labelName),
    cost_recoupment: recoupment,
    royalty_lines: lines.map((line) => ({
      id: line.id,
      pay_period: line.fields.pay_period,
      song: line.fields.song ?? line.fields.album ?? null,
      recording_id: line.fields.recording_id ?? null,
      release_id: line.fields.release_id ?? null,
      currency: line.fields.currency,
      subtotal_payable: line.fields.subtotal_payable,
      amount: line.fields.amount,
      company_currency: line.fields.company_currency,
      sales_description: line.fields.sales_description,
    })),
  };
}
