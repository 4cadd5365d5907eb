import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import TextFilter from '@cloudscape-design/components/text-filter';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { displayLabel } from '../../app/display-labels';
import { notify } from '../../app/notifications';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { FormattedDate } from '../../components/formatted';
import { RouterLink } from '../../components/router-link';
import { useDebouncedValue } from '../../components/use-debounced-value';
import { useFormSubmit } from '../../components/use-form-submit';
import { CRM_STATUSES, type CrmStatus } from '../../../../shared/crm';
import { formatMoneyByCurrency } from '../../../../shared/money';
import { catalogueWords, crmApi, crmPath, type CrmClient, type Person, useCrm, useRefreshCrm } from './crm-api';
import { DateField } from '../../components/date-input';
import { formatPercent } from '../../../../shared/format';
import { clientsEmptyParts } from './crm-words';
import { DEAL_WORDS } from '../../components/deal-words';

/** The filters' first choices, each naming what it filters (two bare "Any" side by side said neither). */
const ANY_STATUS = { value: '', label: 'Any status' };
const ANY_MANAGER = { value: '', label: 'Any account manager' };
const statusOptions = CRM_STATUSES.map((s) => ({ value: s, label: displayLabel(s) }));
const personOptions = (people: Person[]) => people.map((p) => ({ value: p.id, label: p.name }));

/** A client's status in its colour. */
export function CrmStatusBadge({ client }: { client: Pick<CrmClient, 'status' | 'status_colour'> }) {
  return <StatusIndicator type={client.status_colour}>{displayLabel(client.status)}</StatusIndicator>;
}

export const companyHref = (id: string) => `/distribution/companies/${encodeURIComponent(id)}`;

const COLUMNS: TableProps.ColumnDefinition<CrmClient>[] = [
  {
    id: 'name',
    header: 'Client company',
    isRowHeader: true,
    cell: (c) => <RouterLink href={companyHref(c.id)}>{c.name}</RouterLink>,
  },
  {
    id: 'status',
    header: 'Status',
    // The lines wrap (see the table): a status is one word, kept whole.
    cell: (c) => (
      <span style={{ whiteSpace: 'nowrap' }}>
        <CrmStatusBadge client={c} />
      </span>
    ),
  },
  { id: 'manager', header: 'Account manager', cell: (c) => c.account_manager?.name ?? '-' },
  { id: 'deal', header: 'Deal', cell: (c) => (c.deal_percentage ? formatPercent(c.deal_percentage) : '-') },
  {
    id: 'catalogue',
    header: 'Catalogue',
    cell: (c) => catalogueWords(c.catalogue),
  },
  {
    id: 'last_delivery',
    header: 'Last delivery',
    cell: (c) =>
      c.last_delivery ? (
        <>
          {displayLabel(c.last_delivery.status)} <FormattedDate value={c.last_delivery.at} />
        </>
      ) : (
        '-'
      ),
  },
  { id: 'last_statement', header: 'Last statement', cell: (c) => c.last_statement?.number ?? '-' },
  {
    id: 'owed',
    header: 'Balance owed',
    cell: (c) => formatMoneyByCurrency(c.balance_owed_by_currency, 'owed', c.currency),
  },
  { id: 'tasks', header: 'Open to-dos', cell: (c) => c.open_tasks },
];

/** The onboarding form: a new client company with its first terms and contact. */
function OnboardForm({ managers, onDone }: { managers: Person[]; onDone: () => void }) {
  const navigate = useNavigate();
  const refresh = useRefreshCrm();
  const [fields, setFields] = useState({
    name: '',
    email: '',
    status: 'prospect' as CrmStatus,
    account_manager_id: '',
    deal_percentage: '',
    contract_start_date: '',
    contract_end_date: '',
    contact_name: '',
    contact_email: '',
  });
  const set = (key: keyof typeof fields) => (value: string) => setFields((f) => ({ ...f, [key]: value }));
  const { errors, failure, submitting, submit } = useFormSubmit({
    validate: (): Record<string, string> => (fields.name.trim() ? {} : { 'client.name': 'Name is required' }),
    send: () => {
      const { contact_name, contact_email, ...client } = fields;
      return crmApi.onboard({
        ...client,
        ...(contact_name.trim() ? { contacts: [{ name: contact_name, email: contact_email }] } : {}),
      });
    },
    onSuccess: async (answer) => {
      notify('notification', answer.message);
      await refresh();
      onDone();
      navigate(companyHref(answer.client.id));
    },
  });
  const text = (
    key: keyof typeof fields,
    label: string,
    testId: string,
    placeholder?: string,
    description?: string,
  ) => (
    <FormField label={label} description={description} errorText={errors[`client.${key}`]}>
      <Input
        value={fields[key]}
        onChange={({ detail }) => set(key)(detail.value)}
        placeholder={placeholder}
        data-testid={testId}
      />
    </FormField>
  );
  const day = (key: 'contract_start_date' | 'contract_end_date', label: string, testId: string) => (
    <DateField label={label} value={fields[key]} onChange={set(key)} error={errors[`client.${key}`]} testId={testId} />
  );
  const manager = managers.find((m) => m.id === fields.account_manager_id);
  return (
    <Container header={<Header variant="h2">Onboard a client company</Header>}>
      <SpaceBetween size="m">
        <ColumnLayout columns={3}>
          {text('name', 'Name', 'crm-name')}
          {text('email', 'E-mail', 'crm-email')}
          <FormField label="Status" errorText={errors['client.status']}>
            <Select
              selectedOption={{ value: fields.status, label: displayLabel(fields.status) }}
              options={statusOptions}
              onChange={({ detail }) => set('status')(detail.selectedOption.value ?? 'prospect')}
              data-testid="crm-status"
            />
          </FormField>
          <FormField label="Account manager" errorText={errors['client.account_manager_id']}>
            <Select
              selectedOption={manager ? { value: manager.id, label: manager.name } : null}
              options={personOptions(managers)}
              placeholder="Choose a member"
              onChange={({ detail }) => set('account_manager_id')(detail.selectedOption.value ?? '')}
              data-testid="crm-manager"
            />
          </FormField>
          {text('deal_percentage', 'Deal percentage', 'crm-deal', 'e.g. 85', DEAL_WORDS.company)}
          {day('contract_start_date', 'Contract start date', 'crm-start')}
          {day('contract_end_date', 'Contract end date', 'crm-end')}
          {text('contact_name', 'Contact name', 'crm-contact-name')}
          {text('contact_email', 'Contact e-mail', 'crm-contact-email')}
        </ColumnLayout>
        {failure ? <Box color="text-status-error">{failure}</Box> : null}
        <SpaceBetween direction="horizontal" size="xs">
          <Button onClick={onDone}>Cancel</Button>
          <Button variant="primary" loading={submitting} onClick={() => void submit()} data-testid="crm-submit">
            Onboard
          </Button>
        </SpaceBetween>
      </SpaceBetween>
    </Container>
  );
}

/** The clients table with its filters: status, account manager and words in names and contacts. */
/** The empty clients table's words, the page they point at (if any) a link to it. */
function ClientsEmptyWords(state: { filtered: boolean; canOnboard: boolean }) {
  const { before, link, after } = clientsEmptyParts(state);
  return (
    <>
      {before}
      {link ? (
        <RouterLink href={link.href} data-testid="crm-empty-link">
          {link.words}
        </RouterLink>
      ) : null}
      {after}
    </>
  );
}

function ClientsTable({ title, canOnboard }: { title: string; canOnboard: boolean }) {
  const [status, setStatus] = useState('');
  const [manager, setManager] = useState('');
  const [q, setQ] = useState('');
  const [onboarding, setOnboarding] = useState(false);
  const query = useDebouncedValue(q, 300);
  const { data, error, isLoading, mutate } = useCrm(crmPath({ status, account_manager_id: manager, q: query }));
  if (error) return <ApiErrorAlert error={error} onRetry={() => void mutate()} header="Could not load the clients" />;
  const managers = data?.account_managers ?? [];
  const chosenManager = managers.find((m) => m.id === manager);
  return (
    <SpaceBetween size="l">
      {onboarding ? <OnboardForm managers={managers} onDone={() => setOnboarding(false)} /> : null}
      <Table
        data-testid="crm-table"
        loading={isLoading}
        items={data?.clients ?? []}
        columnDefinitions={COLUMNS}
        trackBy="id"
        // Nine columns fit a 1,400 px window beside the open side menu only when a long name or catalogue may wrap.
        wrapLines
        variant="full-page"
        empty={
          <Box textAlign="center" data-testid="crm-empty">
            <ClientsEmptyWords filtered={Boolean(status || manager || query.trim())} canOnboard={canOnboard} />
          </Box>
        }
        header={
          <Header
            variant="awsui-h1-sticky"
            counter={data ? `(${data.total_count})` : undefined}
            description={
              data
                ? CRM_STATUSES.map((s) => `${displayLabel(s)}: ${data.by_status[s] ?? 0}`).join(' · ')
                : 'Your client companies'
            }
            actions={
              canOnboard ? (
                <Button variant="primary" onClick={() => setOnboarding(true)} data-testid="crm-onboard">
                  Onboard client company
                </Button>
              ) : undefined
            }
          >
            {title}
          </Header>
        }
        filter={
          <SpaceBetween direction="horizontal" size="xs">
            <TextFilter
              filteringText={q}
              filteringPlaceholder="Search names, e-mails and contacts"
              onChange={({ detail }) => setQ(detail.filteringText)}
              data-testid="crm-search"
            />
            <Select
              selectedOption={status ? { value: status, label: displayLabel(status) } : ANY_STATUS}
              options={[ANY_STATUS, ...statusOptions]}
              ariaLabel="Status"
              onChange={({ detail }) => setStatus(detail.selectedOption.value ?? '')}
              data-testid="crm-filter-status"
            />
            <Select
              selectedOption={chosenManager ? { value: chosenManager.id, label: chosenManager.name } : ANY_MANAGER}
              options={[ANY_MANAGER, ...personOptions(managers)]}
              ariaLabel="Account manager"
              onChange={({ detail }) => setManager(detail.selectedOption.value ?? '')}
              data-testid="crm-filter-manager"
            />
          </SpaceBetween>
        }
      />
    </SpaceBetween>
  );
}

/** /distribution/crm: the distributor's client companies in one place, and onboarding a new one. */
export function CrmPage() {
  return (
    <ContentLayout>
      <ClientsTable title="CRM" canOnboard />
    </ContentLayout>
  );
}

/** /distribution/companies: the client companies (the CRM's list; each opens its page). */
export function ClientCompaniesPage() {
  return (
    <ContentLayout>
      <ClientsTable title="Client companies" canOnboard={false} />
    </ContentLayout>
  );
}
