import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import Textarea from '@cloudscape-design/components/textarea';
import { useState } from 'react';
import { useParams } from 'react-router';
import { displayLabel } from '../../app/display-labels';
import { notify, notifyError } from '../../app/notifications';
import { FormattedDate } from '../../components/formatted';
import { RecordState } from '../../components/record-state';
import { RouterLink } from '../../components/router-link';
import { useFormSubmit } from '../../components/use-form-submit';
import { CRM_STATUSES, type CrmStatus } from '../../../../shared/crm';
import { formatMoneyByCurrency } from '../../../../shared/money';
import {
  catalogueWords,
  type CrmClientPage,
  crmApi,
  type Person,
  useCompanyLabels,
  useCrmClient,
  useRefreshCrm,
} from './crm-api';
import { CrmStatusBadge } from './crm-page';
import { monthsWords } from '../money/finances/finance-model';
import { DateField, DateInput } from '../../components/date-input';
import { formatPercent } from '../../../../shared/format';
import { DEAL_WORDS } from '../../components/deal-words';

const statusOptions = CRM_STATUSES.map((s) => ({ value: s, label: displayLabel(s) }));
export const labelHref = (id: string, tab = '') =>
  `/distribution/labels/${encodeURIComponent(id)}${tab ? `/${tab}` : ''}`;

/** Runs a write, says its message, reloads the CRM; a refusal is shown as the server said it. */
async function run(write: () => Promise<{ message: string }>, refresh: () => Promise<unknown>) {
  try {
    notify('notification', (await write()).message);
    await refresh();
    return true;
  } catch (error) {
    notifyError(error);
    return false;
  }
}

function Facts({ client }: { client: CrmClientPage }) {
  return (
    <Container header={<Header variant="h2">Overview</Header>}>
      <KeyValuePairs
        columns={4}
        items={[
          { label: 'Status', value: <CrmStatusBadge client={client} /> },
          { label: 'Account manager', value: client.account_manager?.name ?? '-' },
          { label: 'Deal percentage', value: client.deal_percentage ? formatPercent(client.deal_percentage) : '-' },
          {
            label: 'Contract',
            value:
              client.contract_start_date || client.contract_end_date ? (
                <span data-testid="client-contract">
                  {client.contract_start_date ? <FormattedDate value={client.contract_start_date} /> : '…'} to{' '}
                  {client.contract_end_date ? <FormattedDate value={client.contract_end_date} /> : '…'}
                </span>
              ) : (
                '-'
              ),
          },
          {
            label: 'Catalogue',
            value: catalogueWords(client.catalogue, true),
          },
          {
            label: 'Last delivery',
            value: client.last_delivery ? (
              <>
                {displayLabel(client.last_delivery.status)} <FormattedDate value={client.last_delivery.at} />
              </>
            ) : (
              '-'
            ),
          },
          {
            label: 'Last statement',
            value: client.last_statement
              ? `${client.last_statement.number} (${monthsWords(client.last_statement.start_pay_period, client.last_statement.end_pay_period)})`
              : '-',
          },
          {
            label: 'Balance owed',
            value: (
              <span data-testid="client-owed">
                {formatMoneyByCurrency(client.balance_owed_by_currency, 'owed', client.currency)}
              </span>
            ),
          },
        ]}
      />
    </Container>
  );
}

function TermsForm({ client, managers }: { client: CrmClientPage; managers: Person[] }) {
  const refresh = useRefreshCrm();
  const [terms, setTerms] = useState({
    status: client.status as CrmStatus,
    account_manager_id: client.account_manager?.id ?? '',
    deal_percentage: client.deal_percentage ?? '',
    contract_start_date: client.contract_start_date ?? '',
    contract_end_date: client.contract_end_date ?? '',
  });
  const set = (key: keyof typeof terms) => (value: string) => setTerms((t) => ({ ...t, [key]: value }));
  const { errors, submitting, submit } = useFormSubmit({
    validate: () => ({}),
    send: () => crmApi.update(client.id, terms),
    onSuccess: async (answer) => {
      notify('notification', answer.message);
      await refresh();
    },
  });
  const manager = managers.find((m) => m.id === terms.account_manager_id);
  const text = (key: 'deal_percentage', label: string, ph: string) => (
    <FormField label={label} description={DEAL_WORDS.company} errorText={errors[`client.${key}`]}>
      <Input
        value={terms[key]}
        placeholder={ph}
        onChange={({ detail }) => set(key)(detail.value)}
        data-testid={`terms-${key}`}
      />
    </FormField>
  );
  const day = (key: 'contract_start_date' | 'contract_end_date', label: string) => (
    <DateField
      label={label}
      value={terms[key]}
      onChange={set(key)}
      error={errors[`client.${key}`]}
      testId={`terms-${key}`}
    />
  );
  return (
    <Container
      header={
        <Header
          variant="h2"
          actions={
            <Button loading={submitting} onClick={() => void submit()} data-testid="terms-save">
              Save terms
            </Button>
          }
        >
          Status and deal terms
        </Header>
      }
    >
      <ColumnLayout columns={3}>
        <FormField label="Status" errorText={errors['client.status']}>
          <Select
            selectedOption={{ value: terms.status, label: displayLabel(terms.status) }}
            options={statusOptions}
            onChange={({ detail }) => set('status')(detail.selectedOption.value ?? terms.status)}
            data-testid="terms-status"
          />
        </FormField>
        <FormField label="Account manager" errorText={errors['client.account_manager_id']}>
          <Select
            selectedOption={manager ? { value: manager.id, label: manager.name } : null}
            placeholder="Nobody"
            options={[{ value: '', label: 'Nobody' }, ...managers.map((m) => ({ value: m.id, label: m.name }))]}
            onChange={({ detail }) => set('account_manager_id')(detail.selectedOption.value ?? '')}
            data-testid="terms-manager"
          />
        </FormField>
        {text('deal_percentage', 'Deal percentage', 'e.g. 85')}
        {day('contract_start_date', 'Contract start date')}
        {day('contract_end_date', 'Contract end date')}
      </ColumnLayout>
    </Container>
  );
}

function Contacts({ client }: { client: CrmClientPage }) {
  const refresh = useRefreshCrm();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const add = async () => {
    const contacts = [...client.contacts, { name, email }];
    if (await run(() => crmApi.update(client.id, { contacts }), refresh)) {
      setName('');
      setEmail('');
    }
  };
  return (
    <Table
      data-testid="client-contacts"
      header={<Header variant="h2">Contacts</Header>}
      items={client.contacts}
      columnDefinitions={[
        { id: 'name', header: 'Name', cell: (c) => c.name },
        { id: 'email', header: 'E-mail', cell: (c) => c.email || '-' },
        { id: 'role', header: 'Role', cell: (c) => c.role || '-' },
      ]}
      empty={<Box textAlign="center">No contacts yet: add one with their name and e-mail below</Box>}
      footer={
        <SpaceBetween direction="horizontal" size="xs">
          <Input value={name} placeholder="Name" onChange={({ detail }) => setName(detail.value)} />
          <Input value={email} placeholder="E-mail" onChange={({ detail }) => setEmail(detail.value)} />
          <Button disabled={!name.trim()} onClick={() => void add()}>
            Add contact
          </Button>
        </SpaceBetween>
      }
    />
  );
}

function Labels({ companyId }: { companyId: string }) {
  const refresh = useRefreshCrm();
  const { data } = useCompanyLabels(companyId);
  const [name, setName] = useState('');
  const [parent, setParent] = useState('');
  const labels = data?.labels ?? [];
  const parentLabel = labels.find((l) => l.id === parent);
  const add = async () => {
    const write = () => crmApi.addLabel(companyId, { name, ...(parent ? { parent_label_id: parent } : {}) });
    if (await run(write, refresh)) {
      setName('');
      setParent('');
    }
  };
  return (
    <Table
      data-testid="client-labels"
      header={<Header variant="h2">Labels</Header>}
      items={labels}
      trackBy="id"
      columnDefinitions={[
        {
          id: 'name',
          header: 'Label',
          isRowHeader: true,
          cell: (l) => <RouterLink href={labelHref(l.id)}>{l.name}</RouterLink>,
        },
        { id: 'parent', header: 'Affiliate of', cell: (l) => l.parent_label_name ?? '-' },
        {
          id: 'stores',
          header: 'Authorised stores',
          cell: (l) => (l.stores.length ? l.stores.map((s) => s.name).join(', ') : '-'),
        },
      ]}
      empty={<Box textAlign="center">No labels yet: name one below and choose Add label</Box>}
      footer={
        <SpaceBetween direction="horizontal" size="xs">
          <Input
            value={name}
            placeholder="Label name"
            onChange={({ detail }) => setName(detail.value)}
            data-testid="label-name"
          />
          <Select
            selectedOption={parentLabel ? { value: parentLabel.id, label: parentLabel.name } : null}
            placeholder="No parent label"
            options={[{ value: '', label: 'No parent label' }, ...labels.map((l) => ({ value: l.id, label: l.name }))]}
            onChange={({ detail }) => setParent(detail.selectedOption.value ?? '')}
          />
          <Button disabled={!name.trim()} onClick={() => void add()} data-testid="label-add">
            Add label
          </Button>
        </SpaceBetween>
      }
    />
  );
}

function Tasks({ client, managers }: { client: CrmClientPage; managers: Person[] }) {
  const refresh = useRefreshCrm();
  const [body, setBody] = useState('');
  const [due, setDue] = useState('');
  const [assignee, setAssignee] = useState('');
  const names = new Map(managers.map((m) => [m.id, m.name]));
  const add = async () => {
    const task = { body, ...(due ? { due_date: due } : {}), ...(assignee ? { assignee_id: assignee } : {}) };
    if (await run(() => crmApi.addTask(client.id, task), refresh)) {
      setBody('');
      setDue('');
    }
  };
  return (
    <Table
      data-testid="client-tasks"
      header={<Header variant="h2">To-dos</Header>}
      items={client.todo_tasks}
      trackBy="id"
      columnDefinitions={[
        {
          id: 'done',
          header: 'Done',
          cell: (t) => (
            <Checkbox
              checked={t.done}
              ariaLabel={`Done: ${t.body}`}
              onChange={({ detail }) => void run(() => crmApi.setTaskDone(client.id, t.id, detail.checked), refresh)}
            />
          ),
        },
        { id: 'body', header: 'Task', cell: (t) => t.body },
        { id: 'due', header: 'Due', cell: (t) => <FormattedDate value={t.due_date} /> },
        { id: 'assignee', header: 'Assignee', cell: (t) => (t.assignee_id ? (names.get(t.assignee_id) ?? '-') : '-') },
      ]}
      empty={<Box textAlign="center">Nothing to do: add a to-do below</Box>}
      footer={
        <SpaceBetween direction="horizontal" size="xs">
          <Input value={body} placeholder="Task" onChange={({ detail }) => setBody(detail.value)} />
          <DateInput value={due} onChange={setDue} label="Due date" />
          <Select
            selectedOption={assignee ? { value: assignee, label: names.get(assignee) ?? '' } : null}
            placeholder="Assignee"
            options={managers.map((m) => ({ value: m.id, label: m.name }))}
            onChange={({ detail }) => setAssignee(detail.selectedOption.value ?? '')}
          />
          <Button disabled={!body.trim()} onClick={() => void add()}>
            Add to-do
          </Button>
        </SpaceBetween>
      }
    />
  );
}

function Notes({ client }: { client: CrmClientPage }) {
  const refresh = useRefreshCrm();
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const add = async () => {
    if (await run(() => crmApi.addNote(client.id, { title, content }), refresh)) {
      setTitle('');
      setContent('');
    }
  };
  return (
    <Container header={<Header variant="h2">Notes</Header>}>
      <SpaceBetween size="m">
        {client.notes.map((note) => (
          <Box key={note.id}>
            <Box variant="h4">{note.title}</Box>
            <Box variant="small">
              <FormattedDate value={note.created_at} />
            </Box>
            {/* Notes are shown as text, never as HTML. */}
            <Box>{note.content}</Box>
          </Box>
        ))}
        <FormField label="New note">
          <SpaceBetween size="xs">
            <Input value={title} placeholder="Title" onChange={({ detail }) => setTitle(detail.value)} />
            <Textarea value={content} onChange={({ detail }) => setContent(detail.value)} rows={3} />
            <Button disabled={!title.trim()} onClick={() => void add()}>
              Add note
            </Button>
          </SpaceBetween>
        </FormField>
      </SpaceBetween>
    </Container>
  );
}

function ActivityHistory({ client }: { client: CrmClientPage }) {
  return (
    <Table
      data-testid="client-activity"
      header={<Header variant="h2">Activity</Header>}
      items={client.activity}
      columnDefinitions={[
        { id: 'at', header: 'When', cell: (a) => <FormattedDate value={a.at} /> },
        { id: 'by', header: 'Who', cell: (a) => a.by_name },
        { id: 'text', header: 'What', cell: (a) => a.text },
      ]}
    />
  );
}

/** /distribution/companies/:companyId: one client company, everything the distributor keeps about it. */
export function ClientCompanyPage() {
  const { companyId = '' } = useParams();
  const { data, error, isLoading, mutate } = useCrmClient(companyId);
  return (
    <RecordState
      error={error}
      isLoading={isLoading}
      data={data}
      retry={mutate}
      errorHeader="Could not load the client company"
    >
      {({ client, account_managers: managers }) => (
        <ContentLayout
          header={
            <Header variant="h1" description={client.email ?? undefined}>
              {client.name}
            </Header>
          }
        >
          <SpaceBetween size="l">
            <Facts client={client} />
            <TermsForm key={`${client.status}-${client.deal_percentage}`} client={client} managers={managers} />
            <Labels companyId={client.id} />
            <Contacts client={client} />
            <Tasks client={client} managers={managers} />
            <Notes client={client} />
            <ActivityHistory client={client} />
          </SpaceBetween>
        </ContentLayout>
      )}
    </RecordState>
  );
}
