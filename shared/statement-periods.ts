import type { STATEMENT_FREQUENCIES } from './catalogue.js';
import { monthsWords, periodLabel } from './format.js';

/**
 * Statement periods: pay periods are months ("2026-07"); a statement covers an inclusive range of
 * them. The accounting period names that range the way an accountant reads it, and the statement
 * settings' frequency says which range is due when a month ends.
 */
type StatementFrequency = (typeof STATEMENT_FREQUENCIES)[number];
export type PeriodRange = { start_pay_period: string; end_pay_period: string };

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

const parts = (period: string): [number, number] => {
  const match = MONTH.exec(period);
  if (!match) throw new Error(`${period} is not a pay period (YYYY-MM)`);
  return [Number(match[1]), Number(match[2])];
};
const periodOf = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}`;

/** The pay period `months` after (or before, negative) another. */
export function addMonths(period: string, months: number): string {
  const [year, month] = parts(period);
  const index = year * 12 + (month - 1) + months;
  return periodOf(Math.floor(index / 12), (index % 12) + 1);
}

/** How many months a range covers (1 for a single month). */
const monthsIn = ({ start_pay_period, end_pay_period }: PeriodRange) => {
  const [sy, sm] = parts(start_pay_period);
  const [ey, em] = parts(end_pay_period);
  return ey * 12 + em - (sy * 12 + sm) + 1;
};

/**
 * The accounting period of a range: "2026-07" (a month), "2026-Q3" (a calendar quarter),
 * "2026-H1" (a half year), "2026" (a calendar year), else "2026-01 – 2026-05".
 */
export function accountingPeriod(range: PeriodRange): string {
  const [year, month] = parts(range.start_pay_period);
  const months = monthsIn(range);
  const sameYear = parts(range.end_pay_period)[0] === year;
  if (months === 1) return range.start_pay_period;
  if (sameYear && months === 3 && (month - 1) % 3 === 0) return `${year}-Q${(month + 2) / 3}`;
  if (sameYear && months === 6 && (month - 1) % 6 === 0) return `${year}-H${(month + 5) / 6}`;
  if (sameYear && months === 12) return String(year);
  return `${range.start_pay_period} – ${range.end_pay_period}`;
}

/**
 * A statement's period by the name people give it: "Q3 2026" (a calendar quarter), "H1 2026" (a half year), "2026" (a
 * calendar year), else its months, "Mar 2026" or "Jan 2026 to May 2026". Never the stored "2026-Q3" or "2026-03".
 */
export function periodName(range: PeriodRange): string {
  const name = accountingPeriod(range);
  const named = /^(\d{4})-([QH]\d)$/.exec(name);
  if (named) return `${named[2]} ${named[1]}`;
  if (/^\d{4}$/.test(name)) return name;
  return monthsWords(range.start_pay_period, range.end_pay_period);
}

/**
 * A statement's period in words, on its pages, its PDF and its mail: "Mar 2026" for one month; a quarter, half or
 * year by its name and the months it covers, "Q1 2026 (Jan 2026 to Mar 2026)"; any other span by its months.
 */
export function periodWords(range: PeriodRange): string {
  const name = periodName(range);
  const months = monthsWords(range.start_pay_period, range.end_pay_period);
  return name === months ? months : `${name} (${months})`;
}

/**
 * The period a statement mail's subject names: year and period, as the subject's template is filled in word for word
 * ("2026-07", "2026-Q3", "2026-H1", "2026"); a span of months no such name fits reads in words ("Sep 2026 to Oct
 * 2026"), never the stored "2026-09 – 2026-10".
 */
export function subjectPeriod(range: PeriodRange): string {
  const period = accountingPeriod(range);
  return /^\d{4}(-(\d{2}|[QH]\d))?$/.test(period) ? period : periodWords(range);
}

/** Months per statement by frequency; "" (or none) never runs on a schedule. */
const FREQUENCY_MONTHS: Record<StatementFrequency, number> = {
  Monthly: 1,
  Quarterly: 3,
  'Half-yearly': 6,
  Yearly: 12,
};

/**
 * The range a frequency makes due when `endedMonth` has just ended, or null when nothing is
 * due: Monthly every month (that month); Quarterly after March, June, September and December
 * (that quarter); Half-yearly after June and December; Yearly after December.
 */
export function duePeriod(frequency: string | undefined, endedMonth: string): PeriodRange | null {
  const months = FREQUENCY_MONTHS[frequency as StatementFrequency];
  if (!months) return null;
  const [, month] = parts(endedMonth);
  if (month % months !== 0) return null;
  return { start_pay_period: addMonths(endedMonth, 1 - months), end_pay_period: endedMonth };
}

/** The last day of a YYYY-MM pay period as YYYY-MM-DD ("2026-02" → "2026-02-28"). */
export function monthEnd(period: string): string {
  const [year, month] = period.split('-').map(Number);
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${period}-${String(days).padStart(2, '0')}`;
}

/** The month that ended before an instant (UTC): the schedule firing on 1 August states July. */
export function monthEndedBefore(at: Date): string {
  return addMonths(periodOf(at.getUTCFullYear(), at.getUTCMonth() + 1), -1);
}

/**
 * A statement summary row's name as the statement's page and its PDF print it: a month in words ("Sep 2026", never the
 * stored "2026-09"), anything else as stored, "(none)" for a row with no name (never its stored key). The stored label
 * still filters the row's lines.
 */
export function summaryRowName(dimension: string, row: { label: string }): string {
  if (!row.label) return '(none)';
  return dimension === 'period' ? periodLabel(row.label) : row.label;
}
