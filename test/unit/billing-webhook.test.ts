import { describe, expect, it } from 'vitest';
import { verifyStripeWebhook } from '../../functions/billing/stripe-provider.js';
import { BadSignature } from '../../functions/billing/provider.js';
import { couponApplies, discounted, periodEnd } from '../../functions/billing/local/objects.js';
import { STRIPE_FIXTURES, stripeEvent, stripeSignature } from '../support/stripe-fixtures.js';
import type { CouponView } from '../../shared/schemas/billing.js';

const secret = 'whsec_unit_test_secret';
const company = 'c_01TESTCOMPANY';

describe('the Stripe webhook signature (recorded payloads)', () => {
  it.each(STRIPE_FIXTURES)('verifies %s over its raw body and reads the company and subscription', (name) => {
    const body = stripeEvent(name, company);
    const event = verifyStripeWebhook(body, stripeSignature(body, secret), secret);
    expect(event).toMatchObject({ type: name, companyId: company });
    expect(event?.id).toMatch(/^evt_/);
    if (name !== 'checkout.session.completed')
      expect(event?.providerSubscriptionId).toBe('sub_1SWh8ILkdIwHu7ixk0T3bq2W');
  });

  it('reads what each event says', () => {
    const read = (name: (typeof STRIPE_FIXTURES)[number]) => {
      const body = stripeEvent(name, company);
      return verifyStripeWebhook(body, stripeSignature(body, secret), secret);
    };
    expect(read('checkout.session.completed')).toMatchObject({
      planId: 'plan_label',
      customerId: 'cus_TTk2mB9x1YfQpL',
      providerSubscriptionId: 'sub_1SWh8ILkdIwHu7ixk0T3bq2W',
      amount: 2900,
      currency: 'gbp',
    });
    expect(read('invoice.paid')).toMatchObject({ amount: 2900, currentPeriodEnd: '2025-12-24T16:00:00.000Z' });
    expect(read('invoice.payment_failed')).toMatchObject({ amount: 2900, planId: 'plan_label' });
    expect(read('customer.subscription.updated')).toMatchObject({
      subscriptionStatus: 'past_due',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: new Date(1769270400 * 1000).toISOString(),
    });
    expect(read('customer.subscription.deleted')).toMatchObject({ subscriptionStatus: 'canceled' });
  });

  it('refuses a body changed after signing, another secret, an old signature and no signature', () => {
    const body = stripeEvent('invoice.paid', company);
    const header = stripeSignature(body, secret);
    const tampered = body.replace('"amount_paid":2900', '"amount_paid":1');
    expect(tampered).not.toBe(body);
    expect(() => verifyStripeWebhook(tampered, header, secret)).toThrow(BadSignature);
    expect(() => verifyStripeWebhook(body, stripeSignature(body, 'whsec_other'), secret)).toThrow(BadSignature);
    const stale = `t=${Math.floor(Date.now() / 1000) - 3600},${header.split(',')[1]}`;
    expect(() => verifyStripeWebhook(body, stale, secret)).toThrow(BadSignature);
    expect(() => verifyStripeWebhook(body, undefined, secret)).toThrow(BadSignature);
    // Re-serialising the JSON (what a parsed body would give) breaks it too: the raw text is what is signed.
    const reserialised = JSON.stringify(JSON.parse(body), null, 1);
    expect(() => verifyStripeWebhook(reserialised, header, secret)).toThrow(BadSignature);
  });

  it('drops a verified event of a type the product does not act on, and one naming no company', () => {
    const other = JSON.stringify({ ...JSON.parse(stripeEvent('invoice.paid', company)), type: 'invoice.created' });
    expect(verifyStripeWebhook(other, stripeSignature(other, secret), secret)).toBeNull();
    const foreign = stripeEvent('customer.subscription.updated', '');
    expect(verifyStripeWebhook(foreign, stripeSignature(foreign, secret), secret)).toBeNull();
  });
});

describe('the local provider’s money', () => {
  const coupon = (change: Partial<CouponView>): CouponView => ({
    id: 'C',
    name: null,
    percent_off: null,
    amount_off: null,
    currency: null,
    duration: 'once',
    duration_in_months: null,
    times_redeemed: 0,
    valid: true,
    created: '',
    ...change,
  });
  it('takes a coupon off in whole pence, half up, never below zero', () => {
    expect(discounted(2900, null)).toBe(2900);
    expect(discounted(2900, coupon({ percent_off: 12.5 }))).toBe(2538); // 2537.5 → 2538
    expect(discounted(2900, coupon({ amount_off: 500, currency: 'gbp' }))).toBe(2400);
    expect(discounted(2900, coupon({ amount_off: 5000, currency: 'gbp' }))).toBe(0);
  });
  it('applies a coupon for its duration', () => {
    expect(couponApplies(coupon({ duration: 'once' }), 1)).toBeNull();
    expect(couponApplies(coupon({ duration: 'repeating', duration_in_months: 3 }), 2)).not.toBeNull();
    expect(couponApplies(coupon({ duration: 'repeating', duration_in_months: 3 }), 3)).toBeNull();
    expect(couponApplies(coupon({ duration: 'forever' }), 40)).not.toBeNull();
  });
  it('ends a period one calendar interval later', () => {
    const start = Date.UTC(2026, 0, 15) / 1000;
    expect(new Date(periodEnd(start, { interval: 'month', interval_count: 1 }) * 1000).toISOString()).toBe(
      '2026-02-15T00:00:00.000Z',
    );
    expect(new Date(periodEnd(start, { interval: 'year', interval_count: 1 }) * 1000).toISOString()).toBe(
      '2027-01-15T00:00:00.000Z',
    );
  });
});
