import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  periodTotalSeries,
  royaltyTitle,
  bulkBody,
  controlTotals,
  decimal2,
  importAmountWords,
  EMPTY_FILTER,
  filterFromQuery,
  filterParams,
  filterPeriod,
  importFileName,
  importMapName,
  periodText,
  progressColour,
  reportFileProblem,
  wholePercent,
} from './royalty-model';
import { formatMoney } from '../../../../shared/money';
import { summaryFigures } from '../../../../shared/royalty-figures';

describe('royalty list filters', () => {
  it('sends only the chosen filters, with the API names', () => {
    expect(filterParams(EMPTY_FILTER)).toEqual({});
    expect(
      filterParams(
        {
          ...EMPTY_FILTER,
          label: { id: 'L1', name: 'Label' },
          retailer: 'Spotify',
          start_date: '2026-01-01',
          end_date: '2026-03-31',
          state: 'unpaid',
        },
        '  song ',
      ),
    ).toEqual({
      q: 'song',
      by_label: 'L1',
      by_retailer: 'Spotify',
      start_date: '2026-01-01',
      end_date: '2026-03-31',
      state: 'unpaid',
    });
  });

  it('reads a filter from the URL query and ignores unknown states', () => {
    const filter = filterFromQuery(new URLSearchParams('import_id=I1&state=bogus&retailer=Deezer'));
    expect(filter).toMatchObject({ import_id: 'I1', state: '', retailer: 'Deezer', label: null });
  });

  it('reads the label and recording a statement figure links to, and sends them as by_label / recording_id', () => {
    const filter = filterFromQuery(
      new URLSearchParams('label_id=L1&label_name=Demo&recording_id=R1&start_date=2026-01-01&end_date=2026-03-31'),
    );
    expect(filter).toMatchObject({ label: { id: 'L1', name: 'Demo' }, recording_id: 'R1' });
    expect(filterParams(filter)).toEqual({
      by_label: 'L1',
      recording_id: 'R1',
      start_date: '2026-01-01',
      end_date: '2026-03-31',
    });
    expect(filterFromQuery(new URLSearchParams('label_id=L2')).label).toEqual({ id: 'L2', name: 'L2' });
  });

  it('builds the bulk body from a selection or from the filter', () => {
    expect(bulkBody({ ids: ['a', 'b'] })).toEqual({ ids: ['a', 'b'] });
    expect(bulkBody({ filter: { ...EMPTY_FILTER, artist: 'Ada' }, q: 'x' })).toEqual({
      filter: { q: 'x', by_artist: 'Ada' },
    });
  });
});

describe('money display', () => {
  it('rounds exact decimal strings half-up to 2 places without floats', () => {
    expect(decimal2('12.345600')).toBe('12.35');
    expect(decimal2('12.344999')).toBe('12.34');
    expect(decimal2('1234567.005')).toBe('1,234,567.01');
    expect(decimal2('0.1')).toBe('0.10');
    expect(decimal2('-3.005')).toBe('-3.01');
    expect(decimal2('-0.001')).toBe('0.00');
    expect(decimal2('9007199254740993.995')).toBe('9,007,199,254,740,994.00');
    expect(decimal2(null)).toBe('0.00');
    expect(decimal2('abc')).toBe('0.00');
  });

  it("shows an import's amounts as money in each of the report's currencies, never one bare sum of them", () => {
    const totals = {
      lines_read: 3,
      stored: 2,
      skipped: 0,
      rejected: [{ line: 4, reason: 'No currency', amount: '2.5' }],
      amount_read: '124.012345',
      amount_stored: '121.512345',
      amount_rejected: '2.500000',
      amounts_by_currency: [
        { currency: '', read: '2.500000', stored: '0.000000', rejected: '2.500000' },
        { currency: 'EUR', read: '1.500000', stored: '1.500000', rejected: '0.000000' },
        { currency: 'USD', read: '120.012345', stored: '120.012345', rejected: '0.000000' },
      ],
    };
    expect(importAmountWords(totals, 'stored')).toBe('EUR 1.50 + $120.01');
    expect(importAmountWords(totals, 'read')).toBe('2.50 + EUR 1.50 + $120.01');
    expect(importAmountWords(totals, 'rejected')).toBe('2.50');
    const oneCurrency = {
      ...totals,
      amounts_by_currency: [{ currency: 'GBP', read: '1', stored: '1', rejected: '0' }],
    };
    expect(importAmountWords(oneCurrency, 'rejected')).toBe('£0.00');
    // An import read before the amounts were kept per currency: its one sum, as it was kept.
    const { amounts_by_currency: _, ...older } = totals;
    expect(importAmountWords(older, 'read')).toBe('124.01');
  });

  it('shows the currency sign (gbp £, usd $, others by code)', () => {
    expect(formatMoney('12.3456', 'GBP')).toBe('£12.35');
    expect(formatMoney('-2', 'usd')).toBe('-$2.00');
    expect(formatMoney('5', 'EUR')).toBe('EUR 5.00');
  });
});

describe('progress and control totals', () => {
  it('is green from 50 % and red below, on whole percentages', () => {
    expect(progressColour(49.9)).toBe('red');
    expect(progressColour(50)).toBe('green');
    expect(progressColour(100)).toBe('green');
    expect(wholePercent(49.99)).toBe(49);
    expect(wholePercent(140)).toBe(100);
  });

  it('checks lines read = stored + rejected + skipped', () => {
    const totals = {
      lines_read: 10,
      stored: 7,
      skipped: 1,
      rejected: [
        { line: 4, reason: 'No pay period' },
        { line: 9, reason: 'Bad amount' },
      ],
      amount_read: '1',
      amount_stored: '1',
      amount_rejected: '0',
    };
    expect(controlTotals(totals)).toEqual({
      read: 10,
      stored: 7,
      rejected: 2,
      skipped: 1,
      balanced: true,
      difference: 0,
    });
    expect(controlTotals({ ...totals, lines_read: 11 })).toMatchObject({ balanced: false, difference: 1 });
    expect(controlTotals(undefined)).toBeNull();
  });

  it('accepts the report file types only', () => {
    expect(reportFileProblem({ name: 'a.CSV' })).toBeNull();
    expect(reportFileProblem({ name: 'a.txt.gz' })).toBeNull();
    expect(reportFileProblem({ name: 'a.pdf' })).toMatch(/CSV, TSV, TXT, XLSX, ZIP or GZ/);
  });
});

describe('the period filter', () => {
  const today = new Date('2026-11-22T12:00:00Z');

  it('says "Any period" and sends no dates when none is chosen: the default range is never applied unseen', () => {
    const opened = filterFromQuery(new URLSearchParams('retailer=Deezer'));
    expect(filterPeriod(opened)).toBeNull();
    expect(periodText(opened, today)).toBe('Any period');
    expect(filterParams(opened)).toEqual({ by_retailer: 'Deezer' });
    expect(filterParams(opened)).not.toHaveProperty('start_date');
    expect(filterParams(opened)).not.toHaveProperty('end_date');
  });

  it('names a chosen range with its dates, the default one as the default', () => {
    const chosen = (start_date: string, end_date: string) => ({ ...EMPTY_FILTER, start_date, end_date });
    expect(periodText(chosen('2025-11-01', '2026-10-31'), today)).toBe(
      'Last 12 full months (default): 2025-11-01 – 2026-10-31',
    );
    expect(periodText(chosen('2026-09-01', '2026-11-30'), today)).toBe('Last 3 months: 2026-09-01 – 2026-11-30');
    expect(periodText(chosen('2026-01-01', '2026-03-31'), today)).toBe('2026-01-01 – 2026-03-31');
    expect(periodText(chosen('2026-01-05', '2026-03-20'), today)).toBe('2026-01-05 – 2026-03-20');
    expect(filterParams(chosen('2026-01-01', '2026-03-31'))).toEqual({
      start_date: '2026-01-01',
      end_date: '2026-03-31',
    });
    // A link with one date only still filters, and says so.
    expect(periodText(chosen('2026-01-01', ''), today)).toBe('2026-01-01 – …');
  });
});

describe('the summary figures', () => {
  const sums = (total_sum: string, aggregator_sum: string, label_sum: string, artist_sum: string) => ({
    total_sum,
    aggregator_sum,
    label_sum,
    artist_sum,
  });

  it('add up as shown: Total = Aggregator + Label share, of which artists, the label keeping the rest', () => {
    // Each rounded alone, 0.005 + 0.005 would show as 0.01 + 0.01 = 0.01.
    expect(summaryFigures(sums('0.010000', '0.005000', '0.005000', '0.002500'))).toEqual({
      total: '0.01',
      aggregator: '0.00',
      label: '0.01',
      artists: '0.00',
      label_keeps: '0.01',
      unaccountable: '0.00',
      adds_up: true,
      artists_within_label: true,
    });
    expect(summaryFigures(sums('4.880001', '0.976000', '3.904001', '1.952000'))).toMatchObject({
      total: '4.88',
      aggregator: '0.98',
      label: '3.90',
      artists: '1.95',
      label_keeps: '1.95',
    });
    // Returns: negative sums round half away from zero, as decimal2 shows them.
    expect(summaryFigures(sums('-3.005000', '-0.601000', '-2.404000', '-1.202000'))).toMatchObject({
      total: '-3.01',
      aggregator: '-0.61',
      label: '-2.40',
      artists: '-1.20',
      label_keeps: '-1.20',
      adds_up: true,
      artists_within_label: true,
    });
  });

  it('for any exact sums, shows figures that add up, each within a cent of its exact value', () => {
    const micro = fc.bigInt({ min: -(10n ** 13n), max: 10n ** 13n });
    const text = (units: bigint) => {
      const abs = units < 0n ? -units : units;
      return `${units < 0n ? '-' : ''}${abs / 1_000_000n}.${(abs % 1_000_000n).toString().padStart(6, '0')}`;
    };
    const cents = (shown: string) => BigInt(shown.replace('.', ''));
    const near = (shown: string, exact: bigint) => {
      const diff = cents(shown) * 10_000n - exact;
      return (diff < 0n ? -diff : diff) <= 10_000n;
    };
    fc.assert(
      fc.property(micro, micro, fc.integer({ min: 0, max: 100 }), (aggregator, label, percent) => {
        const artists = (label * BigInt(percent)) / 100n;
        const shown = summaryFigures(sums(text(aggregator + label), text(aggregator), text(label), text(artists)));
        expect(shown.adds_up).toBe(true);
        expect(shown.artists_within_label).toBe(true);
        expect(cents(shown.total)).toBe(cents(shown.aggregator) + cents(shown.label));
        expect(cents(shown.label)).toBe(cents(shown.artists) + cents(shown.label_keeps));
        expect(near(shown.total, aggregator + label)).toBe(true);
        expect(near(shown.aggregator, aggregator)).toBe(true);
        expect(near(shown.label, label)).toBe(true);
        expect(near(shown.artists, artists)).toBe(true);
      }),
    );
  });

  it('says so when the sums themselves do not add up, or the artists exceed the label share', () => {
    expect(summaryFigures(sums('10.000000', '2.000000', '7.000000', '1.000000'))).toMatchObject({
      total: '10.00',
      aggregator: '2.00',
      label: '7.00',
      adds_up: false,
    });
    expect(summaryFigures(sums('10.000000', '2.000000', '8.000000', '9.000000'))).toMatchObject({
      label_keeps: '-1.00',
      artists_within_label: false,
    });
  });
});

describe('a line’s title', () => {
  it('is its song and mix, or "(no title)": never the line’s id', () => {
    expect(royaltyTitle({ song: 'Blue', mix: 'Radio Edit' })).toBe('Blue (Radio Edit)');
    expect(royaltyTitle({ song: 'Blue', mix: null })).toBe('Blue');
    expect(royaltyTitle({ song: null, mix: null })).toBe('(no title)');
    expect(royaltyTitle({ song: '', mix: undefined })).toBe('(no title)');
  });
});

describe('importMapName', () => {
  it('names an import’s column map, and says "-" once the map is gone rather than its stored id', () => {
    expect(importMapName({ source_name: 'Spotify monthly' })).toBe('Spotify monthly');
    expect(importMapName({ source_name: null })).toBe('-');
    expect(importMapName({})).toBe('-');
  });
});

describe('importFileName', () => {
  it("names an import's file as the user chose it, also from a progress push that carries the stored key", () => {
    expect(importFileName({ filename: '01M97HMJ18J56MC7JTYCN0RW6S-report-q3.csv' })).toBe('report-q3.csv');
    expect(importFileName({ filename: 'report-q3.csv' })).toBe('report-q3.csv');
  });
});

describe('the royalties summary chart', () => {
  it('draws the total by pay period, and no series at all (its empty state) when nothing is in the period', () => {
    const [total] = periodTotalSeries([{ pay_period: '2026-09', total: '12.50' }], 'GBP');
    expect(total.data).toEqual([{ x: '2026-09', y: 12.5 }]);
    expect(total.valueFormatter(12.5)).toBe('£12.50');
    expect(periodTotalSeries([], 'GBP')).toEqual([]);
  });
});
