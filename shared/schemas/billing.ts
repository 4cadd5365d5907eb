import { z } from 'zod';
import { currencyCode } from './currency.js';
import type { PlanView, SubscriptionStatus } from '../plans.js';
import { VALIDATION } from '../messages.js';

/**
 * What the billing area takes and gives.
 * The API parses with these schemas and the SPA's forms validate with the same ones.
 */

const text = (field: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, VALIDATION.maxValue(field, `${max} characters`));

/** Upgrade: the plan to subscribe to and an optional coupon (its id). */
export const checkoutInput = z.strictObject({
  plan_id: z.string().trim().min(1, VALIDATION.required('Plan')).max(64),
  coupon: text('Coupon', 64).optional(),
});

/** Cancel the subscription: at the end of the paid period (the default) or now. */
export const cancelInput = z.strictObject({ at_period_end: z.boolean().optional() });

/** The company's billing contact: what the provider prints on invoices. */
export const billingDetailsInput = z.strictObject({
  email: z.email(VALIDATION.email).max(254).optional(),
  business_vat_id: text('Business VAT ID', 40).optional(),
  description: text('Description', 350).optional(),
});

export const COUPON_DURATIONS = ['once', 'repeating', 'forever'] as const;

/**
 * A coupon (Stripe's shape): a percentage or a fixed amount off (in pence, cents), once, for some
 * months, or for ever. Exactly one of percent_off and amount_off.
 */
export const couponInput = z
  .strictObject({
    id: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{1,40}$/, 'Code must be 1–40 letters, digits, _ or -')
      .optional(),
    name: text('Name', 40).optional(),
    percent_off: z
      .number('Percent off must be a number')
      .gt(0, 'Percent off must be more than 0')
      .max(100, 'Percent off must be 100 at most')
      .optional(),
    amount_off: z
      .int('Amount off must be a whole number of pence')
      .positive('Amount off must be more than 0')
      .optional(),
    // The card provider takes the code in small letters.
    currency: currencyCode('Currency')
      .transform((value) => value.toLowerCase())
      .optional(),
    duration: z.enum(COUPON_DURATIONS, { error: 'Duration must be once, repeating or forever' }),
    duration_in_months: z.int().min(1, 'Duration in months must be at least 1').max(36).optional(),
  })
  .superRefine((coupon, ctx) => {
    const both = coupon.percent_off !== undefined && coupon.amount_off !== undefined;
    if (both || (coupon.percent_off === undefined && coupon.amount_off === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['percent_off'], message: 'Give either a percent off or an amount off' });
    }
    if (coupon.amount_off !== undefined && !coupon.currency) {
      ctx.addIssue({ code: 'custom', path: ['currency'], message: VALIDATION.required('Currency') });
    }
    if (coupon.duration === 'repeating' && !coupon.duration_in_months) {
      ctx.addIssue({
        code: 'custom',
        path: ['duration_in_months'],
        message: VALIDATION.required('Duration in months'),
      });
    }
  });
export type CouponInput = z.infer<typeof couponInput>;

/** The local checkout page's card form (local provider only: test cards, nothing is charged). */
export const localPaymentInput = z.strictObject({
  card_number: z
    .string()
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, 'Card number must be 12 to 19 digits')),
  exp_month: z.int('Expiry month must be 1 to 12').min(1, 'Expiry month must be 1 to 12').max(12),
  exp_year: z.int('Expiry year must be a year').min(2000, 'Expiry year must be a year').max(2100),
  cvc: z.string().regex(/^\d{3,4}$/, 'CVC must be 3 or 4 digits'),
});

/** The local provider's "renew now": the next payment of a company's subscription, as its card decides or forced. */
export const localRenewInput = z.strictObject({
  company_id: z.string().trim().min(1, VALIDATION.required('Company')).max(64),
  outcome: z.enum(['card', 'paid', 'failed']).optional(),
});

/** A coupon as the API shows it. */
export type CouponView = {
  id: string;
  name: string | null;
  percent_off: number | null;
  amount_off: number | null;
  currency: string | null;
  duration: (typeof COUPON_DURATIONS)[number];
  duration_in_months: number | null;
  times_redeemed: number;
  valid: boolean;
  created: string;
};

export type PromotionCodeView = { id: string; code: string; coupon: string; active: boolean; times_redeemed: number };

/** The card on file, as the provider reports it: never the number. */
export type PaymentMethodView = { type: string; brand: string; last4: string; exp_month: number; exp_year: number };

export type BillingDetailsView = {
  billing_details: {
    customer_id: string | null;
    email: string | null;
    business_vat_id: string | null;
    description: string | null;
    currency: string | null;
    delinquent: boolean;
    coupon: string | null;
  };
  payment_method: PaymentMethodView | null;
  subscription: {
    plan_id: string | null;
    status: SubscriptionStatus | null;
    provider: string | null;
    current_period_end: string | null;
    cancel_at_period_end: boolean;
  };
  /** Which provider takes payments here: 'stripe' in AWS, 'local' on the local cloud. */
  provider: 'stripe' | 'local';
  /** The plans a manager may buy by card (public, not free), cheapest first. */
  plans: PlanView[];
};

export type BillingEventView = {
  id: string;
  type: string;
  company_id: string;
  company_name: string | null;
  created: string;
  received_at: string;
  processed_at: string | null;
  outcome: 'applied' | 'ignored' | null;
  summary: string | null;
};

/** A local checkout session as its page shows it. */
export type LocalCheckoutView = {
  id: string;
  status: 'open' | 'complete' | 'expired';
  company_id: string;
  company_name: string | null;
  plan: { id: string; name: string; amount: number; currency: string; interval: string };
  /** What the first payment takes after the coupon, in pence. */
  amount_due: number;
  coupon: string | null;
  success_url: string;
  cancel_url: string;
};
