import Box from '@cloudscape-design/components/box';
import CollectionPreferences from '@cloudscape-design/components/collection-preferences';
import Header from '@cloudscape-design/components/header';
import Pagination from '@cloudscape-design/components/pagination';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import TextFilter from '@cloudscape-design/components/text-filter';
import { useEffect, useState, type ReactNode } from 'react';
import { PER_PAGE_OPTIONS } from '../../../shared/constants';
import type { ListParams } from '../app/list-params';
import { ApiErrorAlert } from './api-error-alert';
import { EmptyList, type EmptyListAdd } from './empty-state';
import { useServerList, type ServerListOptions, type ServerListView } from './use-server-list';

export type ServerTableContext<T> = {
  selectedItems: T[];
  /** The rows the table shows now (its page of the current filter): "everything visible". */
  items: T[];
  refresh: () => Promise<unknown>;
  clearSelection: () => void;
  /** The paging, sorting and search the table shows now (a bulk action "on everything matching" needs q). */
  params: ListParams;
};

type TableOptions<T> = {
  /** Names the table in storage keys and test ids: `${tableId}-table`, `${tableId}-table-search` … */
  tableId: string;
  title: string;
  description?: ReactNode;
  /** "label" → "No labels yet", "Search labels" … */
  resourceName: string;
  /** For names not made plural by an "s" ("country" → "countries"). */
  resourcePlural?: string;
  columns: TableProps.ColumnDefinition<T>[];
  /** The collection's key in the answer ("labels"). */
  collection: string;
  trackBy: keyof T & string;
  /** Further filters beside the search box (e.g. a scope control). */
  filters?: ReactNode;
  selectionType?: 'single' | 'multi';
  actions?: (context: ServerTableContext<T>) => ReactNode;
  /** The button that adds the first row, which the empty line names ("No labels yet: choose Create label …"). */
  emptyAdd?: EmptyListAdd;
  /** Where rows come from when no button here adds one (payments are recorded from statements). */
  emptyNote?: ReactNode;
  /** Long cells wrap, so a table of many columns fits its page instead of cutting its last ones off. */
  wrapLines?: boolean;
  /**
   * The table is one part of a record's page (under the record's own heading): its title is a section heading, not
   * a second page heading. Without it the table is the page and its title the page's heading.
   */
  section?: boolean;
};

/**
 * Either the list its page loads (useServerList: the page reads sums or facets beside the rows
 * straight from the answer), or the options to load it here.
 */
type ListSource =
  | {
      list: ServerListView;
      storageId?: never;
      buildPath?: never;
      initialPerPage?: never;
      defaultSort?: never;
      filterKey?: never;
    }
  | ({ list?: undefined; storageId?: string } & Omit<ServerListOptions, 'storageId' | 'enabled'>);

export type ServerTableProps<T> = TableOptions<T> & ListSource;

/**
 * The one server-side table: the rows of a server-side list (useServerList), with its search
 * box, sortable columns, pagination and page size preference.
 */
export function ServerTable<T>(props: ServerTableProps<T>) {
  const { tableId, columns } = props;
  const own = useServerList({
    storageId: props.storageId ?? tableId,
    buildPath: props.buildPath ?? (() => ''),
    initialPerPage: props.initialPerPage,
    defaultSort: props.defaultSort,
    filterKey: props.filterKey,
    enabled: !props.list,
  });
  const list: ServerListView = props.list ?? own;
  const { data, error, isLoading, isValidating, mutate, params, sort, total, pages } = list;
  const [selectedItems, setSelectedItems] = useState<T[]>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the page, search, filter and page size are the triggers, not inputs: other rows mean the selection is cleared.
  useEffect(() => setSelectedItems([]), [params.page, params.q, list.filterKey, params.per_page]);

  const items = ((data as Record<string, unknown> | undefined)?.[props.collection] as T[] | undefined) ?? [];
  const page = params.page;
  const q = params.q;
  const sortingColumn = columns.find((c) => c.sortingField && c.sortingField === sort?.field);
  const plural = props.resourcePlural ?? `${props.resourceName}s`;
  const context: ServerTableContext<T> = {
    selectedItems,
    items,
    refresh: () => mutate(),
    clearSelection: () => setSelectedItems([]),
    params,
  };

  return (
    <SpaceBetween size="s">
      {error ? (
        <ApiErrorAlert error={error} onRetry={() => void mutate()} header={`Could not load the ${plural}`} />
      ) : null}
      <Table<T>
        data-testid={`${tableId}-table`}
        variant={props.section ? 'container' : 'full-page'}
        wrapLines={props.wrapLines}
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
          itemSelectionLabel: (_, item) =>
            `Select ${String((item as Record<string, unknown>).name ?? props.resourceName)}`,
        }}
        sortingColumn={sortingColumn}
        sortingDescending={sort?.order === 'desc'}
        onSortingChange={({ detail }) => {
          const field = detail.sortingColumn.sortingField;
          if (field) list.setSort({ field, order: detail.isDescending ? 'desc' : 'asc' });
        }}
        header={
          <Header
            variant={props.section ? 'h2' : 'awsui-h1-sticky'}
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
                filteringText={list.filterText}
                filteringPlaceholder={`Search ${plural}`}
                filteringAriaLabel={`Search ${plural}`}
                countText={data && q ? `${total} ${total === 1 ? 'match' : 'matches'}` : undefined}
                onChange={({ detail }) => list.setFilterText(detail.filteringText)}
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
            onChange={({ detail }) => list.setPage(detail.currentPageIndex)}
            ariaLabels={{
              nextPageLabel: 'Next page',
              previousPageLabel: 'Previous page',
              pageLabel: (n) => `Page ${n} of ${pages}`,
            }}
            data-testid={`${tableId}-table-pagination`}
          />
        }
        preferences={
          <CollectionPreferences
            title="Preferences"
            confirmLabel="Confirm"
            cancelLabel="Cancel"
            preferences={{ pageSize: params.per_page }}
            pageSizePreference={{
              title: 'Page size',
              options: PER_PAGE_OPTIONS.map((n) => ({ value: n, label: `${n} ${plural}` })),
            }}
            onConfirm={({ detail }) => list.setPerPage(detail.pageSize ?? params.per_page)}
          />
        }
        empty={
          q ? (
            <Box textAlign="center" color="inherit" padding="l">
              <b>{`No ${plural} match “${q}”`}</b>
            </Box>
          ) : (
            <EmptyList what={plural} add={props.emptyAdd} note={props.emptyNote} testId={`${tableId}-table-empty`} />
          )
        }
      />
    </SpaceBetween>
  );
}
