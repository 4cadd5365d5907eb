import { describe, expect, it } from 'vitest';
import {
  columnLabel,
  emptyMapValues,
  fromRoyaltyMap,
  matchedByNameMessage,
  previewable,
  toRoyaltyMap,
  validateMap,
} from './map-model';

describe('royalty map editor', () => {
  it('turns the editor values into a map, leaving out what is unset', () => {
    const values = {
      ...emptyMapValues(),
      name: 'Spotify',
      delimiter: ';' as const,
      decimal: 'comma' as const,
      skip_header_rows: '2',
      currency: 'eur',
      columns: { isrc: 'ISRC', song: '' },
      constants: { retailer: ' Spotify ' },
    };
    expect(toRoyaltyMap(values)).toEqual({
      columns: { isrc: 'ISRC' },
      constants: { retailer: 'Spotify' },
      delimiter: ';',
      decimal: 'comma',
      skip_header_rows: 2,
      currency: 'EUR',
    });
  });

  it('round-trips a saved map', () => {
    const map = { columns: { isrc: 'ISRC', subtotal_payable: 'Net' }, decimal: 'point' as const, skip_footer_rows: 1 };
    expect(toRoyaltyMap(fromRoyaltyMap('X', map))).toEqual(map);
  });

  it('says how many columns matched by name and names those that did not', () => {
    expect(matchedByNameMessage(3, [])).toEqual({ message: 'All 3 columns matched by name.', details: [] });
    expect(matchedByNameMessage(11, ['Bemerkung', 'Zeile'])).toEqual({
      message: '9 of 11 columns matched by name. Not matched: Bemerkung, Zeile.',
      details: ['Choose the field of each below, or leave it out if the import does not need it.'],
    });
  });

  it('validates name, row counts, currency and the columns an import needs', () => {
    expect(validateMap(emptyMapValues())).toEqual({
      name: 'Name is required',
      'columns.subtotal_payable': 'Subtotal payable is required',
      'columns.pay_period': 'Pay period is required',
      currency: 'Currency is required when no column holds the currency',
    });
    const ok = {
      ...emptyMapValues(),
      name: 'A',
      columns: { subtotal_payable: 'Net', subtotal_payable_currency: 'Cur' },
      constants: { pay_period: '2026-01' },
    };
    expect(previewable(toRoyaltyMap(ok))).toBe(true);
    expect(previewable(toRoyaltyMap({ ...ok, columns: { subtotal_payable: 'Net' } }))).toBe(false);
    expect(previewable(toRoyaltyMap({ ...ok, columns: { subtotal_payable: 'Net' }, currency: 'EUR' }))).toBe(true);
    expect(validateMap(ok)).toEqual({});
    expect(validateMap({ ...ok, skip_header_rows: '-1', currency: 'EURO' })).toMatchObject({
      skip_header_rows: expect.any(String),
      currency: 'Currency must be one of the currencies listed, e.g. GBP, EUR or USD',
    });
  });

  it('labels columns for people', () => {
    expect(columnLabel('country_iso')).toBe('Country ISO');
    expect(columnLabel('isrc')).toBe('ISRC');
  });
});
