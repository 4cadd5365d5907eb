import dayjs from 'dayjs';

export type PeriodRange = { key: string; label: string; start: string; end: string };

const FORMAT = 'YYYY-MM-DD';

/**
 * Period Picker ranges: the last month, 3, 6, 12 months, all time (20 years). Each
 * ends at the end of the current month; dates as YYYY-MM-DD. The one-month range is the current month, so it
 * says "This month": "Last month" reads as the month before.
 */
export function periodRanges(today: Date = new Date()): PeriodRange[] {
  const end = dayjs(today).endOf('month');
  const back = (months: number) => end.subtract(months - 1, 'month').startOf('month');
  return [
    { key: 'last_month', label: 'This month', months: 1 },
    { key: 'last_3_months', label: 'Last 3 months', months: 3 },
    { key: 'last_6_months', label: 'Last 6 months', months: 6 },
    { key: 'last_12_months', label: 'Last 12 months', months: 12 },
    { key: 'all_time', label: 'All time', months: 240 },
  ].map(({ key, label, months }) => ({ key, label, start: back(months).format(FORMAT), end: end.format(FORMAT) }));
}

/**
 * The default period: ends at the end of last month and starts 12 months
 * earlier at the start of a month.
 */
export function defaultPeriod(today: Date = new Date()): { start: string; end: string } {
  const end = dayjs(today).subtract(1, 'month').endOf('month');
  const start = end.subtract(11, 'month').startOf('month');
  return { start: start.format(FORMAT), end: end.format(FORMAT) };
}

/** What a period filter shows for "no date filter": every pay period, no range applied. */
export const ANY_PERIOD = 'Any period';

/** A choice of the period filter: `start`/`end` are '' for "Any period", which sends no dates. */
export type PeriodChoice = { key: string; label: string; start: string; end: string };

/**
 * The choices of a period filter that may be left open: "Any period" (no dates, nothing
 * applied), then the default range (ending at the end of last month, starting 12
 * months earlier) labelled as the default with its dates, then the picker's ranges.
 */
export function periodChoices(today: Date = new Date()): PeriodChoice[] {
  return [
    { key: 'any', label: ANY_PERIOD, start: '', end: '' },
    { key: 'default', label: 'Last 12 full months (default)', ...defaultPeriod(today) },
    ...periodRanges(today),
  ];
}

/**
 * How a period filter's value reads: "Any period" when no date is set (never the default range
 * in disguise), else the matching choice's label with its dates, else the dates alone. The picker writes its dates
 * YYYY-MM-DD, as the product's display rules give the period picker. `key` is the matching choice's ('custom' when
 * none).
 */
export function describePeriod(
  value: { start: string; end: string } | null | undefined,
  today: Date = new Date(),
): { key: string; text: string } {
  if (!value?.start && !value?.end) return { key: 'any', text: ANY_PERIOD };
  const start = value.start || '…';
  const end = value.end || '…';
  const known = periodChoices(today).find((c) => c.start === value.start && c.end === value.end);
  return known
    ? { key: known.key, text: `${known.label}: ${start} – ${end}` }
    : { key: 'custom', text: `${start} – ${end}` };
}
