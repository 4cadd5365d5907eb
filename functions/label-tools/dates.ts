/** Calendar dates as YYYY-MM-DD strings, in UTC: the lead times count whole days. */

export const todayUtc = () => new Date().toISOString().slice(0, 10);

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The date `days` working days (Monday to Friday) after `date`. */
export function addWorkingDays(date: string, days: number): string {
  let day = date;
  for (let left = days; left > 0; ) {
    day = addDays(day, 1);
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return day;
}

/** A release's product as the calendar reads it: only its store dates. */
type ProductDates = {
  pre_order?: boolean;
  pre_order_date?: string;
  pre_order_data?: { start_date?: string };
  release_time?: string;
};

const isDay = (value: string | undefined): value is string => Boolean(value && /^\d{4}-\d{2}-\d{2}$/.test(value));

/**
 * When a release's stores open it, from its products: the day pre-orders open (the earliest pre-order
 * start of a product offered for pre-order: its pre-order date, else the start date of its pre-order
 * details) and the time of day it goes live on release day at stores with timed releases (the earliest
 * time a product names, HH:MM UTC). Null where no product says.
 */
export function storeDates(products: readonly ProductDates[] | undefined): {
  preOrder: string | null;
  goLiveTime: string | null;
} {
  const starts = (products ?? [])
    .map((p) => (p.pre_order && isDay(p.pre_order_date) ? p.pre_order_date : p.pre_order_data?.start_date))
    .filter(isDay)
    .sort();
  const times = (products ?? [])
    .map((p) => p.release_time)
    .filter((t): t is string => Boolean(t && /^\d{2}:\d{2}$/.test(t)))
    .sort();
  return { preOrder: starts[0] ?? null, goLiveTime: times[0] ?? null };
}
