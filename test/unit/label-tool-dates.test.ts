import { describe, expect, it } from 'vitest';
import { addDays, addWorkingDays, storeDates } from '../../functions/label-tools/dates.js';

/** The lead times count calendar days (pitches) and working days (whitelisting). */
describe('label tool dates', () => {
  it('skips weekends when counting working days', () => {
    expect(addWorkingDays('2026-11-26', 2)).toBe('2026-11-30'); // Thursday → Monday
    expect(addWorkingDays('2026-11-28', 2)).toBe('2026-12-01'); // Saturday → Tuesday
    expect(addWorkingDays('2026-11-23', 2)).toBe('2026-11-25'); // Monday → Wednesday
  });

  it('adds calendar days across months and years', () => {
    expect(addDays('2026-12-20', 28)).toBe('2027-01-17');
    expect(addDays('2027-03-01', -1)).toBe('2027-02-28');
  });
});

describe('a release’s store dates on the calendar', () => {
  it('takes the earliest pre-order start of a product offered for pre-order', () => {
    expect(
      storeDates([
        { pre_order: true, pre_order_date: '2027-03-10' },
        { pre_order: false, pre_order_date: '2027-01-01' },
        { pre_order: true, pre_order_data: { start_date: '2027-02-20' } },
      ]).preOrder,
    ).toBe('2027-02-20');
    // A pre-order date without the product offered for pre-order is a leftover, not a date.
    expect(storeDates([{ pre_order: false, pre_order_date: '2027-01-01' }]).preOrder).toBeNull();
    expect(storeDates(undefined)).toEqual({ preOrder: null, goLiveTime: null });
  });

  it('takes the earliest go-live hour a product names', () => {
    expect(storeDates([{ release_time: '18:00' }, { release_time: '' }, { release_time: '00:30' }]).goLiveTime).toBe(
      '00:30',
    );
    expect(storeDates([{ release_time: '' }]).goLiveTime).toBeNull();
  });
});
