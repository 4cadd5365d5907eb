import { CustomAttributeType, Entity, type CreateEntityItem, type EntityIdentifiers, type EntityItem } from 'electrodb';
import type { Payment as PaymentView } from '../../../shared/schemas/payment-views.js';
import { SERVICE } from './service-name.js';
import { timestamps } from './timestamps.js';

/** A statement a payment paid, as stored: payments recorded before payouts had VAT and tax withheld have no `paid`. */
type StoredPaidStatement = Omit<PaymentView['statements'][number], 'paid'> & { paid?: string };

/**
 * A payment of one account's statements. Its money and statements are
 * fixed once recorded: an edit changes the date, method, references and invoice only, and a
 * wrong payment is deleted (which un-pays its statements) and recorded again.
 *
 * `paymentId` is a ULID, or — when recorded with an idempotency key — derived from the key, so
 * the same key can only ever create one payment (the create is conditional in the same write
 * that marks the statements paid).
 */
export const Payment = new Entity({
  model: { entity: 'payment', version: '1', service: SERVICE },
  attributes: {
    tenantId: { type: 'string', required: true },
    paymentId: { type: 'string', required: true },
    type: { type: ['DistributionPayment'] as const, required: true, default: 'DistributionPayment' },
    /** accountKeyOf(the statements' account): Payee#…, Artist#… or Label#…. */
    accountKey: { type: 'string', required: true },
    payable_name: { type: 'string', required: true },
    label_id: { type: 'string' },
    invoice_reference: { type: 'string' },
    payment_date: { type: 'string', required: true },
    payment_method: { type: 'string' },
    payment_reference: { type: 'string' },
    payment_currency: { type: 'string', required: true },
    payment_total: { type: 'string', required: true },
    payment_subtotal: { type: 'string', required: true },
    payment_vat_total: { type: 'string', required: true },
    /** Σ of the tax withheld from the statements' payouts (absent on payments recorded before withholding). */
    payment_withholding_total: { type: 'string' },
    vat: { type: 'string', required: true, default: '0' },
    self_billing: { type: 'boolean', required: true, default: false },
    account_reference: { type: 'string' },
    statement_ids: { type: 'list', items: { type: 'string' }, required: true },
    /** What each statement paid, as it was numbered: a snapshot, the statements never change their figures. */
    statements: { type: CustomAttributeType<StoredPaidStatement[]>('any'), required: true },
    /** Earlier unpaid statements it settled (their balances carried into a statement it paid), as numbered. */
    carried_statements: { type: CustomAttributeType<NonNullable<PaymentView['carried_statements']>>('any') },
    payment_run_id: { type: 'string' },
    /** When the bank sent another currency: it, the rate and Σ of the statements' converted amounts. */
    converted: { type: CustomAttributeType<NonNullable<PaymentView['converted']>>('any') },
    idempotency_key: { type: 'string' },
    userId: { type: 'string' },
    ...timestamps,
  },
  indexes: {
    byTenant: { pk: { field: 'pk', composite: ['tenantId'] }, sk: { field: 'sk', composite: ['paymentId'] } },
  },
});

export type PaymentItem = EntityItem<typeof Payment>;
export type CreatePayment = CreateEntityItem<typeof Payment>;
export type PaymentIds = EntityIdentifiers<typeof Payment>;
