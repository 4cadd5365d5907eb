import { CustomAttributeType, Entity, type CreateEntityItem, type EntityItem } from 'electrodb';
import { inStatesIndex } from './in-states-index.js';
import type { ExchangeRateInput, PaymentRunFile, PaymentRunItem } from '../../../shared/schemas/payment-views.js';
import { SERVICE } from './service-name.js';
import { timestamps } from './timestamps.js';

/**
 * Payouts: how an account is paid, the company's own debtor account and
 * payment runs. Bank details are never stored in the clear: `sealed` is an AES-256-GCM box
 * (functions/lib/sealed.ts) bound to the record it belongs to; `masks` is all a reader gets.
 */
export type PayoutMasks = {
  iban_last4: string | null;
  bic: string | null;
  sort_code_last2: string | null;
  account_number_last4: string | null;
  email_masked: string | null;
};

/** One account's payout details (a payee, an artist without a payee, a distributed label). */
export const PayoutDetail = new Entity({
  model: { entity: 'payoutDetail', version: '1', service: SERVICE },
  attributes: {
    tenantId: { type: 'string', required: true },
    /** `{type}#{id}`, as statements name accounts. */
    accountKey: { type: 'string', required: true },
    method: { type: 'string', required: true },
    account_name: { type: 'string' },
    currency: { type: 'string', required: true },
    sealed: { type: 'string', required: true },
    masks: { type: CustomAttributeType<PayoutMasks>('any'), required: true },
    complete: { type: 'boolean', required: true, default: false },
    updatedBy: { type: 'string' },
    /**
     * Set when the payee gave these details through a secure link (when, and the address the link was mailed
     * to); a member's save writes the item anew without them.
     */
    givenByPayeeAt: { type: 'string' },
    givenByPayeeEmail: { type: 'string' },
    ...timestamps,
  },
  indexes: {
    byAccount: {
      pk: { field: 'pk', composite: ['tenantId'] },
      sk: { field: 'sk', composite: ['accountKey'] },
    },
  },
});

/**
 * A secure link a payee gives their own bank details through: mailed to the payee's e-mail, only the token's
 * SHA-256 kept (the link is never shown again, not even to the member who asked). `open` until it is used (the
 * details saved in the same transaction that spends it), revoked (a new request or a member withdrew it) or past
 * `expiresAt`.
 */
export const PayoutDetailsRequest = new Entity({
  model: { entity: 'payoutDetailsRequest', version: '1', service: SERVICE },
  attributes: {
    tokenHash: { type: 'string', required: true },
    requestId: { type: 'string', required: true },
    tenantId: { type: 'string', required: true },
    accountKey: { type: 'string', required: true },
    /** The address the link was mailed to (the payee's e-mail when asked). */
    email: { type: 'string', required: true },
    sentBy: { type: 'string', required: true },
    expiresAt: { type: 'string', required: true },
    status: { type: ['open', 'used', 'revoked'] as const, required: true, default: 'open' },
    usedAt: { type: 'string' },
    revokedAt: { type: 'string' },
    ...timestamps,
  },
  indexes: {
    byToken: { pk: { field: 'pk', composite: ['tokenHash'] }, sk: { field: 'sk', composite: [] } },
    byAccount: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['tenantId', 'accountKey'] },
      sk: { field: 'gsi1sk', composite: ['requestId'] },
    },
  },
});

/** The company's own account a SEPA file pays from (one per company). */
export const DebtorAccount = new Entity({
  model: { entity: 'debtorAccount', version: '1', service: SERVICE },
  attributes: {
    tenantId: { type: 'string', required: true },
    name: { type: 'string', required: true },
    sealed: { type: 'string', required: true },
    iban_last4: { type: 'string', required: true },
    bic: { type: 'string', required: true },
    uk_bulk_amounts: { type: ['pounds', 'pence'] as const, required: true, default: 'pounds' },
    updatedBy: { type: 'string' },
    ...timestamps,
  },
  indexes: {
    byTenant: { pk: { field: 'pk', composite: ['tenantId'] }, sk: { field: 'sk', composite: [] } },
  },
});

/**
 * A payment run: draft (a preview, items may be re-chosen by making another run), exported
 * (frozen: its files made; its items never change again), confirming (its payments being
 * recorded, one account at a time: never cancelled from here, only finished), confirmed (each
 * account's payment recorded) or cancelled (before any payment).
 */
export const PaymentRun = new Entity({
  model: { entity: 'paymentRun', version: '1', service: SERVICE },
  attributes: {
    tenantId: { type: 'string', required: true },
    runId: { type: 'string', required: true },
    status: { type: ['draft', 'exported', 'confirming', 'confirmed', 'cancelled'] as const, required: true },
    execution_date: { type: 'string', required: true },
    items: { type: CustomAttributeType<PaymentRunItem[]>('any'), required: true },
    files: { type: CustomAttributeType<(PaymentRunFile & { key: string })[]>('any'), default: () => [] },
    /** The rates its converted items were worked out at, fixed with the items. */
    exchange_rates: { type: CustomAttributeType<ExchangeRateInput[]>('any') },
    createdBy: { type: 'string' },
    exportedAt: { type: 'string' },
    confirmedAt: { type: 'string' },
    confirmedBy: { type: 'string' },
    /** When confirming began, and the payment date the confirmer gave (a resumed confirm pays with it). */
    confirmingSince: { type: 'string' },
    payment_date: { type: 'string' },
    /**
     * The accounts (keys) whose payment this run recorded: added in the same transaction that
     * records each payment, so the run always says what it paid.
     */
    paid_accounts: { type: 'set', items: 'string' },
    ...timestamps,
  },
  indexes: {
    /** Runs being marked paid: the admins' Jobs page and the local cloud's start. */
    unfinished: inStatesIndex('gsi3', 'status', ['confirming']),
    byTenant: { pk: { field: 'pk', composite: ['tenantId'] }, sk: { field: 'sk', composite: ['runId'] } },
  },
});

export type PayoutDetailItem = EntityItem<typeof PayoutDetail>;
export type CreatePayoutDetail = CreateEntityItem<typeof PayoutDetail>;
export type PayoutDetailsRequestItem = EntityItem<typeof PayoutDetailsRequest>;
export type DebtorAccountItem = EntityItem<typeof DebtorAccount>;
export type PaymentRunItemRecord = EntityItem<typeof PaymentRun>;
export type CreatePaymentRun = CreateEntityItem<typeof PaymentRun>;
