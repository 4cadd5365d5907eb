/**
 * Whether a text is a real day of the calendar written YYYY-MM-DD: 2026-02-30 is refused, not rolled into
 * 2 March as `Date.parse` rolls it. The one check for a day typed as text outside a zod schema (zod's
 * `z.iso.date()` is the same rule).
 */
export function isCalendarDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}
