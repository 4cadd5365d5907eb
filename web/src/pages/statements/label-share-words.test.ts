import { describe, expect, it } from 'vitest';
import { labelShareWords } from './label-share-words';

describe("the label's share in words", () => {
  it('says what the payees are owed, what the label keeps and what no one is entitled to, in the run currency', () => {
    const words = labelShareWords(
      { label_payable: '100.000000', allocated: '60.000000', retained: '39.500000', unaccountable: '0.500000' },
      'GBP',
    );
    expect(words).toMatchObject({ precision: 'cents', retained: '£39.50' });
    expect(words.sentence).toBe(
      "Of the label's share of this period's income, £100.00, the payees are owed £60.00, the label keeps £39.50 and no one is entitled to £0.50.",
    );
    expect(
      labelShareWords({ label_payable: '2', allocated: '1', retained: '1', unaccountable: '0' }, 'EUR').sentence,
    ).toContain('the label keeps EUR 1.00');
  });

  it('shows every figure to the millionth when rounding each to the cent would not add up', () => {
    // 0.125 + 0.125 + 0 = 0.25, but 0.13 + 0.13 ≠ 0.25.
    const words = labelShareWords(
      { label_payable: '0.250000', allocated: '0.125000', retained: '0.125000', unaccountable: '0.000000' },
      'USD',
    );
    expect(words.precision).toBe('exact');
    expect([words.label_share, words.payees, words.retained, words.unaccountable]).toEqual([
      '$0.250000',
      '$0.125000',
      '$0.125000',
      '$0.000000',
    ]);
  });
});
