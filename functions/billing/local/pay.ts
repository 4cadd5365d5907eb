import type { z } from 'zod';
import type { localPaymentInput } from '../../../shared/schemas/billing.js';
import { getLocalBillingObject, putLocalBillingObject } from '../../data/access/billing.js';
import { BadRequest, InvalidField, NotFound } from '../../lib/errors.js';
import { planById } from '../../plans/entitlements.js';
import { emitLocalEvent } from './emit.js';
import {
  localId,
  newSubscription,
  nowSeconds,
  periodInvoice,
  type LocalCard,
  type LocalCoupon,
  type LocalCustomer,
  type LocalSession,
} from './objects.js';

/** Stripe's test cards the local checkout knows: one is paid, the other declined (as Stripe's 0341 is). */
export const TEST_CARDS = { paid: '4242424242424242', declined: '4000000000000341' } as const;

const UNKNOWN_CARD = 'Use a test card: 4242 4242 4242 4242 (paid) or 4000 0000 0000 0341 (declined)';

/** A local checkout session its opener (or an admin) may see; anyone else gets 404, as for a record of another company. */
export async function openSession(sessionId: string, caller: { userId: string; admin: boolean }) {
  const session = await getLocalBillingObject<LocalSession>('checkout_session', sessionId);
  if (!session || (!caller.admin && session.opened_by !== caller.userId)) throw new NotFound('Checkout session');
  return session;
}

/**
 * Pays a local checkout with a test card: the declined card is refused with Stripe's words and nothing
 * changes; the paid one saves the card on the customer, creates the subscription and its first (paid)
 * invoice, completes the session, then emits checkout.session.completed and invoice.paid to the webhook.
 */
export async function payLocalCheckout(
  sessionId: string,
  card: z.infer<typeof localPaymentInput>,
  caller: { userId: string; admin: boolean },
): Promise<{ url: string }> {
  const session = await openSession(sessionId, caller);
  if (session.status !== 'open') throw new BadRequest('This checkout is already complete');
  checkCard(card);
  const plan = await planById(session.metadata.plan_id);
  const customer = await getLocalBillingObject<LocalCustomer>('customer', session.customer);
  if (!customer) throw new NotFound('Customer');
  const saved: LocalCard = {
    brand: 'visa',
    last4: card.card_number.slice(-4),
    exp_month: card.exp_month,
    exp_year: card.exp_year,
    funding: 'credit',
  };
  const companyId = session.client_reference_id;
  await putLocalBillingObject(
    'customer',
    customer.id,
    { ...customer, invoice_settings: { default_payment_method: { id: localId('pm'), type: 'card', card: saved } } },
    companyId,
  );
  const subscription = newSubscription(session, plan, nowSeconds());
  const invoice = periodInvoice(subscription, session.amount_total, true, 'subscription_create');
  const completed: LocalSession = {
    ...session,
    status: 'complete',
    payment_status: 'paid',
    subscription: subscription.id,
  };
  await putLocalBillingObject('subscription', subscription.id, subscription, companyId);
  await putLocalBillingObject('invoice', invoice.id, invoice, companyId);
  await putLocalBillingObject('checkout_session', session.id, completed, companyId);
  await redeem(session.metadata.coupon);
  await emitLocalEvent('checkout.session.completed', completed);
  await emitLocalEvent('invoice.paid', invoice);
  return { url: session.success_url };
}

function checkCard(card: z.infer<typeof localPaymentInput>) {
  const now = new Date();
  const expired =
    card.exp_year < now.getUTCFullYear() ||
    (card.exp_year === now.getUTCFullYear() && card.exp_month < now.getUTCMonth() + 1);
  if (expired) throw new InvalidField('exp_year', 'Your card has expired.');
  if (card.card_number === TEST_CARDS.declined) throw new InvalidField('card_number', 'Your card was declined.');
  if (card.card_number !== TEST_CARDS.paid) throw new InvalidField('card_number', UNKNOWN_CARD);
}

async function redeem(couponId: string) {
  const coupon = couponId ? await getLocalBillingObject<LocalCoupon>('coupon', couponId) : null;
  if (coupon)
    await putLocalBillingObject('coupon', coupon.id, { ...coupon, times_redeemed: coupon.times_redeemed + 1 });
}
