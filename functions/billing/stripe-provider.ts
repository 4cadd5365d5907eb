import Stripe from 'stripe';
import {
  COUPON_DURATIONS,
  type CouponInput,
  type CouponView,
  type PaymentMethodView,
  type PromotionCodeView,
} from '../../shared/schemas/billing.js';
import { ENV } from '../../infra/resources.js';
import { awsSecret } from '../lib/aws-secret.js';
import { madeOnce } from '../lib/made-once.js';
import { BadRequest } from '../lib/errors.js';
import { BadSignature, type BillingProvider, type BillingEvent } from './provider.js';
import { toBillingEvent } from './stripe-events.js';

/** Stripe's keys: the API key and the webhook endpoint's signing secret. */
export type StripeKeys = { secret_key: string; webhook_secret: string };

/** The keys from the Secrets Manager secret the stack declares (STRIPE_SECRET), read once per process. */
const stripeKeys = madeOnce(async (): Promise<StripeKeys> => {
  const secretId = process.env[ENV.stripeSecret];
  if (!secretId) throw new Error(`${ENV.stripeSecret} is not set`);
  const parsed = JSON.parse(await awsSecret(secretId, "Stripe's keys")) as Partial<StripeKeys>;
  if (!parsed.secret_key || !parsed.webhook_secret) throw new Error("Stripe's keys secret lacks a key");
  return { secret_key: parsed.secret_key, webhook_secret: parsed.webhook_secret };
});

/**
 * Verifies a Stripe webhook over its raw body with the endpoint's secret (Stripe's own constructEvent:
 * HMAC-SHA256 of `timestamp.body`, within 5 minutes) and reads the product's event out of it.
 */
export function verifyStripeWebhook(rawBody: string, header: string | undefined, secret: string): BillingEvent | null {
  if (!header) throw new BadSignature();
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(rawBody, header, secret);
  } catch {
    throw new BadSignature();
  }
  return toBillingEvent(event);
}

const couponView = (coupon: Stripe.Coupon): CouponView => ({
  id: coupon.id,
  name: coupon.name,
  percent_off: coupon.percent_off,
  amount_off: coupon.amount_off,
  currency: coupon.currency,
  duration: (COUPON_DURATIONS as readonly string[]).includes(coupon.duration)
    ? (coupon.duration as CouponView['duration'])
    : 'once',
  duration_in_months: coupon.duration_in_months,
  times_redeemed: coupon.times_redeemed,
  valid: coupon.valid,
  created: new Date(coupon.created * 1000).toISOString(),
});

/** The card payment provider in AWS: Stripe, through its official library. */
export function stripeProvider(keysOf: () => Promise<StripeKeys> = stripeKeys): BillingProvider {
  let client: Stripe | null = null;
  const stripe = async () => {
    client ??= new Stripe((await keysOf()).secret_key);
    return client;
  };
  return {
    name: 'stripe',
    async ensureCustomer({ customerId, companyId, name, email, vat, description }) {
      const fields = { name, email, description, metadata: { company_id: companyId, vat: vat ?? '' } };
      if (customerId) {
        await (await stripe()).customers.update(customerId, fields);
        return { customerId };
      }
      return { customerId: (await (await stripe()).customers.create(fields)).id };
    },
    async startCheckout({ companyId, customerId, plan, coupon, successUrl, cancelUrl }) {
      if (!plan.stripe_id)
        throw new BadRequest(`${plan.name} has no Stripe price`, { plan_id: ['has no Stripe price'] });
      const metadata = { company_id: companyId, plan_id: plan.id, coupon: coupon ?? '' };
      const session = await (await stripe()).checkout.sessions.create({
        mode: 'subscription',
        customer: customerId,
        client_reference_id: companyId,
        line_items: [{ price: plan.stripe_id, quantity: 1 }],
        ...(coupon ? { discounts: [{ coupon }] } : {}),
        metadata,
        subscription_data: { metadata },
        success_url: successUrl,
        cancel_url: cancelUrl,
      });
      if (!session.url) throw new Error('Stripe gave the checkout session no URL');
      return { url: session.url };
    },
    async cancelSubscription(id, atPeriodEnd) {
      if (atPeriodEnd) await (await stripe()).subscriptions.update(id, { cancel_at_period_end: true });
      else await (await stripe()).subscriptions.cancel(id);
    },
    async changePlan(id, plan) {
      if (!plan.stripe_id)
        throw new BadRequest(`${plan.name} has no Stripe price`, { plan_id: ['has no Stripe price'] });
      const client = await stripe();
      const subscription = await client.subscriptions.retrieve(id);
      const item = subscription.items.data[0];
      if (!item) throw new BadRequest('The subscription has no price', { plan_id: ['has no price to change'] });
      await client.subscriptions.update(id, {
        items: [{ id: item.id, price: plan.stripe_id }],
        // The difference for the rest of the period is invoiced now, not added to the next renewal.
        proration_behavior: 'always_invoice',
        metadata: { ...subscription.metadata, plan_id: plan.id },
      });
    },
    async verifyWebhook(rawBody, header) {
      return verifyStripeWebhook(rawBody, header, (await keysOf()).webhook_secret);
    },
    async paymentMethod(customerId) {
      const methods = await (await stripe()).customers.listPaymentMethods(customerId, { type: 'card', limit: 1 });
      const card = methods.data[0]?.card;
      if (!card) return null;
      const view: PaymentMethodView = {
        type: 'card',
        brand: card.brand,
        last4: card.last4,
        exp_month: card.exp_month,
        exp_year: card.exp_year,
      };
      return view;
    },
    async listCoupons() {
      return (await (await stripe()).coupons.list({ limit: 100 })).data.map(couponView);
    },
    async getCoupon(id) {
      try {
        return couponView(await (await stripe()).coupons.retrieve(id));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
        throw error;
      }
    },
    async createCoupon(input: CouponInput) {
      return couponView(await (await stripe()).coupons.create(input));
    },
    async deleteCoupon(id) {
      return (await (await stripe()).coupons.del(id)).deleted;
    },
    async listPromotionCodes(): Promise<PromotionCodeView[]> {
      const codes = await (await stripe()).promotionCodes.list({ limit: 100 });
      return codes.data.map((code) => ({
        id: code.id,
        code: code.code,
        coupon: typeof code.promotion.coupon === 'string' ? code.promotion.coupon : (code.promotion.coupon?.id ?? ''),
        active: code.active,
        times_redeemed: code.times_redeemed,
      }));
    },
  };
}
