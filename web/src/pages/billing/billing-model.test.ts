import { describe, expect, it } from 'vitest';
import { appPath, couponTerms, eventWords, formatPence, providerWords } from './billing-model';

describe('billing model', () => {
  it('shows pence as money without floats', () => {
    expect(formatPence(2900, 'gbp')).toBe('£29.00');
    expect(formatPence(9950, 'GBP')).toBe('£99.50');
    expect(formatPence(5, 'gbp')).toBe('£0.05');
  });
  it('names the payment provider and its events in words, never by their stored names', () => {
    expect(providerWords('local')).toBe('Local test provider');
    expect(providerWords('stripe')).toBe('Stripe');
    expect(providerWords('admin')).toBe('Assigned by the platform');
    expect(providerWords(null)).toBe('-');
    expect(eventWords('invoice.payment_failed')).toBe('Invoice payment failed');
    expect(eventWords('customer.subscription.updated')).toBe('Customer subscription updated');
  });
  it('words a coupon', () => {
    const base = { percent_off: null, amount_off: null, currency: null, duration_in_months: null };
    expect(couponTerms({ ...base, percent_off: 50, duration: 'once' })).toBe('50% off, once');
    expect(
      couponTerms({ ...base, amount_off: 1000, currency: 'gbp', duration: 'repeating', duration_in_months: 3 }),
    ).toBe('£10.00 off, for 3 months');
  });
  it('keeps the path of an app URL', () => {
    expect(appPath('http://localhost:3000/user/companies/c1/plan?checkout=success')).toBe(
      '/user/companies/c1/plan?checkout=success',
    );
  });
});
