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
