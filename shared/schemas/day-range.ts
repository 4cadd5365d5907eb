import { z } from 'zod';

/**
 * A range of days for a register or report (the licence invoices, the tax withheld): both days included; the
 * current calendar quarter when neither is given, the quarter of the one given otherwise. Shared with the SPA, which
 * opens such a page on the quarter around today.
 */

/** The calendar quarter holding `day` (YYYY-MM-DD), first and last days: a register's range unless one is given. */
export function quarterAround(day: string): { from: string; to: string } {
  const year = Number(day.slice(0, 4));
  const first = Math.floor((Number(day.slice(5, 7)) - 1) / 3) * 3;
  const end = new Date(Date.UTC(year, first + 3, 0)).toISOString().slice(0, 10);
  return { from: `${year}-${String(first + 1).padStart(2, '0')}-01`, to: end };
}

/** `from` and `to` of a register's query, each optional, answered as the range they mean. */
export const quarterRangeQuery = z
  .strictObject({
    from: z.iso.date('From must be a date (YYYY-MM-DD)').optional(),
    to: z.iso.date('To must be a date (YYYY-MM-DD)').optional(),
  })
  .transform(({ from, to }) => {
    const quarter = quarterAround(from ?? to ?? new Date().toISOString().slice(0, 10));
    return { from: from ?? quarter.from, to: to ?? quarter.to };
  })
  .refine(({ from, to }) => to >= from, { message: 'To must be on or after From', path: ['to'] });
export type QuarterRange = z.output<typeof quarterRangeQuery>;
