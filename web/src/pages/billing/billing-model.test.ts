import { describe, expect, it } from 'vitest';
import { appPath, couponTerms, formatPence } from './billing-model';

describe('billing model', () => {
  it('shows pence as money without floats', () => {
    expect(formatPence(2900, 'gbp')).toBe('£29.00');
    expect(formatPence(9950, 'GBP')).toBe('£99.50');
    expect(formatPence(5, 'gbp')).toBe('£0.05');
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
