import { describe, expect, it } from 'vitest';
import type { PaymentRun } from '../../../../../shared/schemas/payment-views';
import type { PaymentDue, PaymentRunItem } from '../../../../../shared/schemas/payment-views';
import { exportConsequence, itemAmountWords, pairsToConvert } from './run-model';

describe('exportConsequence', () => {
  it('says what Export freezes and that nothing is paid yet', () => {
    const run = {
      items: [{}, {}] as PaymentRun['items'],
      totals: [
        { currency: 'EUR', count: 1, amount: '1235.56' },
        { currency: 'GBP', count: 1, amount: '70.00' },
      ],
    };
    expect(exportConsequence(run)).toEqual([
      'The run is frozen with its 2 statements (EUR 1,235.56 and £70.00): none can be added or removed afterwards.',
      'The bank files are made for you to download and upload to your bank. Each pays what it lists, so upload each file once.',
      'Nothing is marked paid until you confirm that the bank accepted the files.',
    ]);
    expect(exportConsequence({ ...run, items: [{}] as PaymentRun['items'], totals: [run.totals[1]] })[0]).toBe(
      'The run is frozen with its statement (£70.00): none can be added or removed afterwards.',
    );
  });
});

describe('paying in another currency', () => {
  it('says the rates Export converts at', () => {
    const run = {
      items: [{}] as PaymentRun['items'],
      totals: [{ currency: 'EUR', count: 1, amount: '1438.27' }],
      exchange_rates: [{ from: 'GBP', to: 'EUR', rate: '1.165' }],
    };
    expect(exportConsequence(run)[1]).toBe(
      'Amounts paid in another currency are converted at 1 GBP = 1.165 EUR; each statement is still settled in its own currency.',
    );
  });

  it('shows a converted statement as what it pays and what its file sends', () => {
    const item = { amount: '1234.57', currency: 'GBP' } as PaymentRunItem;
    expect(itemAmountWords(item)).toBe('£1,234.57');
    expect(itemAmountWords({ ...item, converted: { currency: 'EUR', rate: '1.165', amount: '1438.27' } })).toBe(
      '£1,234.57 → EUR 1,438.27',
    );
  });

  it('asks each pair of currencies once, and none for an account paid in its own currency', () => {
    const due = (currency: string, pay_currency: string) => ({ currency, pay_currency }) as PaymentDue;
    expect(pairsToConvert([due('GBP', 'EUR'), due('GBP', 'GBP'), due('GBP', 'EUR'), due('EUR', 'GBP')])).toEqual([
      { key: 'GBP→EUR', from: 'GBP', to: 'EUR' },
      { key: 'EUR→GBP', from: 'EUR', to: 'GBP' },
    ]);
  });
});
