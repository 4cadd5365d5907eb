import type Stripe from 'stripe';
import { BILLING_EVENT_TYPES, type BillingEvent, type BillingEventType } from './provider.js';

/**
 * Reads the product's BillingEvent out of a verified Stripe event (Stripe's and the local provider's
 * alike). The company is named by the metadata the checkout put on the session and the subscription
 * (`company_id`, `plan_id`, `coupon`); an event without a company is not ours (another product on the
 * same Stripe account) and is dropped.
 */
export function toBillingEvent(event: Stripe.Event): BillingEvent | null {
  if (!(BILLING_EVENT_TYPES as readonly string[]).includes(event.type)) return null;
  const type = event.type as BillingEventType;
  const base = { id: event.id, type, created: event.created };
  const read = READERS[type];
  const fields = read(event.data.object as never);
  return fields?.companyId ? { ...base, ...fields, companyId: fields.companyId } : null;
}

type Fields = Omit<BillingEvent, 'id' | 'type' | 'created' | 'companyId'> & { companyId?: string };

const idOf = (value: string | { id: string } | null | undefined) =>
  value ? (typeof value === 'string' ? value : value.id) : undefined;
const iso = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000).toISOString() : undefined);
const meta = (metadata: Stripe.Metadata | null | undefined) => ({
  companyId: metadata?.company_id,
  planId: metadata?.plan_id,
  coupon: metadata?.coupon || undefined,
});

function fromSession(session: Stripe.Checkout.Session): Fields {
  const m = meta(session.metadata);
  return {
    ...m,
    companyId: m.companyId ?? session.client_reference_id ?? undefined,
    customerId: idOf(session.customer),
    providerSubscriptionId: idOf(session.subscription),
    amount: session.amount_total ?? undefined,
    currency: session.currency ?? undefined,
  };
}

function fromInvoice(invoice: Stripe.Invoice): Fields {
  const details = invoice.parent?.subscription_details;
  const line = invoice.lines?.data?.[0];
  return {
    ...meta(details?.metadata),
    customerId: idOf(invoice.customer),
    providerSubscriptionId: idOf(details?.subscription),
    currentPeriodEnd: iso(line?.period?.end),
    amount: invoice.status === 'paid' ? invoice.amount_paid : invoice.amount_due,
    currency: invoice.currency,
  };
}

function fromSubscription(subscription: Stripe.Subscription): Fields {
  return {
    ...meta(subscription.metadata),
    customerId: idOf(subscription.customer),
    providerSubscriptionId: subscription.id,
    subscriptionStatus: subscription.status,
    currentPeriodEnd: iso(subscription.items?.data?.[0]?.current_period_end),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
  };
}

const READERS: Record<BillingEventType, (object: never) => Fields> = {
  'checkout.session.completed': fromSession,
  'invoice.paid': fromInvoice,
  'invoice.payment_failed': fromInvoice,
  'customer.subscription.updated': fromSubscription,
  'customer.subscription.deleted': fromSubscription,
};
