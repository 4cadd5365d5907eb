import { describe, expect, it } from 'vitest';
import { emptySale, paidChanges, toRoyaltyPayload, validateRoyalty } from './royalty-form-model';

describe('manual sale form', () => {
  it('starts in this month, in GBP, quantity 1', () => {
    expect(emptySale(new Date(2026, 0, 15))).toMatchObject({ pay_period: '2026-01', currency: 'GBP', quantity: '1' });
  });

  it('requires a period, a retailer and an amount, checked before sending', () => {
    const errors = validateRoyalty({ ...emptySale(), pay_period: '2026-13', quantity: '1.5', currency: 'pounds' });
    expect(errors).toEqual({
      pay_period: 'Pay period must be a month as YYYY-MM',
      retailer: 'Retailer is required',
      quantity: 'Quantity must be a whole number',
      subtotal_payable: 'Subtotal payable is required',
      currency: 'Currency must be one of the currencies listed, e.g. GBP, EUR or USD',
    });
  });

  it('keeps amounts as decimal strings and sends picked records by id', () => {
    const values = {
      ...emptySale(),
      retailer: ' Bandcamp ',
      subtotal_payable: '10.123456',
      territory: 'gb',
      label: { id: 'L1', name: 'L' },
    };
    expect(validateRoyalty(values)).toEqual({});
    const body = toRoyaltyPayload(values, false);
    expect(body).toEqual({
      pay_period: values.pay_period,
      retailer: 'Bandcamp',
      subtotal_payable: '10.123456',
      currency: 'GBP',
      territory: 'GB',
      sales_category: 'Manual',
      quantity: 1,
      label_id: 'L1',
    });
  });

  it('edits the company-currency amounts, not the reported ones, and marks paid through mark_as_*', () => {
    const values = {
      ...emptySale(),
      retailer: 'X',
      subtotal_payable: '1',
      amount: '2.5',
      label_payable: 'abc',
      paid: true,
    };
    expect(validateRoyalty(values, true)).toEqual({
      label_payable: 'Label share must be an amount with up to 6 decimals',
    });
    const body = toRoyaltyPayload({ ...values, label_payable: '' }, true);
    expect(body).toMatchObject({ amount: '2.5' });
    // Emptied descriptions and links are sent as null (the API empties them); emptied amounts are left as they are.
    expect(body).toMatchObject({
      song: null,
      isrc: null,
      label_id: null,
      recording_id: null,
      sales_category: 'Manual',
    });
    expect(body).not.toHaveProperty('artist_payable');
    expect(toRoyaltyPayload({ ...values, song: '' }, false)).not.toHaveProperty('song');
    expect(body).not.toHaveProperty('subtotal_payable');
    expect(body).not.toHaveProperty('currency');
    expect(paidChanges({ paid: false, artist_paid: true }, { ...values, artist_paid: false })).toEqual([
      'mark_as_paid',
      'mark_as_artist_unpaid',
    ]);
    expect(paidChanges({ paid: true, artist_paid: null }, values)).toEqual([]);
  });
});
