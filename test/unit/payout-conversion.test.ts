import { describe, expect, it } from 'vitest';
import { convertedAmount, exchangeRateText, pairKey, rateWords } from '../../shared/schemas/payout-conversion.js';

/** The one rule a run, its bank file and the payment it records convert a payout by. */
describe('converting a payout into the currency its method pays', () => {
  it('multiplies exactly and rounds half-up to the cent', () => {
    expect(convertedAmount('1234.57', '1.165')).toBe('1438.27'); // 1,438.27405
    expect(convertedAmount('0.10', '1.165')).toBe('0.12'); // 0.1165
    expect(convertedAmount('100.00', '0.858369')).toBe('85.84'); // 85.8369
    expect(convertedAmount('2.00', '1.0025')).toBe('2.01'); // 2.005: half goes up
    expect(convertedAmount('0.01', '0.4')).toBe('0.00');
    // A float would say 1.0049999…: the rule works on decimals.
    expect(convertedAmount('1.005', '1')).toBe('1.01');
  });

  it('takes a rate as typed: positive, up to six decimals, never read as a float', () => {
    const read = (rate: string) => exchangeRateText.safeParse(rate);
    expect(read(' 1.165 ')).toMatchObject({ success: true, data: '1.165' });
    expect(read('0.000001').success).toBe(true);
    for (const [rate, words] of [
      ['0', 'Exchange rate must be more than 0'],
      ['0.000', 'Exchange rate must be more than 0'],
      ['1.1234567', 'Exchange rate must be a number with up to 6 decimals (1.165)'],
      ['abc', 'Exchange rate must be a number with up to 6 decimals (1.165)'],
      ['', 'Exchange rate must be a number with up to 6 decimals (1.165)'],
      ['-1', 'Exchange rate must be a number with up to 6 decimals (1.165)'],
      ['1e3', 'Exchange rate must be a number with up to 6 decimals (1.165)'],
    ]) {
      const parsed = read(rate);
      expect(parsed.success, rate).toBe(false);
      expect(parsed.error?.issues.map((i) => i.message)).toContain(words);
    }
  });

  it('names a pair and a rate the way a bank does', () => {
    expect(pairKey('gbp', 'eur')).toBe('GBP→EUR');
    expect(rateWords('GBP', 'EUR', '1.165')).toBe('1 GBP = 1.165 EUR');
  });
});
