import { describe, expect, it } from 'vitest';
import { statementPayout, withholdingTaxOn } from '../../functions/money/statements/accounts/payout.js';

/** What a statement pays out (functions/money/statements/accounts/payout.ts): the one rule every screen and file reads. */
describe('withholding tax on a statement', () => {
  it('is the payable times the rate, half-up to the cent', () => {
    expect(withholdingTaxOn('1000.00', 30)).toEqual({ rate: '30', amount: '300.00' });
    expect(withholdingTaxOn('80.01', 12.5)).toEqual({ rate: '12.5', amount: '10.00' });
    // 0.10 × 15 % = 0.015: a tie goes up.
    expect(withholdingTaxOn('0.10', 15)).toEqual({ rate: '15', amount: '0.02' });
    expect(withholdingTaxOn('33.33', 33.33)).toEqual({ rate: '33.33', amount: '11.11' });
  });

  it('is none without a rate or when nothing is paid', () => {
    expect(withholdingTaxOn('1000.00', 0)).toBeNull();
    expect(withholdingTaxOn('1000.00', null)).toBeNull();
    expect(withholdingTaxOn('1000.00', undefined)).toBeNull();
    expect(withholdingTaxOn('0.00', 30)).toBeNull();
    expect(withholdingTaxOn('-5.00', 30)).toBeNull();
  });
});

describe('a statement’s payout', () => {
  it('is payable + self-billing VAT − tax withheld, to the cent', () => {
    expect(
      statementPayout({
        figures: { payable: '1000.00' },
        self_billing: { vat: '200.00' },
        withholding_tax: { amount: '300.00' },
      }),
    ).toEqual({ payable: '1000.00', vat: '200.00', withholding_tax: '300.00', total: '900.00' });
    expect(statementPayout({ figures: { payable: '0.10' }, self_billing: { vat: '0.02' } }).total).toBe('0.12');
  });

  it('is the payable alone for a statement with neither (every statement published before either existed)', () => {
    expect(statementPayout({ figures: { payable: '70.00' } })).toEqual({
      payable: '70.00',
      vat: '0.00',
      withholding_tax: '0.00',
      total: '70.00',
    });
    expect(statementPayout({ figures: { payable: '0.00' }, self_billing: null, withholding_tax: null }).total).toBe(
      '0.00',
    );
  });
});
