import Box from '@cloudscape-design/components/box';
import CollectionPreferences from '@cloudscape-design/components/collection-preferences';
import Header from '@cloudscape-design/components/header';
import Pagination from '@cloudscape-design/components/pagination';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import TextFilter from '@cloudscape-design/components/text-filter';
import { useEffect, useState, type ReactNode } from 'react';
import { DEFAULT_PER_PAGE, PER_PAGE_OPTIONS } from '../../../shared/constants';
import { normalisePerPage, type ListParams } from '../app/list-params';
import { useApi } from '../app/resources';
import { STORAGE_KEYS } from '../app/session-rules';
import type { ListMeta } from '../app/types';
import { ApiErrorAlert } from './api-error-alert';
import { useDebouncedValue } from './use-debounced-value';

export type ServerTableContext<T> = {
  selectedItems: T[];
  refresh: () => Promise<unknown>;
  clearSelection: () => void;
  /** The paging, sorting and search the table shows now (a bulk action "on everything matching" needs q). */
  params: ListParams;
};

export type ServerTableProps<T> = {
  /** Names the table in storage keys and test ids: `${tableId}-table`, `${tableId}-table-search` … */
  tableId: string;
  title: string;
  description?: ReactNode;
  /** "label" → "No labels", "Search labels" … */
  resourceName: string;
  /** For names not made plural by an "s" ("country" → "countries"). */
  resourcePlural?: string;
  /** Names the stored page size when tables share a tableId (and so their test ids); default tableId. */
  storageId?: string;
  /** A page size to start with instead of the stored one (a reload rule such as spec 1 §9's); not stored. */
  initialPerPage?: number;
  columns: TableProps.ColumnDefinition<T>[];
  /** Builds the list call's path (the SWR key) from the table's paging, sorting and search. */
  buildPath: (params: ListParams) => string;
  /** The collection's key in the answer ("labels"). */
  collection: string;
  trackBy: keyof T & string;
  defaultSort?: { field: string; order: 'asc' | 'desc' };
  /** Further filters beside the search box (e.g. a scope control); changing `filterKey` goes back to page 1. */
  filters?: ReactNode;
  filterKey?: string;
  selectionType?: 'single' | 'multi';
  actions?: (context: ServerTableContext<T>) => ReactNode;
  emptyAction?: ReactNode;
  /** Gets the whole list answer (sums, facets … beside the collection) each time it loads. */
  onData?: (data: ListMeta & Record<string, unknown>) => void;
};

function storedPageSize(tableId: string): number {
  try {
    return normalisePerPage(Number(localStorage.getItem(STORAGE_KEYS.pageSize(tableId))));
  } catch {
    return DEFAULT_PER_PAGE;
  }
}

/**
 * The one server-side table: paging, sorting and searching happen on the server (page,
 * per_page, sort_field, sort_order, q), the search box is debounced by 300 ms and the page
 * size comes from PER_PAGE_OPTIONS (default 50), kept per table.
 */
export function ServerTable<T>(props: ServerTableProps<T>) {
  const { tableId, columns, defaultSort } = props;
  const storageId = props.storageId ?? tableId;
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(() => (props.initialPerPage ? normalisePerPage(props.initialPerPage) : storedPageSize(storageId)));
  const [sort, setSort] = useState(defaultSort);
  const [filterText, setFilterText] = useState('');
  const [selectedItems, setSelectedItems] = useState<T[]>([]);
  const q = useDebouncedValue(filterText, 300);

  useEffect(() => setPage(1), [q, props.filterKey, perPage]);
  useEffect(() => setSelectedItems([]), [page, q, props.filterKey, perPage]);

  const params: ListParams = { page, per_page: perPage, sort_field: sort?.field, sort_order: sort?.order, q };
  const path = props.buildPath(params);
  const { data, error, isLoading, isValidating, mutate } = useApi<ListMeta & Record<string, unknown>>(path, { keepPreviousData: true });
  const { onData } = props;
  useEffect(() => {
    if (data) onData?.(data);
  }, [data, onData]);
  const items = (data?.[props.collection] as T[] | undefined) ?? [];
  const total = data?.total_count ?? 0;
  const pages = Math.max(1, data?.total_pages ?? Math.ceil(total / perPage));
  const sortingColumn = columns.find((c) => c.sortingField && c.sortingField === sort?.field);
  const plural = props.resourcePlural ?? `${props.resourceName}s`;
  const context: ServerTableContext<T> = { selectedItems, refresh: () => mutate(), clearSelection: () => setSelectedItems([]), params };

  return (
    <SpaceBetween size="s">
      {error ? <ApiErrorAlert error={error} onRetry={() => void mutate()} header={`Could not load the ${plural}`} /> : null}
      <Table<T>
        data-testid={`${tableId}-table`}
        variant="full-page"
        columnDefinitions={columns}
        items={items}
        trackBy={props.trackBy}
        loading={isLoading && !data}
        loadingText={`Loading ${plural}`}
        selectionType={props.selectionType}
        selectedItems={selectedItems}
        onSelectionChange={({ detail }) => setSelectedItems([...detail.selectedItems])}
        ariaLabels={{
          selectionGroupLabel: `${props.resourceName} selection`,
          allItemsSelectionLabel: () => `Select all ${plural} on this page`,
          itemSelectionLabel: (_, item) => `Select ${String((item as Record<string, unknown>).name ?? props.resourceName)}`,
        }}
        sortingColumn={sortingColumn}
        sortingDescending={sort?.order === 'desc'}
        onSortingChange={({ detail }) => {
          const field = detail.sortingColumn.sortingField;
          if (field) setSort({ field, order: detail.isDescending ? 'desc' : 'asc' });
        }}
        header={
          <Header
            variant="awsui-h1-sticky"
            counter={data ? `(${total})` : undefined}
            description={props.description}
            actions={props.actions?.(context)}
          >
            {props.title}
          </Header>
        }
        filter={
          <SpaceBetween direction="horizontal" size="m" alignItems="center">
            <div data-testid={`${tableId}-table-search`}>
              <TextFilter
                filteringText={filterText}
                filteringPlaceholder={`Search ${plural}`}
                filteringAriaLabel={`Search ${plural}`}
                countText={data && q ? `${total} ${total === 1 ? 'match' : 'matches'}` : undefined}
                onChange={({ detail }) => setFilterText(detail.filteringText)}
              />
            </div>
            {props.filters}
            {isValidating && data ? <Box color="text-status-inactive">Refreshing…</Box> : null}
          </SpaceBetween>
        }
        pagination={
          <Pagination
            currentPageIndex={Math.min(page, pages)}
            pagesCount={pages}
            onChange={({ detail }) => setPage(detail.currentPageIndex)}
            ariaLabels={{ nextPageLabel: 'Next page', previousPageLabel: 'Previous page', pageLabel: (n) => `Page ${n} of ${pages}` }}
            data-testid={`${tableId}-table-pagination`}
          />
        }
        preferences={
          <CollectionPreferences
            title="Preferences"
            confirmLabel="Confirm"
            cancelLabel="Cancel"
            preferences={{ pageSize: perPage }}
            pageSizePreference={{ title: 'Page size', options: PER_PAGE_OPTIONS.map((n) => ({ value: n, label: `${n} ${plural}` })) }}
            onConfirm={({ detail }) => {
              const next = normalisePerPage(detail.pageSize);
              try {
                localStorage.setItem(STORAGE_KEYS.pageSize(storageId), String(next));
              } catch {
                // Not kept; still applied.
              }
              setPerPage(next);
            }}
          />
        }
        empty={
          <Box textAlign="center" color="inherit" padding="l">
            <b>{q ? `No ${plural} match “${q}”` : `No ${plural}`}</b>
            {props.emptyAction ? <Box padding={{ top: 's' }}>{props.emptyAction}</Box> : null}
          </Box>
        }
      />
    </SpaceBetween>
  );
}
