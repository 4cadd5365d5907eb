import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useCompanyCurrency } from '../../../app/company-currency';
import { notify } from '../../../app/notifications';
import { FormattedDate } from '../../../components/formatted';
import { pickerSource, type PickedRecord } from '../../../components/record-picker';
import { RouterLink } from '../../../components/router-link';
import { PeriodFields } from './period-fields';
import { RecordMultiPicker } from './record-multi-picker';
import { RunView } from './run-view';
import { UnaccountableTable } from './run-warnings';
import { StateBadge } from './statement-badges';
import { statementsApi, useStatementPages, useStatementRuns, useUnaccountable } from './statements-api';
import { usePeriodForm } from './use-period-form';
import { monthsWords } from '../finances/finance-model';
import type { RunKind, StatementRun } from '../../../../../shared/schemas/statement-views';

const labelSource = pickerSource('labels');

/** Before a payee run of one label: its recordings nobody would be paid for (label/artist_statements/prepare). */
function LabelUnaccountable({ labelId }: { labelId: string }) {
  const { data } = useUnaccountable(labelId);
  const currency = useCompanyCurrency();
  return <UnaccountableTable rows={data?.unaccountable_recordings ?? []} currency={currency} />;
}
const payeeSource = pickerSource('payees');

/** The run's choices: periods, kind, labels and (optionally) some payees; Preview starts it. */
function RunForm({ onStarted }: { onStarted: (run: StatementRun) => void }) {
  const [kind, setKind] = useState<RunKind>('payee');
  const [labels, setLabels] = useState<PickedRecord[]>([]);
  const [payees, setPayees] = useState<PickedRecord[]>([]);
  const { period, setPeriod, errors, busy, submit } = usePeriodForm(async (periods) => {
    const answer = await statementsApi.createRun({
      ...periods,
      kind,
      ...(labels.length ? { label_ids: labels.map((l) => l.id) } : {}),
      ...(kind === 'payee' && payees.length ? { accounts: payees.map((p) => ({ type: 'Payee', id: p.id })) } : {}),
    });
    if (answer.message) notify('notification', answer.message);
    onStarted(answer.statement_run);
  });

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      noValidate
      data-testid="statement-run-form"
    >
      <Form
        actions={
          <Button variant="primary" formAction="submit" loading={busy} data-testid="statement-run-preview">
            Preview
          </Button>
        }
      >
        <Container
          header={
            // Under the page's "Statement run" heading: the form's section says what it asks, not the page's words again.
            <Header variant="h2" description="Nothing is published until you have seen the preview and press Publish.">
              What to state
            </Header>
          }
        >
          <SpaceBetween size="l">
            <PeriodFields
              start={period.start}
              end={period.end}
              onChange={setPeriod}
              errors={errors}
              testId="statement-run-period"
            />
            <FormField label="Statements for" errorText={errors.kind}>
              <SegmentedControl
                selectedId={kind}
                onChange={({ detail }) => setKind(detail.selectedId as RunKind)}
                options={[
                  { id: 'payee', text: 'Payees (artist statements)' },
                  { id: 'distribution', text: 'Distributed labels' },
                ]}
                data-testid="statement-run-kind"
              />
            </FormField>
            <FormField label="Labels" description="Leave empty for every label." errorText={errors.label_ids}>
              <RecordMultiPicker
                source={labelSource}
                value={labels}
                onChange={setLabels}
                testId="statement-run-labels"
                placeholder="Every label"
              />
            </FormField>
            {kind === 'payee' ? (
              <FormField
                label="Payees"
                description="Leave empty for everyone owed something."
                errorText={errors.accounts}
              >
                <RecordMultiPicker
                  source={payeeSource}
                  value={payees}
                  onChange={setPayees}
                  testId="statement-run-payees"
                  placeholder="Every payee"
                />
              </FormField>
            ) : null}
            {kind === 'payee' && labels.length === 1 ? <LabelUnaccountable labelId={labels[0].id} /> : null}
          </SpaceBetween>
        </Container>
      </Form>
    </form>
  );
}

function RecentRuns() {
  const pages = useStatementPages();
  const { data } = useStatementRuns();
  const runs = data?.statement_runs ?? [];
  if (!runs.length) return null;
  return (
    <Table<StatementRun>
      data-testid="statement-runs"
      variant="container"
      header={<Header variant="h2">Recent runs</Header>}
      items={runs}
      columnDefinitions={[
        {
          id: 'period',
          header: 'Period',
          isRowHeader: true,
          cell: (r) => (
            <RouterLink href={pages.runView(r.id)}>{monthsWords(r.start_pay_period, r.end_pay_period)}</RouterLink>
          ),
        },
        {
          id: 'kind',
          header: 'Kind',
          cell: (r) =>
            r.replaces ? `Correction of ${r.replaces.number}` : r.kind === 'distribution' ? 'Distribution' : 'Payee',
        },
        { id: 'status', header: 'Status', cell: (r) => <StateBadge state={r.status} /> },
        { id: 'created', header: 'Started', cell: (r) => <FormattedDate value={r.created_at} /> },
      ]}
    />
  );
}

/**
 * DistributionFinancesStatementRun (/distribution/finances/statement_run, also
 * /distribution/finances/statements/new, /admin/statements/new and /user/finances/statement_run):
 * choose periods, kind, labels and payees; Preview; then follow the run (?run={id}) to Publish.
 */
export function StatementRunPage() {
  const [query, setQuery] = useSearchParams();
  const pages = useStatementPages();
  const runId = query.get('run');
  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description="Statements for a period: preview what each payee is owed, then publish, number and send them."
          actions={
            runId ? (
              <Button onClick={() => setQuery({})} data-testid="statement-run-another">
                Another run
              </Button>
            ) : null
          }
        >
          Statement run
        </Header>
      }
    >
      <SpaceBetween size="l">
        {runId ? <RunView key={runId} runId={runId} /> : <RunForm onStarted={(run) => setQuery({ run: run.id })} />}
        {runId ? null : <RecentRuns />}
        <Box>
          <RouterLink href={pages.list}>The published statements</RouterLink>
        </Box>
      </SpaceBetween>
    </ContentLayout>
  );
}
