import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { TableProps } from '@cloudscape-design/components/table';
import { useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { api } from '../../../app/api';
import { useAdminCompanies, useApi } from '../../../app/resources';
import { RecordState } from '../../../components/record-state';
import { RouterLink } from '../../../components/router-link';
import { ServerTable } from '../../../components/server-table';
import { RoyaltyFormShell, useRoyaltyForm } from '../../royalties/royalty-form';
import { paidChanges, toRoyaltyPayload } from '../../royalties/royalty-form-model';
import { royaltyTitle } from '../../royalties/royalty-model';
import { periodLabel } from '../../money/finances/finance-model';
import { formatMoney } from '../../../../../shared/money';
import { GLOBAL } from '../users/user-api';
import type { Royalty } from '../../../../../shared/schemas/royalty-views';
import {
  ADMIN_ROYALTIES_BASE,
  ADMIN_ROYALTIES_DEFAULT_SORT,
  type AdminRoyaltyFilter,
  adminRoyaltiesPath,
  adminRoyaltyApiPath,
  adminRoyaltyEditPage,
  adminRoyaltyPage,
  monthFilter,
} from './admin-royalty-model';

type AdminRoyalty = Royalty & { company_id: string; company_name: string | null };

const ALL = { value: '', label: 'All companies' };

function columns(): TableProps.ColumnDefinition<AdminRoyalty>[] {
  return [
    { id: 'company', header: 'Company', cell: (r) => r.company_name ?? 'A deleted company' },
    { id: 'pay_period', header: 'Pay period', sortingField: 'pay_period', cell: (r) => periodLabel(r.pay_period) },
    {
      id: 'song',
      header: 'Song',
      sortingField: 'song',
      isRowHeader: true,
      cell: (r) => <RouterLink href={adminRoyaltyPage(r.company_id, r.id)}>{royaltyTitle(r)}</RouterLink>,
    },
    { id: 'artist', header: 'Artist', sortingField: 'artist', cell: (r) => r.artist },
    { id: 'retailer', header: 'Retailer', sortingField: 'retailer', cell: (r) => r.retailer },
    { id: 'quantity', header: 'Units', sortingField: 'quantity', cell: (r) => r.quantity },
    {
      id: 'amount',
      header: 'Amount',
      sortingField: 'amount',
      cell: (r) => formatMoney(r.amount, r.company_currency),
    },
  ];
}

/** AdminRoyalties (/admin/royalties): every company's royalties, with a company column, paging and filters. */
export function AdminRoyaltiesPage() {
  const companies = useAdminCompanies();
  const [company, setCompany] = useState(ALL);
  const [retailer, setRetailer] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const filter: AdminRoyaltyFilter = {
    company: company.value || undefined,
    by_retailer: retailer.trim() || undefined,
    start_date: monthFilter(from),
    end_date: monthFilter(to),
  };
  const cols = useMemo(columns, []);
  const options = [ALL, ...(companies.data?.companies ?? []).map((c) => ({ value: c.id, label: c.name }))];
  return (
    <ServerTable<AdminRoyalty>
      tableId="admin-royalties"
      storageId="admin-royalties"
      title="Royalties"
      // The list reads the companies' imported reports (the query Athena runs in AWS); a company's manual sales and its
      // edits of lines are its own royalties page's.
      description="Every company's imported royalty lines, as the sales reports gave them. Manual sales, and edits made to lines, are on each company's own royalties page."
      resourceName="royalty"
      resourcePlural="royalties"
      // Seven columns beside the admin menu: long company, song and artist names wrap so that every column fits a
      // laptop's width.
      wrapLines
      columns={cols}
      collection="royalties"
      trackBy="id"
      defaultSort={ADMIN_ROYALTIES_DEFAULT_SORT}
      buildPath={(params) => adminRoyaltiesPath(params, filter)}
      filterKey={JSON.stringify(filter)}
      filters={
        <SpaceBetween direction="horizontal" size="xs">
          <FormField label="Company">
            <Select
              selectedOption={company}
              options={options}
              onChange={({ detail }) =>
                setCompany({ value: detail.selectedOption.value ?? '', label: detail.selectedOption.label ?? '' })
              }
              data-testid="admin-royalties-company"
            />
          </FormField>
          <FormField label="Retailer">
            <Input value={retailer} onChange={({ detail }) => setRetailer(detail.value)} />
          </FormField>
          <FormField label="From (YYYY-MM)">
            <Input value={from} onChange={({ detail }) => setFrom(detail.value)} placeholder="2026-01" />
          </FormField>
          <FormField label="To (YYYY-MM)">
            <Input value={to} onChange={({ detail }) => setTo(detail.value)} placeholder="2026-12" />
          </FormField>
        </SpaceBetween>
      }
      actions={() => <Button href={`${ADMIN_ROYALTIES_BASE}/new`}>New royalty</Button>}
    />
  );
}

/** The line the page's path and its company query name. */
function useAdminRoyalty() {
  const { royaltyId = '' } = useParams();
  const [search] = useSearchParams();
  const companyId = search.get('company') ?? '';
  const answer = useApi<{ royalty: AdminRoyalty }>(
    royaltyId && companyId ? adminRoyaltyApiPath(companyId, royaltyId) : null,
  );
  return { companyId, ...answer };
}

/** AdminRoyalty (/admin/royalties/{id}?company=…): one line as its company sees it. */
export function AdminRoyaltyPage() {
  const { data, error, isLoading, mutate } = useAdminRoyalty();
  return (
    <RecordState
      error={error}
      isLoading={isLoading}
      data={data?.royalty}
      retry={mutate}
      errorHeader="Could not load the royalty"
    >
      {(r) => (
        <ContentLayout
          header={
            <Header variant="h1" actions={<Button href={adminRoyaltyEditPage(r.company_id, r.id)}>Edit</Button>}>
              {royaltyTitle(r)}
            </Header>
          }
        >
          <Container>
            <KeyValuePairs
              columns={3}
              items={[
                { label: 'Company', value: r.company_name ?? 'A deleted company' },
                { label: 'Pay period', value: periodLabel(r.pay_period) },
                { label: 'Retailer', value: r.retailer },
                { label: 'Artist', value: r.artist },
                { label: 'Units', value: r.quantity },
                { label: 'Amount', value: formatMoney(r.amount, r.company_currency) },
                { label: 'Label share', value: formatMoney(r.label_payable, r.company_currency) },
                { label: 'Source', value: r.import_id ? `Imported report, line ${r.line}` : 'Manual sale' },
              ]}
            />
          </Container>
        </ContentLayout>
      )}
    </RecordState>
  );
}

function AdminRoyaltyForm({ royalty }: { royalty?: AdminRoyalty }) {
  const companies = useAdminCompanies();
  const [companyId, setCompanyId] = useState(royalty?.company_id ?? '');
  const state = useRoyaltyForm({
    royalty,
    invalidate: ADMIN_ROYALTIES_BASE,
    // After an add or update the admin forms return to the list.
    listPage: ADMIN_ROYALTIES_BASE,
    validate: (): Record<string, string> => (companyId ? {} : { company_id: 'Company is required' }),
    send: (values) =>
      royalty
        ? api.patch<{ message?: string }>(
            adminRoyaltyApiPath(royalty.company_id, royalty.id),
            { royalty: toRoyaltyPayload(values, true), marks: paidChanges(royalty, values) },
            GLOBAL,
          )
        : api.post<{ message?: string }>(
            ADMIN_ROYALTIES_BASE,
            { company_id: companyId, royalty: toRoyaltyPayload(values, false) },
            GLOBAL,
          ),
  });
  const options = (companies.data?.companies ?? []).map((c) => ({ value: c.id, label: c.name }));
  return (
    <RoyaltyFormShell state={state} testId="admin-royalty" title={royalty ? 'Edit royalty' : 'New royalty'}>
      <FormField label="Company" errorText={state.form.errors.company_id}>
        <Select
          disabled={Boolean(royalty)}
          selectedOption={options.find((o) => o.value === companyId) ?? null}
          options={options}
          onChange={({ detail }) => setCompanyId(detail.selectedOption.value ?? '')}
          placeholder="Choose a company"
          data-testid="admin-royalty-company"
        />
      </FormField>
    </RoyaltyFormShell>
  );
}

/** AdminNewRoyalty (/admin/royalties/new): a manual sale in the company chosen. */
function AdminNewRoyaltyPage() {
  return (
    <ContentLayout>
      <AdminRoyaltyForm />
    </ContentLayout>
  );
}

/** AdminEditRoyalty (/admin/royalties/{id}/edit?company=…): an edit on top of the line, in its company. */
function AdminEditRoyaltyPage() {
  const { data, error, isLoading, mutate } = useAdminRoyalty();
  return (
    <RecordState
      error={error}
      isLoading={isLoading}
      data={data?.royalty}
      retry={mutate}
      errorHeader="Could not load the royalty"
    >
      {(royalty) => (
        <ContentLayout>
          <AdminRoyaltyForm key={royalty.id} royalty={royalty} />
        </ContentLayout>
      )}
    </RecordState>
  );
}

/** /admin/royalties/new and /admin/royalties/{id}/edit share one page key: the path says which. */
export function AdminRoyaltyFormPage() {
  const { royaltyId } = useParams();
  return royaltyId ? <AdminEditRoyaltyPage /> : <AdminNewRoyaltyPage />;
}
