import { describe, expect, it } from 'vitest';
import { ANY_PERIOD, describePeriod, periodChoices } from '../../shared/period-picker.js';

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
});
