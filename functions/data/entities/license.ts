import { CustomAttributeType, Entity, type EntityItem } from 'electrodb';
import { inStatesIndex } from './in-states-index.js';
import type {
  LicenseAsset,
  LicenseContact,
  CreditedInvoice,
  LicenseRefund,
  LicenseDocumentMailed,
  LicenseInvoice,
  LicenseMove,
  LicenseStatus,
} from '../../../shared/schemas/licensing.js';
import { LICENSE_STATUSES } from '../../../shared/schemas/licensing.js';
import { SERVICE } from './service-name.js';
import { timestamps } from './timestamps.js';

/**
 * A licence: our masters licensed out (outgoing: a film, an ad, a game, a compilation, a sample) or
 * someone else's licensed in for our release (incoming). Keyed by company, so another company's id
 * finds nothing. `revision` moves with every write, so two edits or two moves never both win.
 * Once paid, `royalty_ids` names the ledger lines the fee became (outgoing) or `expense_id` the
 * expense it became (incoming): both are written in the same transaction that moves it to paid. An
 * advance recorded paid writes its own lines (or expenses) the same way, once, and the payment then
 * brings only the rest of the fee.
 */
export const License = new Entity({
  model: { entity: 'license', version: '1', service: SERVICE },
  attributes: {
    tenantId: { type: 'string', required: true },
    id: { type: 'string', required: true },
    type: { type: ['incoming', 'outgoing'] as const, required: true },
    status: { type: LICENSE_STATUSES, required: true },
    revision: { type: 'number', required: true },
    label_id: { type: 'string' },
    assets: { type: CustomAttributeType<LicenseAsset[]>('any') },
    licensee_name: { type: 'string', required: true },
    licensee_address: { type: 'string' },
    licensee_phone: { type: 'string' },
    licensee_country: { type: 'string' },
    /** Printed on the invoice; an invoice under the reverse charge is not issued without it (invoice.ts). */
    licensee_vat_number: { type: 'string' },
    contacts: { type: CustomAttributeType<LicenseContact[]>('any') },
    usage: { type: 'string' },
    territory: { type: 'string' },
    territory_id: { type: 'string' },
    tags: { type: 'list', items: { type: 'string' } },
    term: { type: 'string' },
    initial_contact_date: { type: 'string' },
    proposal_date: { type: 'string' },
    signed_date: { type: 'string' },
    advance_fee: { type: 'string' },
    advance_paid_date: { type: 'string' },
    license_start_date: { type: 'string' },
    license_end_date: { type: 'string' },
    credit: { type: 'string' },
    fee: { type: 'string' },
    fee_currency: { type: 'string' },
    contract_data: { type: 'string' },
    invoice_due_days: { type: 'number' },
    history: { type: CustomAttributeType<LicenseMove[]>('any') },
    invoice: { type: CustomAttributeType<LicenseInvoice>('any') },
    /** Invoices cancelled by a credit note, oldest first, each with its credit note: a credited licence is invoiced again. */
    credited_invoices: { type: CustomAttributeType<CreditedInvoice[]>('any') },
    /** Each time one of its invoices or credit notes was mailed, oldest first (the documents themselves never change). */
    documents_mailed: { type: CustomAttributeType<LicenseDocumentMailed[]>('any') },
    payment_date: { type: 'string' },
    pay_period: { type: 'string' },
    royalty_ids: { type: 'list', items: { type: 'string' } },
    expense_id: { type: 'string' },
    /** Every expense the fee became (one per payee of the release's contract when it is recoupable). */
    expense_ids: { type: 'list', items: { type: 'string' } },
    /** Once the advance is recorded paid: its pay period, and the lines (outgoing) or expenses (incoming) it made. */
    advance_pay_period: { type: 'string' },
    advance_royalty_ids: { type: 'list', items: { type: 'string' } },
    advance_expense_ids: { type: 'list', items: { type: 'string' } },
    /**
     * Each advance given back before the licence was invoiced (outgoing) or paid (incoming), oldest first, with the
     * lines or expenses that reversed it.
     */
    advance_refunds: { type: CustomAttributeType<LicenseRefund[]>('any') },
    /** Each payment of an incoming licence the licensor gave back, oldest first, with the expenses that took it back. */
    payment_refunds: { type: CustomAttributeType<LicenseRefund[]>('any') },
    /** The licensee reports its use every this many months (outgoing); the next report is due that long after the last. */
    report_every_months: { type: 'number' },
    /** The due date of the latest report received, and the day it came. */
    report_received_through: { type: 'string' },
    report_received_on: { type: 'string' },
    /** The signed copy, uploaded under the licence's prefix. */
    signed_copy_key: { type: 'string' },
    signed_copy_file_name: { type: 'string' },
    ...timestamps,
  },
  indexes: {
    byTenant: { pk: { field: 'pk', composite: ['tenantId'] }, sk: { field: 'sk', composite: ['id'] } },
  },
});

export type LicenseItem = EntityItem<typeof License> & { status: LicenseStatus };

/**
 * A licensing reminder claimed for sending (one per company, licence, kind and due date): created
 * only when absent, `sending` until its notice and mails are out, then `sent`. A claim left `sending`
 * by a run that died is carried on by the reminders' resumer (licensing/reminders-resume.ts), so a
 * reminder is neither sent twice nor lost. It keeps what it tells, so the resumer needs nothing else.
 */
export const LicenseReminderClaim = new Entity({
  model: { entity: 'licenseReminderClaim', version: '1', service: SERVICE },
  attributes: {
    tenantId: { type: 'string', required: true },
    /** `{licence id}#{reminder key}`. */
    key: { type: 'string', required: true },
    license_id: { type: 'string', required: true },
    status: { type: ['sending', 'sent'] as const, required: true },
    /** When the run now sending it claimed it (ISO): a claim older than a run's time limit is a dead run's. */
    claimed_at: { type: 'string', required: true },
    subject: { type: 'string', required: true },
    text: { type: 'string', required: true },
    permission: { type: 'string', required: true },
    ...timestamps,
  },
  indexes: {
    /** Reminders claimed and not yet sent: the admins' Jobs page and the local cloud's start. */
    unfinished: inStatesIndex('gsi3', 'status', ['sending']),
    byTenant: { pk: { field: 'pk', composite: ['tenantId'] }, sk: { field: 'sk', composite: ['key'] } },
  },
});

export type LicenseReminderClaimItem = EntityItem<typeof LicenseReminderClaim>;
