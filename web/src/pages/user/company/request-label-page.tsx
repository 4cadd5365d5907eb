import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import Textarea from '@cloudscape-design/components/textarea';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../app/api';
import { notify, notifyError } from '../../../app/notifications';
import { FormattedDate } from '../../../components/formatted';
import { serverFieldErrors, zodErrors } from '../../../components/form-rules';
import { labelRequestInput } from '../../../../../shared/schemas/company-team';
import type { LabelView } from '../../../../../shared/schemas/label';
import { requestLabel, useRefreshOwnCompany, useRequestedLabels } from './company-api';
import { CompanyFrame } from './company-frame';

function RequestForm({ companyId }: { companyId: string }) {
  const refresh = useRefreshOwnCompany();
  const [name, setName] = useState('');
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = labelRequestInput.safeParse({ name, ...(notes.trim() ? { notes } : {}) });
    if (!parsed.success) {
      setErrors(zodErrors(parsed.error));
      return;
    }
    setErrors({});
    setSending(true);
    try {
      notify('notification', (await requestLabel(companyId, parsed.data)).message);
      setName('');
      setNotes('');
      await refresh();
    } catch (error) {
      if (error instanceof ApiError && error.errors) setErrors(serverFieldErrors(error.errors));
      notifyError(error);
    } finally {
      setSending(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} data-testid="request-label">
      <Form
        actions={
          <Button variant="primary" formAction="submit" loading={sending} data-testid="request-label-submit">
            Request label
          </Button>
        }
      >
        <Container
          header={
            <Header variant="h2" description="An admin approves the label before releases can use it.">
              Ask for a new label
            </Header>
          }
        >
          <SpaceBetween size="m">
            <FormField label="Name" errorText={errors.name}>
              <Input
                value={name}
                onChange={({ detail }) => setName(detail.value)}
                nativeInputAttributes={{ 'data-testid': 'request-label-name' }}
              />
            </FormField>
            <FormField label="Notes (optional)" errorText={errors.notes} description="What the label is for.">
              <Textarea value={notes} onChange={({ detail }) => setNotes(detail.value)} />
            </FormField>
          </SpaceBetween>
        </Container>
      </Form>
    </form>
  );
}

function Requested({ companyId }: { companyId: string }) {
  const { data, isLoading, error } = useRequestedLabels(companyId);
  return (
    <Table<LabelView>
      data-testid="requested-labels"
      loading={isLoading}
      header={
        <Header variant="h2" counter={data ? `(${data.total_count})` : undefined}>
          Waiting for approval
        </Header>
      }
      items={data?.labels ?? []}
      trackBy="id"
      columnDefinitions={[
        { id: 'name', header: 'Label', isRowHeader: true, cell: (l) => l.name },
        { id: 'created_at', header: 'Asked', cell: (l) => <FormattedDate value={l.created_at} /> },
      ]}
      empty={
        <Box color="text-body-secondary">{error ? 'Could not load the requests.' : 'No label waits for approval.'}</Box>
      }
    />
  );
}

/**
 * UserCompanyRequestLabel: ask for a label (stored as requested), and the requests an admin has not answered. Asking
 * is POST /label_requests (catalogue.write): a member whose role may not is refused the page, as the server would.
 */
export function RequestLabelPage() {
  return (
    <CompanyFrame title="Request a label" permission="catalogue.write">
      {(company) => (
        <SpaceBetween size="l">
          <RequestForm companyId={company.id} />
          <Requested companyId={company.id} />
        </SpaceBetween>
      )}
    </CompanyFrame>
  );
}
