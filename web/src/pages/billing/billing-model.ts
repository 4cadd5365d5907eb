import { formatMoney } from '../../../../shared/money';
import { valueWords } from '../../../../shared/messages';
import { formatPercent } from '../../../../shared/format';

/** Pence (Stripe's smallest unit) as money text, without a float: 2900 GBP → £29.00. */
export function formatPence(amount: number, currency: string): string {
  const sign = amount < 0 ? '-' : '';
  const whole = Math.abs(Math.trunc(amount));
  return formatMoney(
    `${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`,
    currency.toUpperCase(),
  );
}

/** A coupon's discount in words: "50% off" or "£10.00 off", with its duration. */
export function couponTerms(coupon: {
  percent_off: number | null;
  amount_off: number | null;
  currency: string | null;
  duration: string;
  duration_in_months: number | null;
}): string {
  const off =
    coupon.percent_off !== null
      ? `${formatPercent(coupon.percent_off)} off`
      : `${formatPence(coupon.amount_off ?? 0, coupon.currency ?? 'gbp')} off`;
  const how =
    coupon.duration === 'repeating'
      ? `for ${coupon.duration_in_months} month${coupon.duration_in_months === 1 ? '' : 's'}`
      : coupon.duration === 'once'
        ? 'once'
        : 'forever';
  return `${off}, ${how}`;
}

/** The path part of an absolute app URL the API hands back (success and cancel pages), for the router. */
export function appPath(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return url;
  }
}

/** Who takes a subscription's payments, in words: the local test provider, Stripe, or a plan the platform assigned. */
export function providerWords(provider: string | null | undefined): string {
  if (provider === 'local') return 'Local test provider';
  if (provider === 'stripe') return 'Stripe';
  if (provider === 'admin') return 'Assigned by the platform';
  return '-';
}

/**
 * A payment provider's event type in words: "invoice.payment_failed" → "Invoice payment failed",
 * "customer.subscription.updated" → "Customer subscription updated".
 */
export function eventWords(type: string): string {
  return valueWords(type.replace(/\./g, ' ').trim()) || '-';
}
