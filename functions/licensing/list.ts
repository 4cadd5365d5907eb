import Big from 'big.js';
import { LICENSE_STATUSES, type LicenseStatus, type LicenseType } from '../../shared/schemas/licensing.js';
import { invoiceLeft } from '../../shared/licence-due.js';
import * as store from '../data/access/licenses.js';
import { listAnswer, pageOfQuery, type ListQuery } from '../lib/list-query.js';
import { today } from './licenses.js';
import { licenseRow } from './present.js';
import { dueReminders, nextReportDue } from './reminders.js';

export type LicenseListQuery = ListQuery & {
  status?: LicenseStatus;
  type?: LicenseType;
  tag?: string;
  territory?: string;
  asset_id?: string;
};

/**
 * GET licenses: the company's licences, filtered by state, type, tag, territory and asset, searched and paged. A
 * release's licences (`asset_id` of a release) are those naming the release or one of its recordings: a sync of one
 * track is a licence of the release's music too.
 */
export async function listLicenses(tenantId: string, query: LicenseListQuery) {
  const [licenses, tracks] = await Promise.all([
    store.listLicenses(tenantId),
    query.asset_id ? store.recordingIdsOfRelease(tenantId, query.asset_id) : [],
  ]);
  const assetIds = new Set(query.asset_id ? [query.asset_id, ...tracks] : []);
  const rows = licenses.map((license) => licenseRow(license));
  const tag = query.tag?.toLowerCase();
  const territory = query.territory?.toLowerCase();
  const page = pageOfQuery(rows, query, {
    searchFields: ['licensee_name', 'usage', 'territory', 'tag', 'release', 'recording'],
    tieBreaker: 'id',
    filter: (row) =>
      (!query.status || row.status === query.status) &&
      (!query.type || row.type === query.type) &&
      (!tag || row.tags.some((t) => t.toLowerCase() === tag)) &&
      (!territory || (row.territory ?? '').toLowerCase().includes(territory)) &&
      (!query.asset_id || row.assets.some((a) => assetIds.has(a.asset_id))),
  });
  return listAnswer('licenses', page);
}

/** How far ahead "ending soon" looks. */
const ENDING_SOON_DAYS = 60;

/**
 * The hub: per pipeline state, how many licences and their fees summed per direction and currency (never added across
 * currencies, and never an outgoing licence's fee, which the label is paid, with an incoming one's, which it pays; an
 * invoiced licence at its invoice's net less its partial credit notes); the invoices awaiting payment, those past their
 * due date first; the licences in force whose end date is within 60 days.
 */
export async function licensingSummary(tenantId: string) {
  const licenses = await store.listLicenses(tenantId);
  const day = today();
  const horizon = new Date(Date.parse(`${day}T00:00:00Z`) + ENDING_SOON_DAYS * 86_400_000).toISOString().slice(0, 10);
  const pipeline = LICENSE_STATUSES.map((status) => {
    const inState = licenses.filter((l) => l.status === status);
    const totals = new Map<string, { type: LicenseType; currency: string; sum: Big }>();
    for (const l of inState) {
      // A licence with an invoice is worth what the invoice bills, less its partial credit notes (net of VAT).
      const [worth, currency] = l.invoice ? [invoiceLeft(l.invoice).net, l.invoice.currency] : [l.fee, l.fee_currency];
      if (!worth || !currency) continue;
      const key = `${l.type} ${currency}`;
      const total = totals.get(key) ?? { type: l.type, currency, sum: new Big(0) };
      totals.set(key, { ...total, sum: total.sum.plus(worth) });
    }
    return {
      status,
      count: inState.length,
      // What the label is paid (outgoing) before what it pays (incoming), each by currency.
      totals: [...totals.values()]
        .sort((a, b) => b.type.localeCompare(a.type) || a.currency.localeCompare(b.currency))
        .map(({ type, currency, sum }) => ({ type, currency, amount: sum.toFixed(2) })),
    };
  });
  const due = licenses
    .filter((l) => l.status === 'invoiced' && l.invoice)
    .map((l) => ({ ...licenseRow(l), overdue: (l.invoice?.due_date ?? day) < day }))
    .sort((a, b) => String(a.due_date).localeCompare(String(b.due_date)));
  const ending_soon = licenses
    .filter(
      (l) =>
        ['signed', 'invoiced', 'paid'].includes(l.status) &&
        l.license_end_date &&
        l.license_end_date >= day &&
        l.license_end_date <= horizon,
    )
    .map((l) => licenseRow(l))
    .sort((a, b) => String(a.license_end_date).localeCompare(String(b.license_end_date)));
  // What is due: the same reminders the schedule sends (inbox and mail), the oldest first.
  const reminders = licenses
    .flatMap((l) => dueReminders(l, day))
    .map(({ permission: _who, ...reminder }) => reminder)
    .sort((a, b) => a.due_date.localeCompare(b.due_date));
  const reports_due = licenses
    .map((l) => ({ license: l, next: nextReportDue(l) }))
    .filter((x): x is { license: typeof x.license; next: string } => x.next !== null)
    .map(({ license, next }) => ({ ...licenseRow(license), next_report_due: next, overdue: next < day }))
    .sort((a, b) => a.next_report_due.localeCompare(b.next_report_due));
  return { pipeline, due, ending_soon, reminders, reports_due };
}
