import Big from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  currencyCode,
  currencySign,
  formatDecimal,
  formatMoney,
  formatMoneyByCurrency,
  negatedAmount,
  roundRowsToStated,
  roundRowsToTotal,
} from '../../shared/money';
import { money } from '../../shared/schemas/money';

describe('formatMoneyByCurrency', () => {
  it('writes each currency in its own and never adds them up, leaving out a currency with nothing', () => {
    const totals = [
      { currency: 'EUR', owed: '1234.56', paid: '0.00' },
      { currency: 'GBP', owed: '21', paid: '5.5' },
    ];
    expect(formatMoneyByCurrency(totals, 'owed', 'GBP')).toBe('EUR 1,234.56 + £21.00');
    expect(formatMoneyByCurrency(totals, 'paid', 'GBP')).toBe('£5.50');
  });

  it("says nought in the page's currency when no currency has anything", () => {
    expect(formatMoneyByCurrency([], 'owed', 'USD')).toBe('$0.00');
    expect(formatMoneyByCurrency([{ currency: 'EUR', owed: '0.00' }], 'owed', 'GBP')).toBe('£0.00');
  });
});

describe('formatMoney', () => {
  it('shows GBP as £ and USD as $, grouped thousands, to the cent', () => {
    expect(formatMoney('1234.5', 'GBP')).toBe('£1,234.50');
    expect(formatMoney('1234567.891', 'usd')).toBe('$1,234,567.89');
  });

  it('shows EUR (and any other currency) by its code and a plain space, as EUR amounts always looked', () => {
    expect(formatMoney('7.125', 'EUR')).toBe('EUR 7.13');
    expect(formatMoney('1235.56', 'eur')).toBe('EUR 1,235.56');
    expect(formatMoney('10', 'CHF')).toBe('CHF 10.00');
  });

  it('never assumes a currency: without one the amount stands alone', () => {
    expect(formatMoney('14.25', null)).toBe('14.25');
    expect(formatMoney('14.25', undefined)).toBe('14.25');
    expect(formatMoney('14.25', '')).toBe('14.25');
  });

  it('puts the minus before the sign, and a sum that rounds to nothing has none', () => {
    expect(formatMoney('-1.5', 'GBP')).toBe('-£1.50');
    expect(formatMoney('-2', 'USD')).toBe('-$2.00');
    expect(formatMoney('-1234.5', 'EUR')).toBe('-EUR 1,234.50');
    expect(formatMoney('-0.004', 'GBP')).toBe('£0.00');
  });

  it('rounds half away from zero at the cent, and shows millionths only when asked for the exact amount', () => {
    expect(formatMoney('40.750000', 'EUR')).toBe('EUR 40.75');
    expect(formatMoney('0.005', 'GBP')).toBe('£0.01');
    expect(formatMoney('-0.005', 'GBP')).toBe('-£0.01');
    expect(formatMoney('40.75', 'EUR', { precision: 'exact' })).toBe('EUR 40.750000');
    expect(formatMoney('1234.5678915', 'GBP', { precision: 'exact' })).toBe('£1,234.567892');
    expect(formatDecimal('1234.567891')).toBe('1,234.567891');
  });

  it('property: an amount shown to the cent is the figure the stored-money rule rounds it to', () => {
    const micros = fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }).map((n) => new Big(n.toString()).div(1_000_000));
    fc.assert(
      fc.property(micros, (amount) => {
        const shown = formatMoney(amount.toFixed(6), null).replace(/,/g, '');
        expect(shown).toBe(money(amount));
      }),
    );
  });

  it('formats from the decimal string: amounts beyond a float keep every digit', () => {
    // As a float 12345678901234567.89 is 12345678901234568.
    expect(formatMoney('12345678901234567.885', 'USD')).toBe('$12,345,678,901,234,567.89');
    expect(formatMoney('-98765432109876543.210001', 'EUR', { precision: 'exact' })).toBe(
      '-EUR 98,765,432,109,876,543.210001',
    );
  });

  it('reads empty or unreadable amounts as zero', () => {
    expect(formatMoney(undefined, 'GBP')).toBe('£0.00');
    expect(formatMoney('', 'USD')).toBe('$0.00');
    expect(formatMoney('abc', 'EUR')).toBe('EUR 0.00');
  });

  it('names the sign of a currency', () => {
    expect(currencySign('gbp')).toBe('£');
    expect(currencySign('USD')).toBe('$');
    expect(currencySign('EUR')).toBe('EUR');
    expect(currencySign(null)).toBe('');
  });

  it('names a currency on its own by its code, the same on every page', () => {
    expect(currencyCode('gbp')).toBe('GBP');
    expect(currencyCode(' EUR ')).toBe('EUR');
    expect(currencyCode(null)).toBe('');
  });
});

describe('roundRowsToTotal (largest remainder at the cent)', () => {
  it('makes the rows of a table add up to its printed total', () => {
    // Each rounded on its own: 62.44 + 61.19 + 58.33 = 181.96, against a total of 181.97.
    const { rows, total } = roundRowsToTotal(['62.444', '61.194', '58.334']);
    expect(total).toBe('181.97');
    expect(rows).toEqual(['62.45', '61.19', '58.33']);
  });

  it('gives the missing cent to the row that lost the most', () => {
    expect(roundRowsToTotal(['1.001', '1.004', '1.002']).rows).toEqual(['1.00', '1.01', '1.00']);
    expect(roundRowsToTotal(['0.333333', '0.333333', '0.333334']).rows).toEqual(['0.33', '0.33', '0.34']);
    expect(roundRowsToTotal(['-1.005', '-1.005', '2.001'])).toEqual({
      rows: ['-1.00', '-1.01', '2.00'],
      total: '-0.01',
    });
  });

  const amount = fc
    .tuple(fc.bigInt({ min: -1_000_000_000_000n, max: 1_000_000_000_000n }), fc.integer({ min: 0, max: 999_999 }))
    .map(([whole, millionths]) => new Big(`${whole}.${String(millionths).padStart(6, '0')}`).toFixed(6));

  it('property: rows add up to the total, the total is the rounded exact sum, each row within a cent', () => {
    fc.assert(
      fc.property(fc.array(amount, { maxLength: 40 }), (amounts) => {
        const { rows, total } = roundRowsToTotal(amounts);
        const exactSum = amounts.reduce((s, a) => s.plus(a), new Big(0));
        expect(total).toBe(
          exactSum
            .round(2, Big.roundHalfUp)
            .toFixed(2)
            .replace(/^-0\.00$/, '0.00'),
        );
        expect(rows.reduce((s, r) => s.plus(r), new Big(0)).eq(total)).toBe(true);
        rows.forEach((r, i) => {
          expect(
            new Big(r)
              .minus(amounts[i] ?? '0')
              .abs()
              .lt('0.01'),
          ).toBe(true);
          expect(r).toMatch(/^-?\d+\.\d{2}$/);
        });
      }),
      { numRuns: 300 },
    );
  });
});

describe('roundRowsToStated (a statement’s tables add up to its royalties)', () => {
  it('shares out the stated royalties when the carried rounding moved them a cent from the rows’ own sum', () => {
    // Two sales of 10.005 each at 50 %: 10.005 exact, stated 10.00 with a carried rounding; the table said 10.01.
    expect(roundRowsToStated(['10.005000'], '10.00')).toEqual({ rows: ['10.00'], total: '10.00' });
    expect(roundRowsToStated(['4.002500', '6.002500'], '10.00')).toEqual({ rows: ['4.00', '6.00'], total: '10.00' });
    // The cent goes to the row that lost the most, the earlier one on a tie.
    expect(roundRowsToStated(['4.002500', '6.002500'], '10.01')).toEqual({ rows: ['4.01', '6.00'], total: '10.01' });
  });

  it('leaves rows that are not the royalties (their sum more than a cent away) to their own rounded sum', () => {
    expect(roundRowsToStated(['12.504', '7.504'], '10.00')).toEqual(roundRowsToTotal(['12.504', '7.504']));
  });

  const cents = fc.integer({ min: -499, max: 499 }).map((n) => new Big(n).div(100_000));
  const amount = fc.integer({ min: -50_000_000, max: 50_000_000 }).map((n) => new Big(n).div(1_000_000).toFixed(6));
  it('property: the rows add up to the stated figure, each within a cent of its exact amount', () => {
    fc.assert(
      fc.property(fc.array(amount, { minLength: 1, maxLength: 40 }), cents, (amounts, carried) => {
        // As a statement states its royalties: the exact sum plus less than half a cent carried, to the cent.
        const stated = amounts
          .reduce((s, a) => s.plus(a), new Big(0))
          .plus(carried)
          .round(2, Big.roundHalfUp)
          .toFixed(2);
        const { rows, total } = roundRowsToStated(amounts, stated);
        expect(new Big(total).eq(stated)).toBe(true);
        expect(rows.reduce((s, r) => s.plus(r), new Big(0)).eq(stated)).toBe(true);
        for (const [i, r] of rows.entries())
          expect(
            new Big(r)
              .minus(amounts[i] ?? '0')
              .abs()
              .lte('0.01'),
          ).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe('negatedAmount', () => {
  it('turns the sign and keeps the decimals the amount was written with; zero stays as it is', () => {
    expect(negatedAmount('120.00')).toBe('-120.00');
    expect(negatedAmount('-28.330500')).toBe('28.330500');
    expect(negatedAmount('7')).toBe('-7');
    expect(negatedAmount('0.00')).toBe('0.00');
  });
});
