import { DEFAULT_PER_PAGE, PER_PAGE_OPTIONS } from '../../../shared/constants';

/** The list parameters every list call takes. */
export type ListParams = {
  page: number;
  per_page: number;
  sort_field?: string;
  sort_order?: 'asc' | 'desc';
  q?: string;
};

/**
 * A list call's path with its query: page, per_page (one of PER_PAGE_OPTIONS, else the
 * default 50), sort_field/sort_order, q and any extra filters. Empty values are left out,
 * since the API rejects unknown or malformed parameters.
 */
export function listPath(
  base: string,
  params: ListParams,
  extra: Record<string, string | undefined | null> = {},
): string {
  const query = new URLSearchParams();
  query.set('page', String(Math.max(1, Math.floor(params.page) || 1)));
  query.set('per_page', String(normalisePerPage(params.per_page)));
  if (params.sort_field) {
    query.set('sort_field', params.sort_field);
    query.set('sort_order', params.sort_order ?? 'asc');
  }
  const q = params.q?.trim();
  if (q) query.set('q', q.slice(0, 200));
  for (const [key, value] of Object.entries(extra)) if (value) query.set(key, value);
  return `${base}?${query.toString()}`;
}

export function normalisePerPage(value: number | undefined): number {
  return (PER_PAGE_OPTIONS as readonly number[]).includes(value ?? -1) ? (value as number) : DEFAULT_PER_PAGE;
}
