import { z } from 'zod';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE, MIN_PER_PAGE } from '../../shared/constants.js';
import { getOrCreate } from './get-or-create.js';

/**
 * The list parameters every list call takes: page, per_page (5…1000, default
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
          ctx.addIssue({
            code: 'custom',
            path: ['order'],
            message: `Order must sort by one of: ${sortFields.join(', ')}`,
          });
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

/** A list call's answer: the rows under the collection's name, with the page's counts. */
export function listAnswer<K extends string, T>(
  name: K,
  { items, ...counts }: Page<T>,
): { [key in K]: T[] } & Omit<Page<T>, 'items'> {
  return { [name]: items, ...counts } as { [key in K]: T[] } & Omit<Page<T>, 'items'>;
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === undefined || a === null) return 1;
  if (b === undefined || b === null) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return collator.compare(String(a), String(b));
}

/**
 * Sorted copies of a list, remembered per list instance and sort: a cached list keeps its
 * identity until it changes, so each order is sorted once, not on every request.
 */
const sortedViews = new WeakMap<readonly object[], Map<string, readonly object[]>>();

function sortedView<T extends Record<string, unknown>>(
  items: readonly T[],
  sort: SortSpec<string>,
  tieBreaker: keyof T,
): readonly T[] {
  const views = getOrCreate(sortedViews, items, () => new Map<string, readonly object[]>());
  const key = `${sort.field} ${sort.direction}`;
  const known = views.get(key);
  if (known) return known as readonly T[];
  const sign = sort.direction === 'desc' ? -1 : 1;
  const sorted = [...items].sort(
    (a, b) => sign * compare(a[sort.field], b[sort.field]) || compare(a[tieBreaker], b[tieBreaker]),
  );
  views.set(key, sorted);
  return sorted;
}

/**
 * Lower-cased search text of each row of a sorted view, aligned with it and remembered with
 * it, so a search does not lower-case 5,000 rows on every request.
 */
const haystacks = new WeakMap<readonly object[], Map<string, string[]>>();

function haystacksOf<T extends Record<string, unknown>>(rows: readonly T[], fields: readonly (keyof T)[]): string[] {
  const byFields = getOrCreate(haystacks, rows, () => new Map<string, string[]>());
  const key = fields.join('|');
  let texts = byFields.get(key);
  if (!texts) {
    texts = rows.map((row) => fields.map((f) => String(row[f] ?? '').toLowerCase()).join('\u0000'));
    byFields.set(key, texts);
  }
  return texts;
}

/**
 * Sorts, filters (an optional predicate, e.g. a scope) and searches (case-insensitive
 * substring over `searchFields`), then pages an in-memory list.
 */
export function pageOf<T extends Record<string, unknown>>(
  items: readonly T[],
  options: {
    page: number;
    perPage: number;
    sort: SortSpec<string>;
    q?: string;
    searchFields: readonly (keyof T)[];
    tieBreaker: keyof T;
    filter?: (item: T) => boolean;
    /** Rows the search matches though their own fields do not (a recording by its releases' cat_no). */
    alsoMatch?: (item: T) => boolean;
  },
): Page<T> {
  const needle = options.q?.trim().toLowerCase();
  const sorted = sortedView(items, options.sort, options.tieBreaker);
  let matching = sorted;
  if (needle || options.filter) {
    const texts = needle ? haystacksOf(sorted, options.searchFields) : [];
    matching = sorted.filter(
      (item, i) =>
        (!options.filter || options.filter(item)) &&
        (!needle || texts[i].includes(needle) || Boolean(options.alsoMatch?.(item))),
    );
  }
  const start = (options.page - 1) * options.perPage;
  return {
    items: matching.slice(start, start + options.perPage),
    total_count: matching.length,
    total_pages: Math.max(1, Math.ceil(matching.length / options.perPage)),
    page: options.page,
    per_page: options.perPage,
  };
}

/** What every list call's parsed query holds for paging, sorting and search (listQuerySchema's output). */
export type ListQuery = { page: number; per_page: number; sort: SortSpec<string>; q?: string };

/** pageOf for a list call: the page, size, order and search come from its parsed query. */
export function pageOfQuery<T extends Record<string, unknown>>(
  items: readonly T[],
  query: ListQuery,
  options: Omit<Parameters<typeof pageOf<T>>[1], 'page' | 'perPage' | 'sort' | 'q'>,
): Page<T> {
  return pageOf(items, { page: query.page, perPage: query.per_page, sort: query.sort, q: query.q, ...options });
}
