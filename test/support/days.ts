/**
 * Days as the product counts them: UTC, YYYY-MM-DD. A test that sets a date from the clock and expects it back later
 * takes the clock once; a date the product stamps from its own clock during a call is one of the days the call ran
 * across (two when the run crossed midnight), so the test takes the day before the call and checks against
 * `daysSince(it)` afterwards.
 */
const DAY_MS = 86_400_000;

/** The UTC day `offset` days from `from` (now unless given). */
export const utcDay = (offset = 0, from = Date.now()) => new Date(from + offset * DAY_MS).toISOString().slice(0, 10);

/** Every UTC day from `first` to today, both included: the days a product's "today" may have been since `first`. */
export function daysSince(first: string): string[] {
  const days = [first];
  for (let at = Date.parse(`${first}T00:00:00Z`) + DAY_MS; at <= Date.now(); at += DAY_MS) days.push(utcDay(0, at));
  return days;
}

/**
 * Waits, when the UTC day (or, with `unit: 'month'`, the month) ends within `ms`, until it has ended: for a few steps
 * whose expectations rest on the product's clock staying on one day or month (a monthly count, a lead time from
 * today), which a test cannot hand a clock of its own.
 */
export async function clearOfMidnight(ms: number, unit: 'day' | 'month' = 'day'): Promise<void> {
  const now = new Date();
  const end =
    unit === 'day'
      ? Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1)
      : Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
  const left = end - now.getTime();
  if (left <= ms) await new Promise((resolve) => setTimeout(resolve, left + 50));
}
