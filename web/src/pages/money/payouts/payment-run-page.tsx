import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useSearchParams } from 'react-router';
import { useInvalidate } from '../../../app/invalidate';
import { FormattedDate } from '../../../components/formatted';
import { formatMoney } from '../../../../../shared/money';
import type { PaymentRun } from '../../../../../shared/schemas/payment-views';
import { DebtorAccountPanel } from './debtor-account-panel';
import { DueTable } from './due-table';
import { usePaymentRun, usePaymentRuns } from './payouts-api';
import { RunPanel, RunStatusBadge } from './run-panel';

/**
 * /distribution/finances/payment_run: the company's bank account, what is due with
 * why not, a run previewed from the chosen accounts, its bank files and confirmation, and the
 * recent runs. The open run is the page's `run` parameter, so a reload keeps it.
 */
export function PaymentRunPage() {
  const [params, setParams] = useSearchParams();
  const runId = params.get('run');
  const { data } = usePaymentRun(runId);
  const runs = usePaymentRuns();
  const reload = useInvalidate('/payment_runs', '/statements', '/payments');
  const show = (run: PaymentRun) => {
    setParams({ run: run.id });
    void reload();
  };
  return (
    <ContentLayout
      header={
        <Header variant="h1" description="Pay what the published statements say is due, by bank file, PayPal or Wise.">
          Payment run
        </Header>
      }
    >
      <SpaceBetween size="l">
        <DebtorAccountPanel />
        <DueTable onStarted={show} />
        {data?.payment_run ? <RunPanel run={data.payment_run} onChanged={show} /> : null}
        <Table
          data-testid="payment-runs"
          header={<Header variant="h2">Recent payment runs</Header>}
          items={runs.data?.payment_runs ?? []}
          loading={runs.isLoading}
          trackBy="id"
          empty="No payment runs yet."
          columnDefinitions={[
            {
              id: 'created',
              header: 'Made',
              cell: (r) => (
                <Link
                  onFollow={(e) => {
                    e.preventDefault();
                    setParams({ run: r.id });
                  }}
                  href={`?run=${r.id}`}
                >
                  <FormattedDate value={r.created_at} />
                </Link>
              ),
            },
            { id: 'status', header: 'Status', cell: (r) => <RunStatusBadge status={r.status} /> },
            { id: 'date', header: 'Pays on', cell: (r) => <FormattedDate value={r.execution_date} /> },
            {
              id: 'totals',
              header: 'Total',
              cell: (r) => r.totals.map((t) => formatMoney(t.amount, t.currency)).join(' + '),
            },
          ]}
        />
      </SpaceBetween>
    </ContentLayout>
  );
}
