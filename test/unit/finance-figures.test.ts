import { describe, expect, it } from 'vitest';
import { addToCube, type FinanceCube } from '../../functions/money/finances/cube.js';
import Big from 'big.js';
import { byPeriod, bySlice, figuresOf, rangeTotal } from '../../functions/money/finances/finance-figures.js';
import { summaryFigures } from '../../shared/royalty-figures.js';
import { dateRange } from '../../functions/money/finances/range.js';

/**
 * The finances arithmetic over a cube of aggregate sums (functions/money/finances/): the default range
 * (the 12 months to the end of last month), rounding once at the end, slices (top ten and
 * "Other"), a label's cross-dimension
 * cells, and the royalties query behind each figure.
 */
const sums = (amount: string, lines = 1) => ({
  lines,
  quantity: lines,
  amount,
  amount_original: amount,
  label_payable: amount,
  artist_payable: '0',
  aggregator_payable: '0',
});

describe('finance range', () => {
  it('defaults to the 12 months to the end of last month, takes a year, and refuses an end before the start', () => {
    const range = dateRange({}, new Date('2026-03-15T12:00:00Z'));
    expect([range.start_date, range.end_date]).toEqual(['2025-03-01', '2026-02-28']);
    expect(range.periods).toHaveLength(12);
    expect(range.periods[0]).toBe('2025-03');
    expect(dateRange({ year: '2024' }).periods.at(-1)).toBe('2024-12');
    expect(() => dateRange({ start_date: '2026-02-01', end_date: '2026-01-31' })).toThrow(/End date/);
  });
});

describe('finance figures from the cube', () => {
  it('sums exactly and rounds once: three thirds of a cent are a cent', () => {
    const cube: FinanceCube = new Map();
    for (const period of ['2026-01', '2026-02', '2026-03']) addToCube(cube, period, 'total', 'total', sums('0.003333'));
    addToCube(cube, '2026-03', 'total', 'total', sums('0.000001'));
    const range = dateRange({ start_date: '2026-01-01', end_date: '2026-03-31' });
    expect(rangeTotal(cube, range, { kind: 'all' }).amount.toFixed(6)).toBe('0.010000');
    const rows = byPeriod(cube, range, { kind: 'all' });
    expect(rows.map((r) => r.revenue)).toEqual(['0.00', '0.00', '0.00']);
    expect(rows[1].royalties_query).toBe('start_date=2026-02-01&end_date=2026-02-28');
  });

  it('keeps the ten largest slices and puts the rest and the lines without a value in "Other"', () => {
    const cube: FinanceCube = new Map();
    for (let i = 1; i <= 12; i++) addToCube(cube, '2026-01', 'retailer', `Store ${i}`, sums(`${i}.00`));
    addToCube(cube, '2026-01', 'retailer', null, sums('0.50'));
    const range = dateRange({ start_date: '2026-01-01', end_date: '2026-01-31' });
    const slices = bySlice(cube, range, { kind: 'all' }, 'store');
    expect(slices).toHaveLength(11);
    expect(slices[0]).toMatchObject({ key: 'Store 12', revenue: '12.00' });
    expect(slices[0].royalties_query).toBe('start_date=2026-01-01&end_date=2026-01-31&by_retailer=Store+12');
    // Stores 1 and 2 and the lines without a store: 1 + 2 + 0.50.
    expect(slices.at(-1)).toMatchObject({ key: null, name: 'Other', revenue: '3.50', lines: 3 });
  });

  it("reads a label's stores from the label × store cells, never another label's", () => {
    const cube: FinanceCube = new Map();
    addToCube(cube, '2026-01', 'label_retailer', 'L1|Spotify', sums('2.00'));
    addToCube(cube, '2026-01', 'label_retailer', 'L1|', sums('0.25'));
    addToCube(cube, '2026-01', 'label_retailer', 'L2|Spotify', sums('9.00'));
    addToCube(cube, '2026-01', 'label_id', 'L1', sums('2.25', 2));
    const range = dateRange({ start_date: '2026-01-01', end_date: '2026-01-31' });
    const scope = { kind: 'label' as const, id: 'L1' };
    expect(rangeTotal(cube, range, scope).amount.toFixed(2)).toBe('2.25');
    expect(bySlice(cube, range, scope, 'store').map((s) => [s.key, s.revenue, s.royalties_query])).toEqual([
      ['Spotify', '2.00', 'start_date=2026-01-01&end_date=2026-01-31&by_label=L1&by_retailer=Spotify'],
      [null, '0.25', 'start_date=2026-01-01&end_date=2026-01-31&by_label=L1'],
    ]);
  });

  it('names a line whose release has no label by the report\'s label, as the royalties list does, not "Other"', () => {
    const cube: FinanceCube = new Map();
    addToCube(cube, '2026-01', 'label_id', 'L1', sums('5.00', 2));
    addToCube(cube, '2026-01', 'label_id', null, sums('4.50', 3));
    // Lines of a catalogue label are counted by its id; of the unlabelled, two name "Indie | One", one nothing.
    addToCube(cube, '2026-01', 'label_name_label', 'Northern Lights|L1', sums('5.00', 2));
    addToCube(cube, '2026-01', 'label_name_label', 'Indie | One|', sums('4.00', 2));
    addToCube(cube, '2026-01', 'label_name', 'Indie | One', sums('4.00', 2));
    const range = dateRange({ start_date: '2026-01-01', end_date: '2026-01-31' });
    expect(
      bySlice(cube, range, { kind: 'all' }, 'label').map((s) => [s.key, s.name, s.revenue, s.lines, s.royalties_query]),
    ).toEqual([
      ['L1', 'L1', '5.00', 2, 'start_date=2026-01-01&end_date=2026-01-31&by_label=L1'],
      ['Indie | One', 'Indie | One', '4.00', 2, 'start_date=2026-01-01&end_date=2026-01-31&by_label=Indie+%7C+One'],
      [null, 'Other', '0.50', 1, 'start_date=2026-01-01&end_date=2026-01-31'],
    ]);
  });

  it('drops a slice an edit emptied', () => {
    const cube: FinanceCube = new Map();
    addToCube(cube, '2026-01', 'territory', 'US', sums('2.005'));
    addToCube(cube, '2026-01', 'territory', 'US', sums('2.005'), -1);
    addToCube(cube, '2026-01', 'territory', 'FR', sums('3.00'));
    const range = dateRange({ start_date: '2026-01-01', end_date: '2026-01-31' });
    expect(bySlice(cube, range, { kind: 'all' }, 'territory').map((s) => s.key)).toEqual(['FR']);
  });
});

describe('the label share as the finances show it', () => {
  it('shows the same cents as the royalties list, the parts adding up to the label share', () => {
    // Each part rounded on its own would show £8.58 + £8.58 + £0.05 = £17.21 for a label share of £17.20.
    const exact = { amount: '18.132500', aggregator: '0.932500', label: '17.200000' };
    const parts = { payees: '8.575235', retained: '8.575000', unaccountable: '0.049765' };
    const figures = figuresOf({
      lines: 3,
      quantity: 3,
      amount: new Big(exact.amount),
      aggregator_payable: new Big(exact.aggregator),
      label_payable: new Big(exact.label),
      payees: new Big(parts.payees),
      retained: new Big(parts.retained),
      unaccountable: new Big(parts.unaccountable),
    });
    expect(figures).toMatchObject({
      revenue: '18.13',
      aggregator_fee: '0.93',
      label_share: '17.20',
      artist_share: '8.58',
      retained: '8.57',
      unaccountable: '0.05',
    });
    const list = summaryFigures({
      total_sum: exact.amount,
      aggregator_sum: exact.aggregator,
      label_sum: exact.label,
      artist_sum: parts.payees,
      unaccountable_sum: parts.unaccountable,
    });
    expect([list.total, list.aggregator, list.label, list.artists, list.label_keeps, list.unaccountable]).toEqual([
      figures.revenue,
      figures.aggregator_fee,
      figures.label_share,
      figures.artist_share,
      figures.retained,
      figures.unaccountable,
    ]);
  });
});
