import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrors } from '../../functions/lib/validation.js';
import { royaltyMapInput } from '../../functions/royalties/api/maps.js';
import { newSale, royaltyUpdate } from '../../shared/schemas/royalty.js';
import {
  emptyMapValues,
  toRoyaltyMap,
  validateMap,
  type MapEditorValues,
} from '../../web/src/pages/royalties/map-model.js';
import {
  emptySale,
  validateRoyalty,
  type RoyaltyFormValues,
} from '../../web/src/pages/royalties/royalty-form-model.js';

/** The API's errors for a royalty body, as `{ field: first text }` (the API nests the body under `royalty`). */
function apiErrors(schema: z.ZodType, royalty: Record<string, unknown>): Record<string, string> {
  const result = z.strictObject({ royalty: schema }).safeParse({ royalty });
  if (result.success) return {};
  const errors = fieldErrors(result.error, { royalty });
  return Object.fromEntries(
    Object.entries(errors).map(([field, texts]) => [field.replace(/^royalty\./, ''), texts[0]]),
  );
}

const sale = (changes: Partial<RoyaltyFormValues>): RoyaltyFormValues => ({
  ...emptySale(new Date(2026, 0, 1)),
  retailer: 'Bandcamp',
  subtotal_payable: '1',
  ...changes,
});

describe('one royalty contract for the API and the form (shared/schemas/royalty.ts)', () => {
  it('the API parses with the very schemas the form validates with', () => {
    const handler = readFileSync(new URL('../../functions/royalties/handler.ts', import.meta.url), 'utf8');
    expect(handler).toMatch(
      /import \{ newSale, royaltyFields, royaltyUpdate \} from '\.\.\/\.\.\/shared\/schemas\/royalty\.js'/,
    );
    expect(newSale.shape).toBeDefined();
    expect(royaltyUpdate).toBeDefined();
  });

  it.each([
    [
      'an amount with 7 decimals',
      { subtotal_payable: '1.1234567' },
      'subtotal_payable',
      'Subtotal payable must be an amount with up to 6 decimals',
    ],
    [
      'an amount too large for the ledger',
      { subtotal_payable: '1234567890123' },
      'subtotal_payable',
      'Subtotal payable must have at most 12 digits before the decimal point',
    ],
    [
      'a pay period that is not a month',
      { pay_period: '2026-13' },
      'pay_period',
      'Pay period must be a month as YYYY-MM',
    ],
    ['a blank retailer', { retailer: ' ' }, 'retailer', 'Retailer is required'],
    [
      'a currency name',
      { currency: 'pounds' },
      'currency',
      'Currency must be one of the currencies listed, e.g. GBP, EUR or USD',
    ],
    ['a territory name', { territory: 'Britain' }, 'territory', 'Territory must be a two-letter country code'],
    ['a fractional quantity', { quantity: '1.5' }, 'quantity', 'Quantity must be a whole number'],
    // Number() read these as 1000 and 16.
    ['a quantity in exponent notation', { quantity: '1e3' }, 'quantity', 'Quantity must be a whole number'],
    ['a hexadecimal quantity', { quantity: '0x10' }, 'quantity', 'Quantity must be a whole number'],
  ])('refuses %s with the same sentence on both sides', (_, changes, field, sentence) => {
    const values = sale(changes);
    expect(validateRoyalty(values)).toEqual({ [field]: sentence });
    // What the form would send, with the bad value as typed.
    const body: Record<string, unknown> = {
      pay_period: values.pay_period,
      retailer: values.retailer,
      subtotal_payable: values.subtotal_payable,
      currency: values.currency,
      quantity: values.quantity,
    };
    if (values.territory) body.territory = values.territory;
    expect(apiErrors(newSale, body)).toEqual({ [field]: sentence });
  });

  it('names each edited amount in the form’s words on both sides', () => {
    const values = sale({ label_payable: '1,50' });
    expect(validateRoyalty(values, true)).toEqual({
      label_payable: 'Label share must be an amount with up to 6 decimals',
    });
    expect(apiErrors(royaltyUpdate, { label_payable: '1,50' })).toEqual({
      label_payable: 'Label share must be an amount with up to 6 decimals',
    });
  });

  it('accepts a sale the ledger can hold, up to 12 digits and 6 decimals', () => {
    expect(validateRoyalty(sale({ subtotal_payable: '-999999999999.123456' }))).toEqual({});
    expect(
      newSale.parse({ pay_period: '2026-01', retailer: 'X', subtotal_payable: '1', currency: 'gbp' }),
    ).toMatchObject({ currency: 'GBP', quantity: 1 });
  });
});

describe('a report map: the editor says what the API says (functions/royalties/api/maps.ts)', () => {
  /** The API's errors for the editor's values as sent, keyed as the editor keys them ("columns.pay_period"). */
  function mapApiErrors(values: MapEditorValues): Record<string, string> {
    const body = { name: values.name, map: toRoyaltyMap(values) };
    const result = royaltyMapInput.safeParse(body);
    if (result.success) return {};
    const errors = fieldErrors(result.error, body);
    return Object.fromEntries(Object.entries(errors).map(([field, texts]) => [field.replace(/^map\./, ''), texts[0]]));
  }

  it('refuses a map without a name, an amount, a pay period or a currency in the same words', () => {
    const empty = emptyMapValues();
    expect(mapApiErrors(empty)).toEqual(validateMap(empty));
    expect(mapApiErrors(empty)).toEqual({
      name: 'Name is required',
      'columns.subtotal_payable': 'Subtotal payable is required',
      'columns.pay_period': 'Pay period is required',
      currency: 'Currency is required when no column holds the currency',
    });
    const badCurrency = {
      ...empty,
      name: 'Store',
      currency: 'pounds',
      columns: { subtotal_payable: 'Net', pay_period: 'Period' },
    };
    expect(mapApiErrors(badCurrency)).toEqual(validateMap(badCurrency));
    expect(mapApiErrors(badCurrency)).toEqual({
      currency: 'Currency must be one of the currencies listed, e.g. GBP, EUR or USD',
    });
  });
});
