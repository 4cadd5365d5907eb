import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import { EmptyList } from '../../../components/empty-state';
import Header from '@cloudscape-design/components/header';
import Pagination from '@cloudscape-design/components/pagination';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import TextFilter from '@cloudscape-design/components/text-filter';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { DEFAULT_PER_PAGE } from '../../../../../shared/constants';
import { ApiErrorAlert } from '../../../components/api-error-alert';
import { RouterLink } from '../../../components/router-link';
import { StatusBadge } from '../../../components/status-badge';
import { COMPANIES_BASE, useAdminCompanyList } from './company-api';
import { filterSortPage } from './company-model';
import type { AdminCompanyRow } from '../../../../../shared/schemas/company-views';
import { TagBadges } from './tag-badges';
import { currencyCode } from '../../../../../shared/money';
import { formatPercent } from '../../../../../shared/format';

const COLUMNS: TableProps.ColumnDefinition<AdminCompanyRow>[] = [
  {
    id: 'name',
    header: 'Name',
    sortingField: 'name',
    isRowHeader: true,
    cell: (c) => (
      <RouterLink href={`${COMPANIES_BASE}/${c.id}`} data-testid={`company-link-${c.id}`}>
        {c.name}
      </RouterLink>
    ),
  },
  { id: 'email', header: 'E-mail', sortingField: 'email', cell: (c) => c.email || '-' },
  { id: 'tags', header: 'Tags', cell: (c) => <TagBadges tags={c.tags} /> },
  {
    id: 'distributed',
    header: 'Distributed',
    sortingField: 'distributed',
    cell: (c) => (c.distributed ? <StatusBadge word="distributed" /> : 'No'),
  },
  {
    id: 'deal_percentage',
    header: 'Deal %',
    sortingField: 'deal_percentage',
    cell: (c) =>
      c.deal_percentage === undefined || c.deal_percentage === null ? '-' : formatPercent(c.deal_percentage),
  },
  { id: 'currency', header: 'Currency', sortingField: 'currency', cell: (c) => currencyCode(c.currency) || '-' },
];

/** CompaniesAdmin (/admin/companies): every company, fetched at once and searched, sorted and paged here. */
export function AdminCompaniesPage() {
  const navigate = useNavigate();
  const { data, error, isLoading, mutate } = useAdminCompanyList();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<{ field: keyof AdminCompanyRow; descending: boolean }>({
    field: 'name',
    descending: false,
  });
  const view = useMemo(
    () =>
      filterSortPage(data?.companies ?? [], {
        q,
        sortField: sort.field,
        descending: sort.descending,
        page,
        perPage: DEFAULT_PER_PAGE,
      }),
    [data, q, sort, page],
  );
  const create = (
    <Button variant="primary" onClick={() => navigate(`${COMPANIES_BASE}/new`)} data-testid="companies-create">
      Create company
    </Button>
  );
  return (
    <SpaceBetween size="s">
      {error ? (
        <ApiErrorAlert error={error} onRetry={() => void mutate()} header="Could not load the companies" />
      ) : null}
      <Table<AdminCompanyRow>
        data-testid="companies-table"
        variant="full-page"
        columnDefinitions={COLUMNS}
        items={view.items}
        trackBy="id"
        loading={isLoading && !data}
        loadingText="Loading companies"
        sortingColumn={COLUMNS.find((c) => c.sortingField === sort.field)}
        sortingDescending={sort.descending}
        onSortingChange={({ detail }) => {
          const field = detail.sortingColumn.sortingField as keyof AdminCompanyRow | undefined;
          if (field) setSort({ field, descending: detail.isDescending ?? false });
        }}
        header={
          <Header
            variant="awsui-h1-sticky"
            counter={data ? `(${data.total_count})` : undefined}
            description="Every company and its users."
            actions={create}
          >
            Companies
          </Header>
        }
        filter={
          <div data-testid="companies-table-search">
            <TextFilter
              filteringText={q}
              filteringPlaceholder="Search companies"
              filteringAriaLabel="Search companies"
              countText={q ? `${view.total} ${view.total === 1 ? 'match' : 'matches'}` : undefined}
              onChange={({ detail }) => {
                // A new search starts again from its first page.
                setQ(detail.filteringText);
                setPage(1);
              }}
            />
          </div>
        }
        pagination={
          <Pagination
            currentPageIndex={Math.min(page, view.pages)}
            pagesCount={view.pages}
            onChange={({ detail }) => setPage(detail.currentPageIndex)}
            ariaLabels={{
              nextPageLabel: 'Next page',
              previousPageLabel: 'Previous page',
              pageLabel: (n) => `Page ${n} of ${view.pages}`,
            }}
          />
        }
        empty={
          q ? (
            <Box textAlign="center" color="inherit" padding="l">
              <b>{`No companies match “${q}”`}</b>
            </Box>
          ) : (
            <EmptyList what="companies" add={{ label: 'Create company', href: `${COMPANIES_BASE}/new` }} />
          )
        }
      />
    </SpaceBetween>
  );
}
