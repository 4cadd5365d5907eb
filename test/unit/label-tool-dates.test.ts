import { describe, expect, it } from 'vitest';
import { addDays, addWorkingDays } from '../../functions/label-tools/dates.js';

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
