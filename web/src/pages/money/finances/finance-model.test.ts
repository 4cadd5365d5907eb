import { describe, expect, it } from 'vitest';
import { filterFromQuery, filterParams } from '../../royalties/royalty-model';
import {
  accountingRows,
  axisMoney,
  countLinks,
  fillPeriods,
  ledgerPeriodWords,
  statementPeriodWords,
  viewPeriodWords,
  financePagesFor,
  money,
  monthQuery,
  monthsBetween,
  periodFromQuery,
  monthsWords,
  periodLabel,
  periodSeries,
  pieData,
  royaltiesHref,
  sharePercent,
  sliceHref,
  yDomainTop,
} from './finance-model';
import type { DashboardCounts, FinancePeriod, FinanceSlice } from '../../../../../shared/schemas/finance-views';

const figures = { artist_share: '0.00', aggregator_fee: '0.00', lines: 1, quantity: 10 };
const period = (pay_period: string, revenue: string, label_share = '0.00'): FinancePeriod => ({
  ...figures,
  pay_period,
  revenue,
  label_share,
  royalties_query: `start_date=${pay_period}-01&end_date=${pay_period}-28&by_label=L1`,
});
const slice = (name: string, revenue: string, query: string): FinanceSlice => ({
  ...figures,
  key: name,
  name,
  revenue,
  label_share: '0.00',
  royalties_query: query,
});

describe('the period a finances page shows', () => {
  const today = new Date('2026-11-24T10:00:00Z');

  it('defaults to the 12 months ending at the end of last month, dates YYYY-MM-DD', () => {
    expect(periodFromQuery(new URLSearchParams(), today)).toEqual({ start: '2025-11-01', end: '2026-10-31' });
  });

  it('takes the dates from the URL, and ignores broken or reversed ones', () => {
    const read = (q: string) => periodFromQuery(new URLSearchParams(q), today);
    expect(read('start_date=2026-07-01&end_date=2026-09-30')).toEqual({ start: '2026-07-01', end: '2026-09-30' });
    expect(read('start_date=2026-07&end_date=2026-09-30')).toEqual({ start: '2025-11-01', end: '2026-10-31' });
    expect(read('start_date=2026-09-01&end_date=2026-07-31')).toEqual({ start: '2025-11-01', end: '2026-10-31' });
  });
});

describe('money on the finances pages', () => {
  it('shows gbp as £ and usd as $, exactly to 2 decimals (half-up, never through a float)', () => {
    expect(money('1234.565', 'GBP')).toBe('£1,234.57');
    expect(money('0.005', 'usd')).toBe('$0.01');
    expect(money('-12.3', 'GBP')).toBe('-£12.30');
    expect(money('7', 'EUR')).toBe('EUR 7.00');
  });

  it('shortens axis ticks with the currency sign', () => {
    expect(axisMoney(1500, 'GBP')).toBe('£1.5k');
    expect(axisMoney(2_000_000, 'USD')).toBe('$2M');
    expect(axisMoney(0.25, 'GBP')).toBe('£0.25');
    // Below a thousand, to the cent as every amount on screen: never a bare "£0".
    expect(axisMoney(0, 'GBP')).toBe('£0.00');
    expect(axisMoney(250, 'GBP')).toBe('£250.00');
    expect(axisMoney(6, 'GBP')).toBe('£6.00');
    expect(axisMoney(-1500, 'GBP')).toBe('-£1.5k');
  });
});

describe('drill-down links to the royalties list', () => {
  it('opens the area’s royalties list with the figure’s query', () => {
    expect(royaltiesHref('/user/royalties', 'start_date=2026-01-01&end_date=2026-03-31&by_retailer=Spotify')).toBe(
      '/user/royalties?start_date=2026-01-01&end_date=2026-03-31&by_retailer=Spotify',
    );
    expect(royaltiesHref('/user/royalties', '')).toBe('/user/royalties');
    // Empty values are not sent as filters.
    expect(royaltiesHref('/user/royalties', 'by_label=&by_retailer=Deezer')).toBe('/user/royalties?by_retailer=Deezer');
  });

  it('carries a label slice’s name so the label filter shows it, and the royalties page applies every filter', () => {
    const href = sliceHref('/user/royalties', slice('Northern Lights', '10.00', 'start_date=2026-07-01&by_label=L1'));
    expect(href).toBe('/user/royalties?start_date=2026-07-01&by_label=L1&label_name=Northern+Lights');
    const filter = filterFromQuery(new URL(href, 'http://x').searchParams);
    expect(filter.label).toEqual({ id: 'L1', name: 'Northern Lights' });
    expect(filterParams(filter)).toEqual({ by_label: 'L1', start_date: '2026-07-01' });
  });

  it('opens a store’s and a territory’s lines with the API’s filter names', () => {
    const store = sliceHref('/user/royalties', slice('Spotify', '1.00', 'by_retailer=Spotify&end_date=2026-10-31'));
    expect(store).not.toContain('label_name');
    expect(filterParams(filterFromQuery(new URL(store, 'http://x').searchParams))).toEqual({
      by_retailer: 'Spotify',
      end_date: '2026-10-31',
    });
    const territory = filterFromQuery(new URLSearchParams('by_territory=GB&by_artist=Aurora Vale&by_album=EP'));
    expect(filterParams(territory)).toEqual({ by_territory: 'GB', by_artist: 'Aurora Vale', by_album: 'EP' });
    // An artist's or payee's figures select their artists' lines by id, a release slice by release id.
    const artist = filterFromQuery(new URLSearchParams('artist_id=A1,A2&release_id=R1&start_date=2026-01-01'));
    expect(filterParams(artist)).toEqual({ artist_id: 'A1,A2', release_id: 'R1', start_date: '2026-01-01' });
  });

  it('leads to the pages of the area the page is in', () => {
    expect(financePagesFor('/user/finances')).toMatchObject({
      royalties: '/user/royalties',
      statements: '/user/finances/statements',
    });
    const distribution = financePagesFor('/distribution/companies/C1/finances');
    expect(distribution.royalties).toBe('/distribution/finances/royalties');
    expect(distribution.statement('S 1')).toBe('/distribution/finances/statements/S%201');
    expect(financePagesFor('/admin').royalties).toBe('/distribution/finances/royalties');
  });
});

describe('chart series by pay period', () => {
  const range = { start: '2026-06-01', end: '2026-09-30' };

  it('lists every month of the range with zero figures where the ledger has none', () => {
    const filled = fillPeriods([period('2026-08', '5.00'), period('2026-07', '2.50')], range, 'by_label=L1');
    expect(filled.map((p) => [p.pay_period, p.revenue])).toEqual([
      ['2026-06', '0.00'],
      ['2026-07', '2.50'],
      ['2026-08', '5.00'],
      ['2026-09', '0.00'],
    ]);
    // A month without lines still links to its (empty) list, with the view's own filter.
    expect(filled[0].royalties_query).toBe('by_label=L1&start_date=2026-06-01&end_date=2026-06-30');
    expect(filled[1].royalties_query).toContain('start_date=2026-07-01');
  });

  it('does not fill "all time" (20 years) month by month', () => {
    const filled = fillPeriods([period('2026-08', '5.00')], { start: '2006-12-01', end: '2026-11-30' }, '');
    expect(filled.map((p) => p.pay_period)).toEqual(['2026-08']);
    expect(monthsBetween('2006-12-01', '2026-11-30')).toHaveLength(240);
  });

  it('plots each measure, and its popover shows the exact money, not the float plotted', () => {
    const series = periodSeries(
      [period('2026-07', '0.1', '0.2'), period('2026-08', '1234.565')],
      'GBP',
      ['revenue', 'label_share'],
      'bar',
    );
    expect(series.map((s) => [s.title, s.type])).toEqual([
      ['Revenue', 'bar'],
      ['Label share', 'bar'],
    ]);
    expect(series[0].data).toEqual([
      { x: '2026-07', y: 0.1 },
      { x: '2026-08', y: 1234.565 },
    ]);
    expect(series[0].valueFormatter(1234.565, '2026-08')).toBe('£1,234.57');
    expect(series[1].valueFormatter(0.2, '2026-07')).toBe('£0.20');
    expect(yDomainTop(series)).toBe(1234.565);
    expect(yDomainTop([])).toBe(1);
  });

  it('names the periods on the axis', () => {
    expect(periodLabel('2026-07')).toBe('Jul 2026');
    expect(periodLabel('Q3')).toBe('Q3');
    // A span of months, as statements, payments, labels' accounting and the not-yet-stated notice write it.
    expect(monthsWords('2026-01', '2026-03')).toBe('Jan 2026 to Mar 2026');
    expect(monthsWords('2026-03', '2026-03')).toBe('Mar 2026');
    // The royalties figures say their period by its days, as every page writes a day, never "2025-12-01".
    expect(ledgerPeriodWords({ start_date: '2025-12-01', end_date: '2026-11-30' })).toBe(
      '1st Dec 2025 to 30th Nov 2026 · from the royalty ledger',
    );
    // A label's accounting names a statement's period as the statements list does, not "Apr 2026 to Jun 2026" there.
    expect(statementPeriodWords({ start_pay_period: '2026-04', end_pay_period: '2026-06' })).toBe(
      'Q2 2026 (Apr 2026 to Jun 2026)',
    );
    expect(statementPeriodWords({ start_pay_period: '2026-04', end_pay_period: '2026-04' })).toBe('Apr 2026');
    // A label's accounting says its period the same way.
    expect(viewPeriodWords({ start_date: '2026-07-01', end_date: '2026-09-30' })).toBe('1st Jul 2026 to 30th Sep 2026');
    expect(ledgerPeriodWords({ start_date: '2026-01-05', end_date: '2026-02-28' })).toBe(
      '5th Jan 2026 to 28th Feb 2026 · from the royalty ledger',
    );
    expect(monthQuery('by_retailer=Tidal', '2026-02')).toBe(
      'by_retailer=Tidal&start_date=2026-02-01&end_date=2026-02-28',
    );
  });
});

describe('pies by store and territory', () => {
  const slices = [
    slice('Spotify', '30.00', 'by_retailer=Spotify'),
    slice('Refunds', '-2.00', 'by_retailer=R'),
    slice('Deezer', '10', 'by_retailer=Deezer'),
  ];

  it('draws the slices above zero, keeping the exact money and the drill-down query', () => {
    expect(pieData(slices)).toEqual([
      { title: 'Spotify', value: 30, money: '30.00', royalties_query: 'by_retailer=Spotify', lines: 1, other: false },
      { title: 'Deezer', value: 10, money: '10', royalties_query: 'by_retailer=Deezer', lines: 1, other: false },
    ]);
    // The "Other" slice (key null) is marked: its drill-down says it opens every line of the period.
    expect(pieData([{ ...slices[0], key: null, name: 'Other' }])[0].other).toBe(true);
  });

  it('sizes an artist’s own pie by their share, not the stores’ revenue', () => {
    const own = [
      { ...slices[0], artist_share: '3.00' },
      { ...slices[2], artist_share: '0' },
    ];
    expect(pieData(own, 'artist_share')).toEqual([
      { title: 'Spotify', value: 3, money: '3.00', royalties_query: 'by_retailer=Spotify', lines: 1, other: false },
    ]);
    expect(sharePercent('3.00', own, 'artist_share')).toBe('100%');
  });

  it('gives each slice its share of the positive whole', () => {
    expect(sharePercent('30.00', slices)).toBe('75%');
    expect(sharePercent('-2.00', slices)).toBe('0%');
    expect(sharePercent('1', [])).toBe('–');
  });
});

describe('label accounting and dashboard counts', () => {
  it('ends the accounting table with a Total row whose balance is the closing balance and that links nowhere', () => {
    const row = {
      pay_period: '2026-07',
      revenue: '10.00',
      label_share: '8.00',
      aggregator_fee: '2.00',
      artist_share: '4.00',
      expenses: '1.00',
      recouped: '0.00',
      paid: '0.00',
      balance: '3.00',
      royalties_query: 'start_date=2026-07-01&end_date=2026-07-31&by_label=L1',
    };
    const { pay_period: _p, balance: _b, royalties_query: _q, ...totals } = row;
    const rows = accountingRows({ rows: [row], totals, closing_balance: '13.00' });
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ pay_period: 'Total', balance: '13.00', royalties_query: '', revenue: '10.00' });
  });

  it('links each count to the list it counts', () => {
    const counts: DashboardCounts = {
      labels: 2,
      artists: 3,
      releases: 1200,
      recordings: 4,
      songs: 0,
      payees: 1,
      imports: 1,
      statements: 5,
      statements_unpaid: 2,
      payments: 3,
    };
    const user = countLinks(counts);
    expect(user.find((c) => c.key === 'releases')).toEqual({
      key: 'releases',
      label: 'Releases',
      value: '1,200',
      href: '/user/releases',
    });
    // The company's payments have their list under its finances, as its statements do.
    expect(user.find((c) => c.key === 'payments')?.href).toBe('/user/finances/payments');
    expect(countLinks(counts, true).find((c) => c.key === 'payments')?.href).toBe('/distribution/finances/payments');
  });
});
