import type { CouponView, PromotionCodeView } from '../../../shared/schemas/billing.js';
import {
  deleteLocalBillingObject,
  getLocalBillingObject,
  listLocalBillingObjects,
  putLocalBillingObject,
} from '../../data/access/billing.js';
import type { BillingProvider } from '../provider.js';
import { verifyStripeWebhook } from '../stripe-provider.js';
import { changeLocalPlan } from './change-plan.js';
import { emitLocalEvent, localWebhookSecret } from './emit.js';
import {
  discounted,
  localId,
  nowSeconds,
  type LocalCoupon,
  type LocalCustomer,
  type LocalSession,
  type LocalSubscription,
} from './objects.js';

/**
 * The card payment provider of the local cloud (no network): it keeps what Stripe keeps (customers, checkout
 * sessions, subscriptions, invoices, coupons) in the table, in Stripe's shape, and emits Stripe-shaped events
 * signed the Stripe way to the product's webhook. Its checkout is a page of the SPA (`/local_checkout/:id`)
 * that takes test cards (local/pay.ts); renewals are an admin's "Renew now" on /billing (local/renew.ts).
 */
export const localProvider: BillingProvider = {
  name: 'local',
  async ensureCustomer({ customerId, companyId, name, email, vat, description }) {
    const existing = customerId ? await getLocalBillingObject<LocalCustomer>('customer', customerId) : null;
    const customer: LocalCustomer = existing
      ? { ...existing, name, email: email ?? existing.email, description: description ?? existing.description }
      : {
          id: localId('cus'),
          object: 'customer',
          created: nowSeconds(),
          name,
          email: email ?? null,
          description: description ?? null,
          metadata: { company_id: companyId, vat: vat ?? '' },
          invoice_settings: { default_payment_method: null },
          delinquent: false,
        };
    if (vat !== undefined) customer.metadata.vat = vat;
    await putLocalBillingObject('customer', customer.id, customer, companyId);
    return { customerId: customer.id };
  },
  async startCheckout({ companyId, customerId, plan, coupon, successUrl, cancelUrl, userId }) {
    const couponRecord = coupon ? await getLocalBillingObject<LocalCoupon>('coupon', coupon) : null;
    const id = localId('cs');
    const session: LocalSession = {
      id,
      object: 'checkout.session',
      created: nowSeconds(),
      mode: 'subscription',
      status: 'open',
      payment_status: 'unpaid',
      customer: customerId,
      client_reference_id: companyId,
      metadata: { company_id: companyId, plan_id: plan.id, coupon: coupon ?? '' },
      amount_subtotal: plan.amount,
      amount_total: discounted(plan.amount, couponRecord),
      currency: plan.currency.toLowerCase(),
      subscription: null,
      success_url: successUrl,
      cancel_url: cancelUrl,
      // The local checkout page is the app's own page, on the origin the user comes back to.
      url: `${new URL(successUrl).origin}/local_checkout/${id}`,
      livemode: false,
      opened_by: userId,
    };
    await putLocalBillingObject('checkout_session', id, session, companyId);
    return { url: session.url };
  },
  async cancelSubscription(id, atPeriodEnd) {
    const subscription = await getLocalBillingObject<LocalSubscription>('subscription', id);
    if (!subscription || subscription.status === 'canceled') return;
    const changed: LocalSubscription = atPeriodEnd
      ? { ...subscription, cancel_at_period_end: true }
      : { ...subscription, status: 'canceled', canceled_at: nowSeconds() };
    await putLocalBillingObject('subscription', id, changed, changed.metadata.company_id);
    await emitLocalEvent(atPeriodEnd ? 'customer.subscription.updated' : 'customer.subscription.deleted', changed);
  },
  changePlan: changeLocalPlan,
  async verifyWebhook(rawBody, header) {
    return verifyStripeWebhook(rawBody, header, localWebhookSecret());
  },
  async paymentMethod(customerId) {
    const customer = await getLocalBillingObject<LocalCustomer>('customer', customerId);
    const method = customer?.invoice_settings.default_payment_method;
    if (!method) return null;
    const { brand, last4, exp_month, exp_year } = method.card;
    return { type: method.type, brand, last4, exp_month, exp_year };
  },
  async listCoupons() {
    const coupons = await listLocalBillingObjects<LocalCoupon>('coupon');
    return coupons.map(couponView).sort((a, b) => b.created.localeCompare(a.created));
  },
  async getCoupon(id) {
    const coupon = await getLocalBillingObject<LocalCoupon>('coupon', id);
    return coupon ? couponView(coupon) : null;
  },
  async createCoupon(input) {
    const coupon: LocalCoupon = {
      object: 'coupon',
      id: input.id ?? localId('co').slice(-12),
      name: input.name ?? null,
      percent_off: input.percent_off ?? null,
      amount_off: input.amount_off ?? null,
      currency: input.amount_off !== undefined ? (input.currency ?? null) : null,
      duration: input.duration,
      duration_in_months: input.duration === 'repeating' ? (input.duration_in_months ?? null) : null,
      times_redeemed: 0,
      valid: true,
      created: new Date().toISOString(),
    };
    await putLocalBillingObject('coupon', coupon.id, coupon);
    return couponView(coupon);
  },
  async deleteCoupon(id) {
    if (!(await getLocalBillingObject<LocalCoupon>('coupon', id))) return false;
    await deleteLocalBillingObject('coupon', id);
    return true;
  },
  async listPromotionCodes() {
    return listLocalBillingObjects<PromotionCodeView>('promotion_code');
  },
};

function couponView({ object: _object, ...coupon }: LocalCoupon): CouponView {
  return coupon;
}
