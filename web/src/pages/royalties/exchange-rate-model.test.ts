import { describe, expect, it } from 'vitest';
import { distributorSuggestions, ratePayload, rateValuesFrom, validateRate } from './exchange-rate-model';
import { exchangeUpdateText, ratesJobsSum, totalsEquation } from './royalty-model';
import { DISTRIBUTION_ROYALTY_PAGES, exchangeRatesFor, royaltyPagesFor, USER_ROYALTY_PAGES } from './royalties-api';

const valid = {
  distributor: 'Demo',
  payment_date: '2026-01-31',
  original_currency: 'usd',
  target_currency: 'GBP',
  rate: '0.791234',
};

describe('exchange rate form', () => {
  it('prefills from the query, defaulting the target to the company currency', () => {
    const values = rateValuesFrom(
      new URLSearchParams('distributor=Demo%20Dist&original_currency=usd'),
      'GBP',
      '2026-05-01',
    );
    expect(values).toEqual({
      distributor: 'Demo Dist',
      payment_date: '2026-05-01',
      original_currency: 'USD',
      target_currency: 'GBP',
      rate: '',
    });
  });

  it('checks each field as the API does', () => {
    expect(validateRate(valid)).toEqual({});
    expect(
      validateRate({
        distributor: ' ',
        payment_date: '31/01/2026',
        original_currency: 'US',
        target_currency: 'GBP',
        rate: '1.1234567',
      }),
    ).toEqual({
      distributor: 'Distributor is required',
      payment_date: 'Payment date must be a whole date (DD/MM/YYYY)',
      original_currency: 'Original currency must be one of the currencies listed, e.g. GBP, EUR or USD',
      rate: 'Rate must be a positive number with at most 6 decimal places',
    });
    expect(validateRate({ ...valid, rate: '0.000' }).rate).toBeDefined();
    expect(validateRate({ ...valid, original_currency: 'gbp' }).target_currency).toBeDefined();
  });

  it('sends trimmed values with currencies in capitals', () => {
    expect(ratePayload({ ...valid, distributor: ' Demo ', rate: ' 0.8 ' })).toEqual({
      ...valid,
      original_currency: 'USD',
      rate: '0.8',
    });
  });

  it('suggests each distributor once, whatever its case', () => {
    expect(distributorSuggestions(['Demo', 'spotify'], undefined, ['demo', ' Believe '])).toEqual([
      'Believe',
      'Demo',
      'spotify',
    ]);
  });
});

describe('exchange rate texts', () => {
  it('shows the update counts and the pairs still missing', () => {
    expect(
      exchangeUpdateText({ message: 'Exchange Rates Updated', result: { imports: 1, lines: 3, missing_rates: [] } }),
    ).toBe('Exchange Rates Updated: 1 import, 3 lines re-converted');
    expect(
      exchangeUpdateText({
        result: {
          imports: 2,
          lines: 1,
          missing_rates: [
            { distributor: 'D', original_currency: 'USD', target_currency: 'GBP' },
            { distributor: 'D', original_currency: 'USD', target_currency: 'GBP' },
          ],
        },
      }),
    ).toBe('Exchange Rates Updated: 2 imports, 1 line re-converted; 1 rate still missing (D · USD → GBP)');
  });

  it('says which lines a published statement carries kept the rate they were stated with', () => {
    expect(
      exchangeUpdateText({
        message: 'Exchange Rates Updated',
        result: { imports: 1, lines: 2, missing_rates: [], stated_lines: 3, statements: ['ST-000274'] },
      }),
    ).toBe(
      'Exchange Rates Updated: 1 import, 2 lines re-converted; 3 lines on statement ST-000274 keep the rate they were stated with',
    );
    expect(
      exchangeUpdateText({
        result: { imports: 2, lines: 0, missing_rates: [], stated_lines: 1, statements: ['ST-000001', 'ST-000002'] },
      }),
    ).toBe(
      'Exchange Rates Updated: 2 imports, 0 lines re-converted; 1 line on statements ST-000001, ST-000002 keeps the rate it was stated with',
    );
  });

  it('writes the control totals as one equation', () => {
    expect(totalsEquation({ read: 3, stored: 2, rejected: 1, skipped: 0 })).toBe(
      '3 read = 2 stored + 1 rejected + 0 skipped',
    );
    expect(totalsEquation({ read: 10_000_001, stored: 9_998_765, rejected: 1_235, skipped: 1 })).toBe(
      '10,000,001 read = 9,998,765 stored + 1,235 rejected + 1 skipped',
    );
  });
});

describe('royalty pages by area', () => {
  it('keeps the distribution area’s links in the distribution area', () => {
    expect(royaltyPagesFor('/user/royalties/imports/I1')).toBe(USER_ROYALTY_PAGES);
    expect(royaltyPagesFor('/distribution/finances/royalties/import/I1')).toBe(DISTRIBUTION_ROYALTY_PAGES);
    expect(royaltyPagesFor('/distributionx')).toBe(USER_ROYALTY_PAGES);
    expect(DISTRIBUTION_ROYALTY_PAGES.importPage('a b')).toBe('/distribution/finances/royalties/import/a%20b');
    expect(DISTRIBUTION_ROYALTY_PAGES.mapImport).toBe('/distribution/royalty_maps');
  });

  it('links to the exchange rates with the add form filled in', () => {
    expect(exchangeRatesFor({ distributor: 'A&B', original_currency: 'USD', import_id: '' })).toBe(
      '/user/royalties/exchange_rates?distributor=A%26B&original_currency=USD',
    );
    expect(exchangeRatesFor({})).toBe('/user/royalties/exchange_rates');
  });
});

describe('exchange rates applied again to several imports, one background job each', () => {
  it('sums their counts into one notice, each statement and pair named once', () => {
    const missing = { distributor: 'D', original_currency: 'USD', target_currency: 'GBP', lines: 1 };
    const jobs = [
      { result: { imports: 1, lines: 3, missing_rates: [], stated_lines: 2, statements: ['ST-000274'] } },
      { result: { imports: 1, lines: 1, missing_rates: [missing], stated_lines: 0, statements: [] } },
      { result: { imports: 1, lines: 0, missing_rates: [missing], stated_lines: 1, statements: ['ST-000274'] } },
    ];
    expect(ratesJobsSum(jobs)).toEqual({
      imports: 3,
      lines: 4,
      missing_rates: [missing, missing],
      stated_lines: 3,
      statements: ['ST-000274'],
    });
    expect(exchangeUpdateText({ message: 'Exchange Rates Updated', result: ratesJobsSum(jobs) })).toBe(
      'Exchange Rates Updated: 3 imports, 4 lines re-converted; 1 rate still missing (D · USD → GBP); 3 lines on statement ST-000274 keep the rate they were stated with',
    );
    expect(ratesJobsSum([])).toMatchObject({ imports: 0, lines: 0, stated_lines: 0, statements: [] });
  });
});
