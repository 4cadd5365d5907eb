import { describe, expect, it } from 'vitest';
import {
  bulkBody,
  controlTotals,
  decimal2,
  EMPTY_FILTER,
  filterFromQuery,
  filterParams,
  formatMoney,
  progressColour,
  reportFileProblem,
  wholePercent,
} from './royalty-model';

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
