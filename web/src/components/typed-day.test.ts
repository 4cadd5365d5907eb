import { describe, expect, it } from 'vitest';
import { dayProblem } from './form-rules';
import { heldDay, typedDay } from './typed-day';

describe('a day typed in a date field', () => {
  it('is shown and typed day first (DD/MM/YYYY) and held as the API stores it', () => {
    expect(typedDay('2026-05-01')).toBe('01/05/2026');
    expect(heldDay('01/05/2026')).toBe('2026-05-01');
    expect(heldDay(' 1/5/2026 ')).toBe('2026-05-01');
    expect(heldDay(typedDay('2028-02-29'))).toBe('2028-02-29');
  });

  it('takes a day typed year first, which cannot be misread', () => {
    expect(heldDay('2026/05/01')).toBe('2026-05-01');
    expect(heldDay('2026-5-1')).toBe('2026-05-01');
  });

  it('hands on what is no day as typed, so the form refuses it naming the field', () => {
    for (const typed of ['31/02/2026', '45/13/2026', '05/2026', '1 May 2026'])
      expect(dayProblem('Due date', heldDay(typed))).toBe('Due date must be a whole date (DD/MM/YYYY)');
    expect(heldDay('')).toBe('');
  });
});
