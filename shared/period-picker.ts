import dayjs from 'dayjs';

export type PeriodRange = { key: string; label: string; start: string; end: string };

const FORMAT = 'YYYY-MM-DD';

/**
 * Period Picker ranges (spec 1 §9): last month, 3, 6, 12 months, all time (20 years). Each
 * ends at the end of the current month; dates as YYYY-MM-DD.
 */
export function periodRanges(today: Date = new Date()): PeriodRange[] {
  const end = dayjs(today).endOf('month');
  const back = (months: number) => end.subtract(months - 1, 'month').startOf('month');
  return [
    { key: 'last_month', label: 'Last month', months: 1 },
    { key: 'last_3_months', label: 'Last 3 months', months: 3 },
    { key: 'last_6_months', label: 'Last 6 months', months: 6 },
    { key: 'last_12_months', label: 'Last 12 months', months: 12 },
    { key: 'all_time', label: 'All time', months: 240 },
  ].map(({ key, label, months }) => ({ key, label, start: back(months).format(FORMAT), end: end.format(FORMAT) }));
}

/**
 * The default period (spec 1 §9): ends at the end of last month and starts 12 months
 * earlier at the start of a month.
 */
export function defaultPeriod(today: Date = new Date()): { start: string; end: string } {
  const end = dayjs(today).subtract(1, 'month').endOf('month');
  const start = end.subtract(11, 'month').startOf('month');
  return { start: start.format(FORMAT), end: end.format(FORMAT) };
}
