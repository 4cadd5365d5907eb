import { useEffect, useState } from 'react';
import type { KeyedMutator } from 'swr';
import { DEFAULT_PER_PAGE } from '../../../shared/constants';
import type { ApiError } from '../app/api';
import { normalisePerPage, type ListParams } from '../app/list-params';
import { useApi } from '../app/resources';
import { STORAGE_KEYS } from '../app/session-rules';
import type { ListMeta } from '../app/types';
import { useDebouncedValue } from './use-debounced-value';

type ListSort = { field: string; order: 'asc' | 'desc' };

export type ServerListOptions = {
  /** Names the stored page size (a table's id, or the id tables sharing one page size use). */
  storageId: string;
  /** Builds the list call's path (the SWR key) from the paging, sorting and search. */
  buildPath: (params: ListParams) => string;
  /** A page size to start with instead of the stored one (a reload rule: languages come back 20 a page); not stored. */
  initialPerPage?: number;
  defaultSort?: ListSort;
  /** Changing it (further filters beside the search) goes back to page 1. */
  filterKey?: string;
  /** False: nothing is loaded (a table showing a list its page loads). */
  enabled?: boolean;
};

/** One server-side list as a page reads it: the whole answer (sums, facets …) and its paging. */
export type ServerList<A extends ListMeta = ListMeta> = {
  params: ListParams;
  filterKey?: string;
  data: A | undefined;
  error: ApiError | undefined;
  isLoading: boolean;
  isValidating: boolean;
  mutate: KeyedMutator<A>;
  total: number;
  pages: number;
  sort: ListSort | undefined;
  /** The search box's text as typed; `params.q` follows it 300 ms later. */
  filterText: string;
  setPage: (page: number) => void;
  /** Applies a page size and keeps it for this list. */
  setPerPage: (perPage: number) => void;
  setSort: (sort: ListSort) => void;
  setFilterText: (text: string) => void;
};

/** What a table needs of a list, whatever its answer's type (a page's list of sums and rows fits). */
export type ServerListView = Omit<ServerList, 'data' | 'mutate'> & {
  data: ListMeta | undefined;
  mutate: () => Promise<unknown>;
};

function storedPageSize(storageId: string): number {
  try {
    return normalisePerPage(Number(localStorage.getItem(STORAGE_KEYS.pageSize(storageId))));
  } catch {
    return DEFAULT_PER_PAGE;
  }
}

/**
 * The data side of a server-side table: paging, sorting and searching happen on the server
 * (page, per_page, sort_field, sort_order, q), the search is debounced by 300 ms and the page
 * size is one of PER_PAGE_OPTIONS (default 50), kept per list. A page that shows more of the
 * answer than the rows (sums, facets) calls this itself and hands the result to ServerTable.
 */
export function useServerList<A extends ListMeta = ListMeta>(options: ServerListOptions): ServerList<A> {
  const { storageId, filterKey } = options;
  const [page, setPage] = useState(1);
  const [perPage, setPerPageState] = useState(() =>
    options.initialPerPage ? normalisePerPage(options.initialPerPage) : storedPageSize(storageId),
  );
  const [sort, setSort] = useState(options.defaultSort);
  const [filterText, setFilterText] = useState('');
  const q = useDebouncedValue(filterText, 300);

  // biome-ignore lint/correctness/useExhaustiveDependencies: q, filterKey and perPage are the triggers, not inputs: a new search, filter or page size starts again from page 1.
  useEffect(() => setPage(1), [q, filterKey, perPage]);

  const params: ListParams = { page, per_page: perPage, sort_field: sort?.field, sort_order: sort?.order, q };
  const path = options.enabled === false ? null : options.buildPath(params);
  const { data, error, isLoading, isValidating, mutate } = useApi<A>(path, { keepPreviousData: true });
  const total = data?.total_count ?? 0;
  const setPerPage = (next: number) => {
    const size = normalisePerPage(next);
    try {
      localStorage.setItem(STORAGE_KEYS.pageSize(storageId), String(size));
    } catch {
      // Not kept; still applied.
    }
    setPerPageState(size);
  };

  return {
    params,
    filterKey,
    data,
    error,
    isLoading,
    isValidating,
    mutate,
    total,
    pages: Math.max(1, data?.total_pages ?? Math.ceil(total / perPage)),
    sort,
    filterText,
    setPage,
    setPerPage,
    setSort,
    setFilterText,
  };
}
