import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import TokenGroup from '@cloudscape-design/components/token-group';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { MESSAGES } from '../../../../../shared/messages';
import { useInvalidate } from '../../../app/invalidate';
import { notify } from '../../../app/notifications';
import { FormShell } from '../../../components/form-shell';
import { RecordState } from '../../../components/record-state';
import { useFormSubmit } from '../../../components/use-form-submit';
import { formatMoney } from '../../../../../shared/money';
import {
  splitAddresses,
  statementEditBody,
  statementPeriodWords,
  statementTitle,
  validateStatementEdit,
  type StatementEditValues,
} from './statement-model';
import { statementsApi, useStatement, useStatementPages } from './statements-api';
import type { Statement } from '../../../../../shared/schemas/statement-views';
import { DateField } from '../../../components/date-input';

function StatementEditForm({ statement }: { statement: Statement }) {
  const navigate = useNavigate();
  const pages = useStatementPages();
  const refresh = useInvalidate('/statements');
  const [values, setValues] = useState<StatementEditValues>({
    recipients: statement.recipients,
    draft: '',
    subject: statement.subject,
    message: statement.message,
    remittance_date: statement.remittance_date ?? '',
  });
  const set = <K extends keyof StatementEditValues>(key: K, value: StatementEditValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const form = useFormSubmit({
    validate: () => validateStatementEdit(values),
    send: () => statementsApi.update(statement.id, statementEditBody(values)),
    onSuccess: async (answer) => {
      await refresh();
      notify('notification', answer.message ?? MESSAGES.statementUpdated);
      navigate(pages.detail(statement.id));
    },
  });
  const addDraft = () => {
    const typed = splitAddresses(values.draft);
    if (!typed.length) return;
    setValues((v) => ({ ...v, recipients: [...new Set([...v.recipients, ...typed])], draft: '' }));
  };
  const currency = statement.currency;
  return (
    <FormShell
      testId="statement-edit"
      title={`Edit statement ${statementTitle(statement)}`}
      description={`${statement.payee_name} · ${statementPeriodWords(statement)}`}
      failure={form.failure}
      errors={form.errors}
      submitting={form.submitting}
      submitLabel="Save changes"
      onSubmit={() => void form.submit()}
      onCancel={() => navigate(pages.detail(statement.id))}
    >
      <SpaceBetween size="l">
        <Container header={<Header variant="h2">Delivery</Header>}>
          <SpaceBetween size="l">
            <FormField
              label="Recipients"
              description="Who receives the statement by e-mail. Type an address and press Add (or Enter)."
              errorText={form.errors.recipients}
            >
              <SpaceBetween size="xs">
                <SpaceBetween direction="horizontal" size="xs">
                  <Input
                    value={values.draft}
                    type="email"
                    placeholder="name@example.com"
                    invalid={Boolean(form.errors.recipients)}
                    onChange={({ detail }) => set('draft', detail.value)}
                    onKeyDown={(event) => {
                      // Enter adds the address instead of submitting the form.
                      if (event.detail.key === 'Enter') {
                        event.preventDefault();
                        addDraft();
                      }
                    }}
                    data-testid="statement-edit-recipient"
                  />
                  <Button formAction="none" onClick={addDraft} data-testid="statement-edit-recipient-add">
                    Add
                  </Button>
                </SpaceBetween>
                <TokenGroup
                  items={values.recipients.map((r) => ({ label: r, dismissLabel: `Remove ${r}` }))}
                  onDismiss={({ detail }) =>
                    set(
                      'recipients',
                      values.recipients.filter((_, i) => i !== detail.itemIndex),
                    )
                  }
                  data-testid="statement-edit-recipients"
                />
              </SpaceBetween>
            </FormField>
            <FormField label="Subject" errorText={form.errors.subject} constraintText="%PERIOD% becomes the period">
              <Input
                value={values.subject}
                onChange={({ detail }) => set('subject', detail.value)}
                data-testid="statement-edit-subject"
              />
            </FormField>
            <FormField label="Message" errorText={form.errors.message}>
              <Textarea
                value={values.message}
                rows={5}
                onChange={({ detail }) => set('message', detail.value)}
                data-testid="statement-edit-message"
              />
            </FormField>
            <DateField
              label="Remittance date"
              value={values.remittance_date}
              onChange={(day) => set('remittance_date', day)}
              error={form.errors.remittance_date}
              testId="statement-edit-remittance_date"
            />
          </SpaceBetween>
        </Container>
        <Container header={<Header variant="h2">Figures</Header>}>
          <SpaceBetween size="m">
            <Alert type="info" data-testid="statement-edit-immutable">
              A published statement never changes: its figures stay as they were published. To correct it, make a new
              version or add an adjustment to the account's next statement.
            </Alert>
            <KeyValuePairs
              columns={4}
              items={[
                { label: 'Opening balance', value: formatMoney(statement.figures.opening_balance, currency) },
                { label: 'Net revenue', value: formatMoney(statement.figures.royalties, currency) },
                { label: 'Closing balance', value: formatMoney(statement.figures.closing_balance, currency) },
                { label: 'Payable', value: formatMoney(statement.figures.payable, currency) },
              ]}
            />
          </SpaceBetween>
        </Container>
      </SpaceBetween>
    </FormShell>
  );
}

/** /…/statements/{statementId}/edit: recipients, subject, message and remittance date; then 'Statement Updated'. */
export function StatementEditPage() {
  const { statementId } = useParams();
  const { data, error, isLoading, mutate } = useStatement(statementId);
  return (
    <RecordState
      error={error}
      isLoading={isLoading}
      data={data?.statement}
      retry={mutate}
      errorHeader="Could not load the statement"
    >
      {(statement) => (
        <ContentLayout>
          <StatementEditForm key={statement.id} statement={statement} />
        </ContentLayout>
      )}
    </RecordState>
  );
}
