import type { PlanView } from '../../shared/plans.js';
import type { CouponInput, CouponView, PaymentMethodView, PromotionCodeView } from '../../shared/schemas/billing.js';
import { BadRequest } from '../lib/errors.js';

/** The provider events the product acts on (everything else is answered 200 and dropped at the webhook). */
export const BILLING_EVENT_TYPES = [
  'checkout.session.completed',
  'invoice.paid',
  'invoice.payment_failed',
  'customer.subscription.updated',
  'customer.subscription.deleted',
] as const;
export type BillingEventType = (typeof BILLING_EVENT_TYPES)[number];

/**
 * A provider event reduced to what the billing worker needs (functions/billing/stripe-events.ts reads it
 * out of a Stripe event, the local provider's included: it emits Stripe's shape). This is the queue message.
 */
export type BillingEvent = {
  id: string;
  type: BillingEventType;
  /** Seconds since 1970, the provider's clock (the out-of-order rule compares these). */
  created: number;
  companyId: string;
  /** The plan the subscription is for (the checkout's and the subscription's metadata). */
  planId?: string;
  customerId?: string;
  providerSubscriptionId?: string;
  /** The subscription's status as the provider states it (customer.subscription.*). */
  subscriptionStatus?: string;
  /** End of the paid period, ISO. */
  currentPeriodEnd?: string;
  cancelAtPeriodEnd?: boolean;
  coupon?: string;
  /** The invoice's amount (paid or due) in the smallest unit, and its currency. */
  amount?: number;
  currency?: string;
};

/** A webhook whose signature does not verify over its raw body (or has none): 400, nothing stored. */
export class BadSignature extends BadRequest {
  constructor() {
    super('The webhook signature does not match its body', {
      'stripe-signature': ['does not match the body'],
    });
  }
}

/** The company a customer is made for. */
type CustomerInput = { companyId: string; name: string; email?: string; vat?: string; description?: string };

/**
 * The card payment provider behind one adapter: Stripe in AWS (stripe-provider.ts), the local provider on
 * the local cloud (local/local-provider.ts). Both deliver their events to POST /billing/webhook, signed the
 * Stripe way, so the webhook, queue and worker are the same code in both places.
 */
export interface BillingProvider {
  readonly name: 'stripe' | 'local';
  ensureCustomer(company: CustomerInput & { customerId?: string }): Promise<{ customerId: string }>;
  startCheckout(input: {
    companyId: string;
    customerId: string;
    plan: PlanView;
    coupon?: string;
    successUrl: string;
    cancelUrl: string;
    /** Who opens it (the local checkout page lets only them pay). */
    userId: string;
  }): Promise<{ url: string }>;
  cancelSubscription(providerSubscriptionId: string, atPeriodEnd: boolean): Promise<void>;
  /**
   * Moves a live subscription to another plan at once, prorated: the rest of the paid period is charged at
   * the new price less what the old one paid for it (Stripe's proration, invoiced now). The company follows
   * when the provider's customer.subscription.updated event (carrying the new plan) is applied.
   */
  changePlan(providerSubscriptionId: string, plan: PlanView): Promise<void>;
  /** Verifies the signature over the raw body and returns the event; throws BadSignature. */
  verifyWebhook(rawBody: string, signatureHeader: string | undefined): Promise<BillingEvent | null>;
  /** The card on file, as reported (type, brand, last 4, expiry; never the number). */
  paymentMethod(customerId: string): Promise<PaymentMethodView | null>;
  listCoupons(): Promise<CouponView[]>;
  getCoupon(id: string): Promise<CouponView | null>;
  createCoupon(input: CouponInput): Promise<CouponView>;
  deleteCoupon(id: string): Promise<boolean>;
  listPromotionCodes(): Promise<PromotionCodeView[]>;
}
