import { z } from 'zod';
import { defaultPeriod } from '../../../shared/period-picker.js';
import { addMonths, monthEnd } from '../../../shared/statement-periods.js';
import { InvalidField } from '../../lib/errors.js';

/**
 * The date range of a finances call: start_date / end_date (YYYY-MM-DD, as the period picker
 * sends them) or a year; without either, the default: the 12 months to the end of last
 * month. Dates select whole pay periods (YYYY-MM), as the royalties list does.
 */
const date = z.iso.date('must be a date (YYYY-MM-DD)');
export const financeQuery = z.strictObject({
  start_date: date.optional(),
  end_date: date.optional(),
  year: z
    .string()
    .regex(/^\d{4}$/, 'must be a year (YYYY)')
    .optional(),
  /** label/accounting and label/finances name their label in the query. */
  id: z.string().min(1).max(80).optional(),
  label_id: z.string().min(1).max(80).optional(),
  // company_id (company/finances, user_dashboard) is a transport parameter: it chooses the tenant (lib/http.ts).
});
export type FinanceQuery = z.infer<typeof financeQuery>;

export type DateRange = { start_date: string; end_date: string; periods: string[] };

/** The pay periods from `start` to `end` (YYYY-MM), in order. */
function periodsBetween(start: string, end: string): string[] {
  const periods: string[] = [];
  for (let period = start; period <= end; period = addMonths(period, 1)) periods.push(period);
  return periods;
}

/** The call's range (refusing an end before the start), with its pay periods. */
export function dateRange(query: FinanceQuery, today: Date = new Date()): DateRange {
  const fallback = query.year ? { start: `${query.year}-01-01`, end: `${query.year}-12-31` } : defaultPeriod(today);
  const start_date = query.start_date ?? fallback.start;
  const end_date = query.end_date ?? fallback.end;
  if (end_date < start_date) throw new InvalidField('end_date', 'End date must be on or after the start date');
  return { start_date, end_date, periods: periodsBetween(start_date.slice(0, 7), end_date.slice(0, 7)) };
}

/** The range of one pay period, as the royalties list filters it. */
export const periodDates = (period: string) => ({ start_date: `${period}-01`, end_date: monthEnd(period) });
