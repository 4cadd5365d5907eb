import { PageButton } from '../../components/page-button';
import { usePermits } from '../../app/use-may-open';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Pagination from '@cloudscape-design/components/pagination';
import Select from '@cloudscape-design/components/select';
import Table from '@cloudscape-design/components/table';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatDate } from '../../../../shared/format';
import { formatMoney } from '../../../../shared/money';
import { LICENSE_STATUSES } from '../../../../shared/schemas/licensing';
import { displayLabel } from '../../app/display-labels';
import { errorMessage } from '../../app/api';
import { useApi } from '../../app/resources';
import { useDebouncedValue } from '../../components/use-debounced-value';
import { RouterLink } from '../../components/router-link';
import { StatusBadge } from '../../components/status-badge';
import { type License, licenseTitle } from './licensing-api';
import { territoryWords } from '../../../../shared/territories';

const PER_PAGE = 50;
const ANY = { value: '', label: 'Any' };
const STATUS_OPTIONS = [ANY, ...LICENSE_STATUSES.map((s) => ({ value: s, label: displayLabel(s) }))];
const TYPE_OPTIONS = [ANY, { value: 'outgoing', label: 'Outgoing' }, { value: 'incoming', label: 'Incoming' }];

/** Every licence of the company, filtered by state, type, tag, territory and text. */
export function LicensesPage() {
  const [params] = useSearchParams();
  const [status, setStatus] = useState(params.get('status') ?? '');
  const [type, setType] = useState('');
  const [tag, setTag] = useState('');
  const [territory, setTerritory] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const query = new URLSearchParams({ page: String(page), per_page: String(PER_PAGE), order: 'created_at desc' });
  const filters = { status, type, tag: useDebouncedValue(tag, 300), territory: useDebouncedValue(territory, 300) };
  const search = useDebouncedValue(q, 300);
  for (const [key, value] of Object.entries({ ...filters, q: search })) if (value) query.set(key, value);
  const list = useApi<{ licenses: License[]; total_count: number; total_pages: number }>(`/licenses?${query}`, {
    keepPreviousData: true,
  });
  // Adding a licence changes the catalogue (POST /licenses: catalogue.write); a reader is not told to add one.
  const mayMake = usePermits('catalogue.write');
  const pick = (set: (v: string) => void) => (value: string) => {
    set(value);
    setPage(1);
  };
  return (
    <Table
      wrapLines
      data-testid="licenses-table"
      loading={list.isLoading}
      items={list.data?.licenses ?? []}
      header={
        <Header
          variant="h1"
          counter={list.data ? `(${list.data.total_count})` : undefined}
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <PageButton href="/user/licensing/new_incoming_license">New incoming licence</PageButton>
              <PageButton variant="primary" href="/user/licensing/new_outgoing_license">
                New outgoing licence
              </PageButton>
            </SpaceBetween>
          }
        >
          Licences
        </Header>
      }
      filter={
        <ColumnLayout columns={5}>
          <FormField label="Search">
            <Input data-testid="licenses-search" value={q} onChange={({ detail }) => pick(setQ)(detail.value)} />
          </FormField>
          <FormField label="State">
            <Select
              data-testid="licenses-status"
              selectedOption={STATUS_OPTIONS.find((o) => o.value === status) ?? ANY}
              options={STATUS_OPTIONS}
              onChange={({ detail }) => pick(setStatus)(detail.selectedOption.value ?? '')}
            />
          </FormField>
          <FormField label="Type">
            <Select
              selectedOption={TYPE_OPTIONS.find((o) => o.value === type) ?? ANY}
              options={TYPE_OPTIONS}
              onChange={({ detail }) => pick(setType)(detail.selectedOption.value ?? '')}
            />
          </FormField>
          <FormField label="Tag">
            <Input data-testid="licenses-tag" value={tag} onChange={({ detail }) => pick(setTag)(detail.value)} />
          </FormField>
          <FormField label="Territory">
            <Input value={territory} onChange={({ detail }) => pick(setTerritory)(detail.value)} />
          </FormField>
        </ColumnLayout>
      }
      pagination={
        <Pagination
          currentPageIndex={page}
          pagesCount={list.data?.total_pages ?? 1}
          onChange={({ detail }) => setPage(detail.currentPageIndex)}
        />
      }
      empty={
        <Box color="text-body-secondary">
          {list.error
            ? errorMessage(list.error)
            : search || Object.values(filters).some(Boolean)
              ? 'No licence matches'
              : mayMake
                ? 'No licences yet: choose New incoming licence or New outgoing licence to add one'
                : 'No licences yet'}
        </Box>
      }
      columnDefinitions={[
        {
          id: 'licence',
          header: 'Licence',
          cell: (l) => <RouterLink href={`/user/licensing/${l.id}`}>{licenseTitle(l)}</RouterLink>,
        },
        { id: 'type', header: 'Type', cell: (l) => displayLabel(l.type) },
        { id: 'status', header: 'State', cell: (l) => <StatusBadge word={l.status} /> },
        { id: 'assets', header: 'Assets', cell: (l) => l.assets.map((a) => a.title).join(', ') },
        { id: 'territory', header: 'Territory', cell: (l) => (l.territory ? territoryWords(l.territory) : '') },
        { id: 'tags', header: 'Tags', cell: (l) => l.tag },
        { id: 'fee', header: 'Fee', cell: (l) => (l.fee ? formatMoney(l.fee, l.fee_currency) : '') },
        { id: 'end', header: 'Ends', cell: (l) => formatDate(l.license_end_date) },
      ]}
    />
  );
}
