import { PageButton } from '../../components/page-button';
import { invoiceDue } from '../../../../shared/licence-due';
import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { formatDate } from '../../../../shared/format';
import { formatMoney } from '../../../../shared/money';
import { displayLabel } from '../../app/display-labels';
import { useApi } from '../../app/resources';
import { RouterLink } from '../../components/router-link';
import { StatusBadge } from '../../components/status-badge';
import { type License, licenseTitle, type LicensingSummary } from './licensing-api';

/** A short table of licences (what is due, what ends soon) linking to each. */
function LicenceTable({
  items,
  testId,
  empty,
  date,
}: {
  items: (License & { overdue?: boolean })[];
  testId: string;
  empty: string;
  date: { header: string; value: (l: License) => string | null | undefined };
}) {
  return (
    <Table
      wrapLines
      data-testid={testId}
      variant="embedded"
      items={items}
      empty={<Box color="text-body-secondary">{empty}</Box>}
      columnDefinitions={[
        {
          id: 'licence',
          header: 'Licence',
          cell: (l) => <RouterLink href={`/user/licensing/${l.id}`}>{licenseTitle(l)}</RouterLink>,
        },
        { id: 'status', header: 'State', cell: (l) => <StatusBadge word={l.status} /> },
        {
          id: 'fee',
          // An invoiced licence is chased for what is still due on its invoice (the advance received deducted).
          header: 'Fee or amount due',
          cell: (l) =>
            l.invoice
              ? `${formatMoney(invoiceDue(l.invoice), l.invoice.currency)} due`
              : formatMoney(l.fee, l.fee_currency),
        },
        {
          id: 'date',
          header: date.header,
          cell: (l) => (
            <span>
              {formatDate(date.value(l) ?? '')}
              {l.overdue ? ' (overdue)' : ''}
            </span>
          ),
        },
      ]}
    />
  );
}

/**
 * Whose money a pipeline figure is: the fees of licences out are paid to the label, those of licences in are paid by
 * it, so the two are never one sum.
 */
const PIPELINE_SIDE = { outgoing: 'from licensees', incoming: 'to licensors' } as const;

/** The licensing hub: the pipeline by state with its fees per currency, what is due, what ends soon. */
export function LicensingHubPage() {
  const summary = useApi<LicensingSummary>('/licensing/summary');
  const data = summary.data;
  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description="Licences of your masters to films, ads and games, and of others’ masters for your releases"
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <PageButton href="/user/licensing/templates">Templates</PageButton>
              <PageButton href="/user/licensing/invoices">Invoices and credit notes</PageButton>
              <PageButton href="/user/licensing/licenses">All licences</PageButton>
              <PageButton href="/user/licensing/new_incoming_license">New incoming licence</PageButton>
              <PageButton variant="primary" href="/user/licensing/new_outgoing_license">
                New outgoing licence
              </PageButton>
            </SpaceBetween>
          }
        >
          Licensing hub
        </Header>
      }
    >
      <SpaceBetween size="l">
        <Container header={<Header variant="h2">Pipeline</Header>}>
          <ColumnLayout columns={4} variant="text-grid" data-testid="licensing-pipeline">
            {(data?.pipeline ?? []).map((step) => (
              <div key={step.status} data-testid={`pipeline-${step.status}`}>
                <Box variant="awsui-key-label">
                  <RouterLink href={`/user/licensing/licenses?status=${step.status}`}>
                    {displayLabel(step.status)}
                  </RouterLink>
                </Box>
                <Box variant="h3">{step.count}</Box>
                {step.totals.map((t) => (
                  <Box key={`${t.type} ${t.currency}`} color="text-body-secondary" data-testid={`pipeline-${t.type}`}>
                    {formatMoney(t.amount, t.currency)} {PIPELINE_SIDE[t.type]}
                  </Box>
                ))}
              </div>
            ))}
          </ColumnLayout>
        </Container>
        <Container
          header={
            <Header variant="h2" description="Also sent to your inbox and by e-mail, once each">
              What is due
            </Header>
          }
        >
          <Table
            wrapLines
            data-testid="licensing-reminders"
            variant="embedded"
            items={data?.reminders ?? []}
            empty={<Box color="text-body-secondary">Nothing is due</Box>}
            columnDefinitions={[
              {
                id: 'what',
                header: 'What',
                cell: (r) => <RouterLink href={`/user/licensing/${r.license_id}`}>{r.subject}</RouterLink>,
              },
              { id: 'due', header: 'Due', cell: (r) => formatDate(r.due_date) },
              { id: 'text', header: 'To do', cell: (r) => r.text },
            ]}
          />
        </Container>
        <Container header={<Header variant="h2">Invoices awaiting payment</Header>}>
          <LicenceTable
            items={data?.due ?? []}
            testId="licensing-due"
            empty="No invoice is awaiting payment"
            date={{ header: 'Due', value: (l) => l.due_date }}
          />
        </Container>
        <Container header={<Header variant="h2">Ending within 60 days</Header>}>
          <LicenceTable
            items={data?.ending_soon ?? []}
            testId="licensing-ending"
            empty="No licence ends in the next 60 days"
            date={{ header: 'Ends', value: (l) => l.license_end_date }}
          />
        </Container>
      </SpaceBetween>
    </ContentLayout>
  );
}
