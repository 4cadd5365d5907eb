import { describe, expect, it } from 'vitest';
import type { PaymentRun } from '../../../../../shared/schemas/payment-views';
import { exportConsequence } from './run-model';

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
