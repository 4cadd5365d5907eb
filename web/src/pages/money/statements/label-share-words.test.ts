import { describe, expect, it } from 'vitest';
import { labelShareWords } from './label-share-words';

describe("the label's share in words", () => {
  it('says what the payees are owed, what the label keeps and what no one is entitled to, in the run currency', () => {
    const words = labelShareWords(
      { label_payable: '100.000000', allocated: '60.000000', retained: '39.500000', unaccountable: '0.500000' },
      'GBP',
    );
    expect(words).toMatchObject({ retained: '£39.50' });
    expect(words.sentence).toBe(
      "Of the label's share of this period's income, £100.00, the payees are owed £60.00, the label keeps £39.50 and no one is entitled to £0.50.",
    );
    expect(
      labelShareWords({ label_payable: '2', allocated: '1', retained: '1', unaccountable: '0' }, 'EUR').sentence,
    ).toContain('the label keeps EUR 1.00');
  });

  it("says what the payees' statements state to the cent and the rounding they carry, when the preview says", () => {
    const totals = {
      label_payable: '5.685000',
      allocated: '4.076250',
      retained: '1.358750',
      unaccountable: '0.250000',
    };
    expect(labelShareWords(totals, 'GBP').statements).toBeNull();
    expect(
      labelShareWords(
        { ...totals, payees: { stated: '4.08', rounding: '-0.003750', already_stated: '0.000000' } },
        'GBP',
      ).statements,
    ).toBe(
      'The statements below state £4.08 of it to the cent; rounding to the cent, carried from one statement of a payee to the next, accounts for -£0.003750.',
    );
    expect(
      labelShareWords({ ...totals, payees: { stated: '3.00', rounding: '0', already_stated: '1.076250' } }, 'GBP')
        .statements,
    ).toBe(
      'The statements below state £3.00 of it to the cent; £1.076250 is for payees another run has stated for these months.',
    );
  });

  it('shows what the label keeps as the rest of the share to the cent, as the finances do, so the figures add up', () => {
    // 0.125 + 0.125 + 0 = 0.25; each rounded on its own 0.13 + 0.13 ≠ 0.25, so the label keeps 0.25 − 0.13 = 0.12.
    const words = labelShareWords(
      { label_payable: '0.250000', allocated: '0.125000', retained: '0.125000', unaccountable: '0.000000' },
      'USD',
    );
    expect([words.label_share, words.payees, words.retained, words.unaccountable]).toEqual([
      '$0.25',
      '$0.13',
      '$0.12',
      '$0.00',
    ]);
    // A negative share (returns): -0.99 owed -0.495 keeps -0.49, beside the payees' -0.50.
    const returns = labelShareWords(
      { label_payable: '-0.990000', allocated: '-0.495000', retained: '-0.495000', unaccountable: '0.000000' },
      'GBP',
    );
    expect([returns.label_share, returns.payees, returns.retained]).toEqual(['-£0.99', '-£0.50', '-£0.49']);
  });
});
