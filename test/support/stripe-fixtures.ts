import { readFileSync } from 'node:fs';
import path from 'node:path';
import Stripe from 'stripe';

/** The recorded Stripe events (test/fixtures/stripe), by type. */
export const STRIPE_FIXTURES = [
  'checkout.session.completed',
  'invoice.paid',
  'invoice.payment_failed',
  'customer.subscription.updated',
  'customer.subscription.deleted',
] as const;
export type StripeFixture = (typeof STRIPE_FIXTURES)[number];

type Json = Record<string, unknown>;

/**
 * A recorded event for a company: its COMPANY_ID placeholders replaced, and optionally its event id, time or
 * subscription id changed (so each test has its own events). Returns the body as text, exactly as posted.
 */
export function stripeEvent(
  name: StripeFixture,
  companyId: string,
  change: { id?: string; created?: number; subscription?: string } = {},
): string {
  const file = path.resolve(import.meta.dirname, '../fixtures/stripe', `${name}.json`);
  let text = readFileSync(file, 'utf8').replaceAll('COMPANY_ID', companyId);
  if (change.subscription) text = text.replaceAll('sub_1SWh8ILkdIwHu7ixk0T3bq2W', change.subscription);
  const event = JSON.parse(text) as Json;
  if (change.id) event.id = change.id;
  if (change.created) event.created = change.created;
  return JSON.stringify(event);
}

/** Signs a body the way Stripe does (Stripe-Signature: t=…,v1=…), with the library's own test signer. */
export function stripeSignature(payload: string, secret: string): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret });
}
