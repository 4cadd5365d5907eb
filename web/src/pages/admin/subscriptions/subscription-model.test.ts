import { describe, expect, it } from 'vitest';
import {
  emptyPlan,
  limitText,
  penceToText,
  planPayload,
  priceText,
  textToPence,
  validatePlan,
} from './subscription-model';

describe('the subscription form model', () => {
  it('converts amounts between the form text and pence without floats', () => {
    expect(textToPence('29')).toBe(2900);
    expect(textToPence('29.5')).toBe(2950);
    expect(textToPence('0.07')).toBe(7);
    expect(textToPence('19.999')).toBeNull();
    expect(textToPence('-1')).toBeNull();
    expect(penceToText(2900)).toBe('29.00');
    expect(penceToText(7)).toBe('0.07');
  });

  it('writes a storage limit in MB, as every file size is written, and no limit as Unlimited', () => {
    expect(limitText('file_storage_capacity', 1024)).toBe('1024 MB');
    expect(limitText('max_users', 3)).toBe('3');
    expect(limitText('max_labels', null)).toBe('Unlimited');
  });

  it('names each wrong field', () => {
    const values = { ...emptyPlan(), name: ' ', amount: '2,9', currency: 'pounds', interval_count: '0' };
    values.limits.max_users = 'three';
    expect(validatePlan(values, true)).toEqual({
      name: 'Name is required',
      amount: 'Amount must be an amount with up to 2 decimals',
      currency: 'Currency must be one of the currencies listed, e.g. GBP, EUR or USD',
      interval_count: 'Interval count must be a whole number of at least 1',
      'limits.max_users': 'A limit must be a whole number, or blank for unlimited',
    });
  });

  it('sends pence and null for blank (unlimited) limits', () => {
    const values = { ...emptyPlan(), name: 'Pro', amount: '49.90', currency: 'gbp' };
    values.limits.max_labels = '25';
    const body = planPayload(values, true);
    expect(body).toMatchObject({ name: 'Pro', amount: 4990, currency: 'GBP', statement_descriptor: null });
    expect(body.limits).toEqual({ file_storage_capacity: null, max_users: null, max_labels: 25, free_promos: null });
    expect(priceText({ amount: 4990, currency: 'GBP', interval: 'month', interval_count: 1 })).toBe('£49.90 / month');
    expect(priceText({ amount: 0, currency: 'GBP', interval: 'month', interval_count: 1 })).toBe('Free');
  });
});
