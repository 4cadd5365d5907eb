import { z } from 'zod';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE, MIN_PER_PAGE } from '../../shared/constants.js';

/**
 * The list parameters every list call takes (DESIGN.md §4): page, per_page (5…1000, default
 * 50), order ("name asc") or sort_field/sort_order, and q. `extra` adds a list's own filters.
 */
export function listQuerySchema<S extends string, E extends z.ZodRawShape>(sortFields: readonly [S, ...S[]], extra: E) {
  return z
    .strictObject({
      page: z.coerce.number().int().min(1).default(1),
      per_page: z.coerce.number().int().min(MIN_PER_PAGE).max(MAX_PER_PAGE).default(DEFAULT_PER_PAGE),
      sort_field: z.enum(sortFields).optional(),
      sort_order: z.enum(['asc', 'desc']).optional(),
      order: z
        .string()
        .regex(/^\w+( (asc|desc))?$/i, 'Order must be "<field> asc" or "<field> desc"')
        .optional(),
      q: z.string().max(200).optional(),
      ...extra,
    })
    .transform((parsed, ctx) => {
      const query = parsed as typeof parsed & { sort_field?: S; sort_order?: 'asc' | 'desc'; order?: string };
      let field = query.sort_field as S | undefined;
      let direction = query.sort_order;
      if (query.order) {
        const [f, d] = query.order.split(' ');
        if (!sortFields.includes(f as S)) {
          ctx.addIssue({ code: 'custom', path: ['order'], message: `Order must sort by one of: ${sortFields.join(', ')}` });
          return z.NEVER;
        }
        field = f as S;
        direction = (d?.toLowerCase() as 'asc' | 'desc' | undefined) ?? 'asc';
      }
      return { ...parsed, sort: { field: field ?? sortFields[0], direction: direction ?? 'asc' } as SortSpec<S> };
    });
}

export type SortSpec<S extends string> = { field: S; direction: 'asc' | 'desc' };

export type Page<T> = { items: T[]; total_count: number; total_pages: number; page: number; per_page: number };

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === undefined || a === null) return 1;
  if (b === undefined || b === null) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return collator.compare(String(a), String(b));
}

/** Sorts, searches (case-insensitive substring over `searchFields`) and pages an in-memory list. */
export function pageOf<T extends Record<string, unknown>>(
  items: readonly T[],
  options: { page: number; perPage: number; sort: SortSpec<string>; q?: string; searchFields: readonly (keyof T)[]; tieBreaker: keyof T },
): Page<T> {
  const needle = options.q?.trim().toLowerCase();
  const matching = needle
    ? items.filter((item) => options.searchFields.some((f) => String(item[f] ?? '').toLowerCase().includes(needle)))
    : items;
  const sign = options.sort.direction === 'desc' ? -1 : 1;
  const sorted = [...matching].sort(
    (a, b) => sign * compare(a[options.sort.field], b[options.sort.field]) || compare(a[options.tieBreaker], b[options.tieBreaker]),
  );
  const start = (options.page - 1) * options.perPage;
  return {
    items: sorted.slice(start, start + options.perPage),
    total_count: matching.length,
    total_pages: Math.max(1, Math.ceil(matching.length / options.perPage)),
    page: options.page,
    per_page: options.perPage,
  };
}
