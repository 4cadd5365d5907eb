import { CustomAttributeType, Entity, type EntityItem } from 'electrodb';
import { SERVICE } from './service-name.js';

/**
 * A billing provider event as the billing worker saw it. Its key is the provider's
 * event id and the worker creates it conditionally before acting, so a replayed event (a webhook
 * delivered twice, a queue message received twice) finds it and changes nothing again.
 */
export const BillingEvent = new Entity({
  model: { entity: 'billingEvent', version: '1', service: SERVICE },
  attributes: {
    eventId: { type: 'string', required: true },
    type: { type: 'string', required: true },
    companyId: { type: 'string', required: true },
    /** The provider's creation time of the event, in seconds since 1970 (Stripe's `created`). */
    created: { type: 'number', required: true },
    providerSubscriptionId: { type: 'string' },
    /** Set once the worker has finished with the event (applied or ignored). */
    processedAt: { type: 'string' },
    outcome: { type: ['applied', 'ignored'] as const },
    /** What the event did, in words (the /billing events table). */
    summary: { type: 'string' },
    receivedAt: { type: 'string', readOnly: true, default: () => new Date().toISOString() },
  },
  indexes: {
    byId: { pk: { field: 'pk', composite: ['eventId'] }, sk: { field: 'sk', composite: [] } },
    /** Every event, newest first by the provider's time (the admin events table). */
    all: { index: 'gsi1', pk: { field: 'gsi1pk', composite: [] }, sk: { field: 'gsi1sk', composite: ['created'] } },
  },
});

/**
 * The last provider event applied to a company's subscription: the out-of-order rule compares an
 * event's provider time with it (an older event is recorded and ignored). Written with a condition
 * so two workers never move it backwards.
 */
export const BillingClock = new Entity({
  model: { entity: 'billingClock', version: '1', service: SERVICE },
  attributes: {
    companyId: { type: 'string', required: true },
    lastEventCreated: { type: 'number', required: true },
    lastEventId: { type: 'string', required: true },
  },
  indexes: {
    byCompany: { pk: { field: 'pk', composite: ['companyId'] }, sk: { field: 'sk', composite: [] } },
  },
});

/**
 * A short lease on a company's billing: the worker applies one event of a company at a time (two workers
 * may run), so two events never both read the company before either writes it.
 */
export const BillingLock = new Entity({
  model: { entity: 'billingLock', version: '1', service: SERVICE },
  attributes: {
    companyId: { type: 'string', required: true },
    owner: { type: 'string', required: true },
    /** Milliseconds since 1970 when the lease lapses (a worker that died holds it no longer). */
    lockedUntil: { type: 'number', required: true },
  },
  indexes: {
    byCompany: { pk: { field: 'pk', composite: ['companyId'] }, sk: { field: 'sk', composite: [] } },
  },
});

/** The kinds of object the local billing provider keeps (each in Stripe's API shape). */
const LOCAL_BILLING_KINDS = [
  'customer',
  'checkout_session',
  'subscription',
  'invoice',
  'coupon',
  'promotion_code',
] as const;

/**
 * An object of the local billing provider (functions/billing/local/): what Stripe keeps on its side
 * (customers, checkout sessions, subscriptions, invoices, coupons), kept in the table in Stripe's
 * shape so the events it emits carry them as Stripe's would.
 */
export const LocalBillingObject = new Entity({
  model: { entity: 'localBillingObject', version: '1', service: SERVICE },
  attributes: {
    kind: { type: LOCAL_BILLING_KINDS, required: true },
    objectId: { type: 'string', required: true },
    companyId: { type: 'string' },
    data: { type: CustomAttributeType<Record<string, unknown>>('any'), required: true },
    createdAt: { type: 'string', readOnly: true, default: () => new Date().toISOString() },
  },
  indexes: {
    byKind: { pk: { field: 'pk', composite: ['kind'] }, sk: { field: 'sk', composite: ['objectId'] } },
  },
});

export type BillingEventItem = EntityItem<typeof BillingEvent>;
export type LocalBillingKind = (typeof LOCAL_BILLING_KINDS)[number];
