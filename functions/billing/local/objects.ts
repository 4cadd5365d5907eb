import Big from 'big.js';
import { ulid } from 'ulid';
import type { PlanView } from '../../../shared/plans.js';
import type { CouponView } from '../../../shared/schemas/billing.js';

/**
 * The local provider's objects, in Stripe's API shape (the fields the product and Stripe's event readers
 * use, named and nested as Stripe names them), so the events it emits read like Stripe's.
 */

type LocalMetadata = { company_id: string; plan_id: string; coupon: string };

export type LocalCard = { brand: string; last4: string; exp_month: number; exp_year: number; funding: 'credit' };

export type LocalCustomer = {
  id: string;
  object: 'customer';
  created: number;
  name: string;
  email: string | null;
  description: string | null;
  metadata: { company_id: string; vat: string };
  /** Stripe keeps the card as a payment method; the local provider keeps it on the customer. */
  invoice_settings: { default_payment_method: { id: string; type: 'card'; card: LocalCard } | null };
  delinquent: boolean;
};

export type LocalSession = {
  id: string;
  object: 'checkout.session';
  created: number;
  mode: 'subscription';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  customer: string;
  client_reference_id: string;
  metadata: LocalMetadata;
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  subscription: string | null;
  success_url: string;
  cancel_url: string;
  url: string;
  livemode: false;
  /** Not Stripe's: who opened the checkout (only they may pay it on the local page). */
  opened_by: string;
};

export type LocalSubscription = {
  id: string;
  object: 'subscription';
  created: number;
  customer: string;
  status: 'active' | 'past_due' | 'canceled';
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  currency: string;
  metadata: LocalMetadata;
  items: {
    object: 'list';
    data: {
      id: string;
      object: 'subscription_item';
      current_period_start: number;
      current_period_end: number;
      price: { id: string; object: 'price'; unit_amount: number; currency: string; recurring: PlanRecurring };
      quantity: 1;
    }[];
  };
  livemode: false;
};

type PlanRecurring = { interval: 'month' | 'year'; interval_count: number };

export type LocalInvoice = {
  id: string;
  object: 'invoice';
  created: number;
  customer: string;
  status: 'paid' | 'open';
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  currency: string;
  billing_reason: 'subscription_create' | 'subscription_cycle' | 'subscription_update';
  attempt_count: number;
  parent: {
    type: 'subscription_details';
    quote_details: null;
    subscription_details: { subscription: string; metadata: LocalMetadata };
  };
  lines: {
    object: 'list';
    data: {
      id: string;
      object: 'line_item';
      amount: number;
      currency: string;
      period: { start: number; end: number };
    }[];
  };
  livemode: false;
};

export type LocalCoupon = CouponView & { object: 'coupon' };

export const nowSeconds = () => Math.floor(Date.now() / 1000);
export const localId = (prefix: string) => `${prefix}_local_${ulid()}`;

/** The end of a period that starts at `start` (seconds), one plan interval later (calendar months). */
export function periodEnd(start: number, recurring: PlanRecurring): number {
  const date = new Date(start * 1000);
  const months = recurring.interval === 'year' ? 12 * recurring.interval_count : recurring.interval_count;
  date.setUTCMonth(date.getUTCMonth() + months);
  return Math.floor(date.getTime() / 1000);
}

/** What a coupon leaves of an amount, in whole pence (a percentage rounded half up). */
export function discounted(amount: number, coupon: CouponView | null): number {
  if (!coupon) return amount;
  if (coupon.amount_off !== null) return Math.max(0, amount - coupon.amount_off);
  const percent = coupon.percent_off ?? 0;
  return new Big(amount).times(new Big(100).minus(percent)).div(100).round(0, Big.roundHalfUp).toNumber();
}

/** Whether a coupon still takes something off at a subscription's `cycle`-th payment (0 = the first). */
export function couponApplies(coupon: CouponView | null, cycle: number): CouponView | null {
  if (!coupon) return null;
  if (coupon.duration === 'forever') return coupon;
  if (coupon.duration === 'once') return cycle === 0 ? coupon : null;
  return cycle < (coupon.duration_in_months ?? 1) ? coupon : null;
}

export function newSubscription(session: LocalSession, plan: PlanView, start: number): LocalSubscription {
  const recurring = { interval: plan.interval, interval_count: plan.interval_count };
  return {
    id: localId('sub'),
    object: 'subscription',
    created: start,
    customer: session.customer,
    status: 'active',
    cancel_at_period_end: false,
    canceled_at: null,
    currency: plan.currency.toLowerCase(),
    metadata: session.metadata,
    items: {
      object: 'list',
      data: [
        {
          id: localId('si'),
          object: 'subscription_item',
          current_period_start: start,
          current_period_end: periodEnd(start, recurring),
          price: {
            id: plan.stripe_id ?? plan.id,
            object: 'price',
            unit_amount: plan.amount,
            currency: plan.currency.toLowerCase(),
            recurring,
          },
          quantity: 1,
        },
      ],
    },
    livemode: false,
  };
}

/** The invoice of a subscription's current period: paid, or open after a failed attempt. */
export function periodInvoice(
  subscription: LocalSubscription,
  amount: number,
  paid: boolean,
  reason: LocalInvoice['billing_reason'],
): LocalInvoice {
  const item = subscription.items.data[0];
  return {
    id: localId('in'),
    object: 'invoice',
    created: nowSeconds(),
    customer: subscription.customer,
    status: paid ? 'paid' : 'open',
    amount_due: amount,
    amount_paid: paid ? amount : 0,
    amount_remaining: paid ? 0 : amount,
    currency: subscription.currency,
    billing_reason: reason,
    attempt_count: 1,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
    },
    lines: {
      object: 'list',
      data: [
        {
          id: localId('il'),
          object: 'line_item',
          amount,
          currency: subscription.currency,
          period: { start: item?.current_period_start ?? 0, end: item?.current_period_end ?? 0 },
        },
      ],
    },
    livemode: false,
  };
}
