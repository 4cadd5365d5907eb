import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Multiselect from '@cloudscape-design/components/multiselect';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import Tabs from '@cloudscape-design/components/tabs';
import Toggle from '@cloudscape-design/components/toggle';
import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { notify } from '../../app/notifications';
import { useApi } from '../../app/resources';
import { useOnFollow } from '../../app/use-on-follow';
import { useSession } from '../../app/session';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { FormattedDate } from '../../components/formatted';
import { RecordState } from '../../components/record-state';
import { RouterLink } from '../../components/router-link';
import { StatusBadge } from '../../components/status-badge';
import { useFormSubmit } from '../../components/use-form-submit';
import { STATEMENT_FREQUENCIES } from '../../../../shared/catalogue';
import { formatMoney } from '../../../../shared/money';
import type { RoyaltyList } from '../../../../shared/schemas/royalty-views';
import { territoryWords } from '../../../../shared/territories';
import { Money } from '../money/statements/statement-badges';
import { labelHref } from './client-page';
import {
  type ClientLabelPage as ClientLabelAnswer,
  crmApi,
  labelRoyaltiesPath,
  type Person,
  useClientLabel,
  useCompanyLabels,
  useDistributorLabels,
  useRefreshCrm,
} from './crm-api';
import { companyHref } from './crm-page';
import { periodLabel } from '../money/finances/finance-model';

/** /distribution/labels: every client company's labels, with the stores each may deliver to. */
export function ClientLabelsPage() {
  const { company } = useSession();
  const { data, error, isLoading, mutate } = useDistributorLabels(company?.id);
  if (error) return <ApiErrorAlert error={error} onRetry={() => void mutate()} header="Could not load the labels" />;
  return (
    <ContentLayout>
      <Table
        data-testid="client-labels-list"
        variant="full-page"
        loading={isLoading}
        items={data?.labels ?? []}
        trackBy="id"
        header={<Header variant="awsui-h1-sticky">Client labels</Header>}
        columnDefinitions={[
          {
            id: 'name',
            header: 'Label',
            isRowHeader: true,
            cell: (l) => <RouterLink href={labelHref(l.id)}>{l.name}</RouterLink>,
          },
          {
            id: 'company',
            header: 'Client company',
            cell: (l) => <RouterLink href={companyHref(l.company_id)}>{l.company_name}</RouterLink>,
          },
          { id: 'parent', header: 'Affiliate of', cell: (l) => l.parent_label_name ?? '-' },
          {
            id: 'stores',
            header: 'Authorised stores',
            cell: (l) => (l.stores.length ? l.stores.map((s) => s.name).join(', ') : '-'),
          },
        ]}
        empty={
          <Box textAlign="center">
            No client labels yet: add a label on a client company's page (Distribution CRM, then the company).
          </Box>
        }
      />
    </ContentLayout>
  );
}

/**
 * The stores the label may deliver to: the distributor picks them; the delivery rules refuse any
 * other store for the label's releases.
 */
function StoresAuthorisation({ label }: { label: ClientLabelAnswer }) {
  const refresh = useRefreshCrm();
  const { data } = useApi<{ dsps: Person[] }>('/dsps?all=true');
  const [chosen, setChosen] = useState<Person[]>(label.stores);
  const options = (data?.dsps ?? []).map((d) => ({ value: d.id, label: d.name }));
  const { errors, submitting, submit } = useFormSubmit({
    validate: () => ({}),
    send: () =>
      crmApi.setStores(
        label.id,
        chosen.map((s) => s.id),
      ),
    onSuccess: async (answer) => {
      notify('notification', answer.message);
      await refresh();
    },
  });
  return (
    <Container
      header={
        <Header
          variant="h2"
          description="The label's releases may go to these stores only."
          actions={
            <Button variant="primary" loading={submitting} onClick={() => void submit()} data-testid="stores-save">
              Save stores
            </Button>
          }
        >
          Authorised stores
        </Header>
      }
    >
      <FormField label="Stores" errorText={errors.dsp_ids}>
        <Multiselect
          selectedOptions={chosen.map((s) => ({ value: s.id, label: s.name }))}
          options={options}
          filteringType="auto"
          filteringPlaceholder="Find a store"
          placeholder="Choose stores"
          tokenLimit={10}
          onChange={({ detail }) =>
            setChosen(detail.selectedOptions.map((o) => ({ id: o.value ?? '', name: o.label ?? '' })))
          }
          data-testid="stores-select"
        />
      </FormField>
    </Container>
  );
}

function Overview({ label }: { label: ClientLabelAnswer }) {
  return (
    <SpaceBetween size="l">
      <StoresAuthorisation label={label} />
      <Table
        data-testid="label-catalogue"
        header={<Header variant="h2">Catalogue</Header>}
        items={label.catalogue}
        columnDefinitions={[
          { id: 'title', header: 'Release', isRowHeader: true, cell: (r) => r.title },
          { id: 'status', header: 'Status', cell: (r) => <StatusBadge word={r.status} /> },
          { id: 'upc', header: 'UPC', cell: (r) => r.upc ?? '-' },
        ]}
        empty={<Box textAlign="center">No releases yet</Box>}
      />
      <Table
        data-testid="label-deliveries"
        header={<Header variant="h2">Deliveries</Header>}
        items={label.deliveries}
        columnDefinitions={[
          { id: 'release', header: 'Release', isRowHeader: true, cell: (d) => d.release_title },
          { id: 'store', header: 'Store', cell: (d) => d.store },
          { id: 'status', header: 'Status', cell: (d) => <StatusBadge word={d.status} /> },
          { id: 'at', header: 'When', cell: (d) => <FormattedDate value={d.at} /> },
        ]}
        empty={<Box textAlign="center">No deliveries yet</Box>}
      />
    </SpaceBetween>
  );
}

function EditLabel({ label }: { label: ClientLabelAnswer }) {
  const refresh = useRefreshCrm();
  const { data } = useCompanyLabels(label.company_id);
  const [name, setName] = useState(label.name);
  const [parent, setParent] = useState(label.parent_label_id ?? '');
  const others = (data?.labels ?? []).filter((l) => l.id !== label.id);
  const chosen = others.find((l) => l.id === parent);
  const { errors, submitting, submit } = useFormSubmit({
    validate: (): Record<string, string> => (name.trim() ? {} : { 'label.name': 'Name is required' }),
    send: () => crmApi.updateLabel(label.id, { name, parent_label_id: parent }),
    onSuccess: async (answer) => {
      notify('notification', answer.message);
      await refresh();
    },
  });
  return (
    <Container header={<Header variant="h2">Edit label</Header>}>
      <SpaceBetween size="m">
        <FormField label="Name" errorText={errors['label.name']}>
          <Input value={name} onChange={({ detail }) => setName(detail.value)} />
        </FormField>
        <FormField
          label="Parent label"
          description="A sub-label is an affiliate of its parent."
          errorText={errors['label.parent_label_id']}
        >
          <Select
            selectedOption={chosen ? { value: chosen.id, label: chosen.name } : { value: '', label: 'No parent label' }}
            options={[{ value: '', label: 'No parent label' }, ...others.map((l) => ({ value: l.id, label: l.name }))]}
            onChange={({ detail }) => setParent(detail.selectedOption.value ?? '')}
          />
        </FormField>
        <Button variant="primary" loading={submitting} onClick={() => void submit()}>
          Save
        </Button>
      </SpaceBetween>
    </Container>
  );
}

function Affiliates({ label }: { label: ClientLabelAnswer }) {
  return (
    <Table
      data-testid="label-affiliates"
      header={<Header variant="h2">Affiliates</Header>}
      items={label.affiliates}
      columnDefinitions={[
        {
          id: 'name',
          header: 'Sub-label',
          isRowHeader: true,
          cell: (a) => <RouterLink href={labelHref(a.id)}>{a.name}</RouterLink>,
        },
      ]}
      empty={
        <Box textAlign="center">No sub-labels: add one on the client company's page with this label as parent.</Box>
      }
    />
  );
}

function Royalties({ label }: { label: ClientLabelAnswer }) {
  const { data, error, isLoading, mutate } = useApi<RoyaltyList>(labelRoyaltiesPath(label.id));
  if (error) return <ApiErrorAlert error={error} onRetry={() => void mutate()} header="Could not load the royalties" />;
  const currency = data?.currency ?? null;
  return (
    <Table
      data-testid="label-royalties"
      loading={isLoading}
      header={
        <Header
          variant="h2"
          counter={data ? `(${data.total_count})` : undefined}
          description={data ? `Label share: ${formatMoney(data.label_sum, currency)}` : undefined}
        >
          Royalties
        </Header>
      }
      items={data?.royalties ?? []}
      columnDefinitions={[
        { id: 'period', header: 'Pay period', cell: (r) => periodLabel(r.pay_period) },
        { id: 'song', header: 'Track', cell: (r) => r.song ?? '-' },
        { id: 'retailer', header: 'Store', cell: (r) => r.retailer ?? '-' },
        // Territories in words ("United Kingdom"), as the label's own royalties show them; a report's other words as written.
        { id: 'territory', header: 'Territory', cell: (r) => (r.territory ? territoryWords(r.territory) : '-') },
        // Money right-aligned, as every money table has it.
        { id: 'amount', header: 'Amount', cell: (r) => <Money value={r.amount} currency={currency} /> },
        { id: 'label', header: 'Label share', cell: (r) => <Money value={r.label_payable} currency={currency} /> },
      ]}
      empty={<Box textAlign="center">No royalties for this label yet</Box>}
    />
  );
}

function StatementSettings({ label }: { label: ClientLabelAnswer }) {
  const refresh = useRefreshCrm();
  const [frequency, setFrequency] = useState(label.statement_settings.frequency ?? '');
  const [graphs, setGraphs] = useState(label.statement_settings.graphs ?? true);
  const { submitting, submit } = useFormSubmit({
    validate: () => ({}),
    send: () => crmApi.updateLabel(label.id, { statement_settings: { frequency, graphs } }),
    onSuccess: async (answer) => {
      notify('notification', answer.message);
      await refresh();
    },
  });
  return (
    <Container header={<Header variant="h2">Statement settings</Header>}>
      <SpaceBetween size="m">
        <FormField label="Frequency">
          <Select
            selectedOption={{ value: frequency, label: frequency || 'Not scheduled' }}
            options={[
              { value: '', label: 'Not scheduled' },
              ...STATEMENT_FREQUENCIES.map((f) => ({ value: f, label: f })),
            ]}
            onChange={({ detail }) => setFrequency(detail.selectedOption.value ?? '')}
          />
        </FormField>
        <Toggle checked={graphs} onChange={({ detail }) => setGraphs(detail.checked)}>
          Graphs on statements
        </Toggle>
        <Button variant="primary" loading={submitting} onClick={() => void submit()}>
          Save
        </Button>
      </SpaceBetween>
    </Container>
  );
}

const TABS = ['', 'edit', 'affiliates', 'royalties', 'statement_settings'] as const;
const TAB_TITLES: Record<(typeof TABS)[number], string> = {
  '': 'Overview',
  edit: 'Edit',
  affiliates: 'Affiliates',
  royalties: 'Royalties',
  statement_settings: 'Statement settings',
};

/** /distribution/labels/:labelId and its children: a client label, each child one tab. */
export function ClientLabelPage() {
  const { labelId = '' } = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const follow = useOnFollow();
  const { data, error, isLoading, mutate } = useClientLabel(labelId);
  const tab = TABS.find((t) => t && pathname.endsWith(`/${t}`)) ?? '';
  return (
    <RecordState error={error} isLoading={isLoading} data={data} retry={mutate} errorHeader="Could not load the label">
      {({ label }) => (
        <ContentLayout
          header={
            <Header
              variant="h1"
              actions={
                <SpaceBetween direction="horizontal" size="xs">
                  <Button
                    href={labelHref(label.id, 'catalogue_tasks')}
                    onFollow={follow}
                    data-testid="label-tasks-link"
                  >
                    Catalogue tasks
                  </Button>
                  <Button
                    href={labelHref(label.id, 'accounting')}
                    onFollow={follow}
                    data-testid="label-accounting-link"
                  >
                    Accounting
                  </Button>
                </SpaceBetween>
              }
              description={
                <>
                  <RouterLink href={companyHref(label.company_id)}>{label.company_name}</RouterLink>
                  {label.parent_label_name ? ` · affiliate of ${label.parent_label_name}` : ''}
                </>
              }
            >
              {label.name}
            </Header>
          }
        >
          <Tabs
            activeTabId={tab || 'overview'}
            onChange={({ detail }) =>
              navigate(labelHref(label.id, detail.activeTabId === 'overview' ? '' : detail.activeTabId))
            }
            tabs={TABS.map((t) => ({
              id: t || 'overview',
              label: TAB_TITLES[t],
              content:
                t === tab ? (
                  t === 'edit' ? (
                    <EditLabel label={label} />
                  ) : t === 'affiliates' ? (
                    <Affiliates label={label} />
                  ) : t === 'royalties' ? (
                    <Royalties label={label} />
                  ) : t === 'statement_settings' ? (
                    <StatementSettings label={label} />
                  ) : (
                    <Overview label={label} />
                  )
                ) : null,
            }))}
          />
        </ContentLayout>
      )}
    </RecordState>
  );
}
