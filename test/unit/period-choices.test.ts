import { describe, expect, it } from 'vitest';
import { ANY_PERIOD, dateRangeWords, describePeriod, periodChoices } from '../../shared/period-picker.js';

/**
 * A period filter that may be left open: "Any period" is a choice of its own with no
 * dates, and the default range is one visible choice among the others, named as the
 * default with its dates, never what "Any period" quietly means.
 */
describe('period choices', () => {
  const today = new Date('2026-11-22T12:00:00Z');

  it('offer "Any period" without dates first, then the default range with its dates, then the ranges', () => {
    expect(periodChoices(today).map((c) => [c.key, c.label, c.start, c.end])).toEqual([
      ['any', 'Any period', '', ''],
      ['default', 'Last 12 full months (default)', '2025-11-01', '2026-10-31'],
      ['last_month', 'This month', '2026-11-01', '2026-11-30'],
      ['last_3_months', 'Last 3 months', '2026-09-01', '2026-11-30'],
      ['last_6_months', 'Last 6 months', '2026-06-01', '2026-11-30'],
      ['last_12_months', 'Last 12 months', '2025-12-01', '2026-11-30'],
      ['all_time', 'All time', '2006-12-01', '2026-11-30'],
    ]);
  });

  it('describe no dates as "Any period" and a range by its name and dates', () => {
    expect(describePeriod(null, today)).toEqual({ key: 'any', text: ANY_PERIOD });
    expect(describePeriod({ start: '', end: '' }, today)).toEqual({ key: 'any', text: 'Any period' });
    expect(describePeriod({ start: '2025-11-01', end: '2026-10-31' }, today)).toEqual({
      key: 'default',
      text: 'Last 12 full months (default): 2025-11-01 – 2026-10-31',
    });
    expect(describePeriod({ start: '2006-12-01', end: '2026-11-30' }, today).key).toBe('all_time');
    expect(describePeriod({ start: '2026-02-01', end: '2026-02-28' }, today)).toEqual({
      key: 'custom',
      text: '2026-02-01 – 2026-02-28',
    });
  });

  it('write a range as the product writes periods: whole months by their months, else by their days', () => {
    expect(dateRangeWords('2025-12-01', '2026-11-30')).toBe('Dec 2025 to Nov 2026');
    expect(dateRangeWords('2024-02-01', '2024-02-29')).toBe('Feb 2024');
    expect(dateRangeWords('2025-12-01', '2026-11-29')).toBe('1st Dec 2025 to 29th Nov 2026');
    expect(dateRangeWords('2026-01-03', '2026-02-28')).toBe('3rd Jan 2026 to 28th Feb 2026');
    expect(dateRangeWords('2026-01-01', '')).toBe('From 1st Jan 2026');
    expect(dateRangeWords('', '2026-03-31')).toBe('Until 31st Mar 2026');
    for (const c of periodChoices(new Date('2026-11-22T12:00:00Z')).filter((c) => c.start)) {
      expect(dateRangeWords(c.start, c.end)).not.toMatch(/\d{4}-\d\d/);
    }
  });
});
