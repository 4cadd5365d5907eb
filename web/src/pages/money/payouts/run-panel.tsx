import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../../app/api';
import { notify, notifyError } from '../../../app/notifications';
import { ConfirmActionModal } from '../../../components/confirm-action-modal';
import { RouterLink } from '../../../components/router-link';
import { StatusBadge } from '../../../components/status-badge';
import { formatDate } from '../../../../../shared/format';
import { formatMoney } from '../../../../../shared/money';
import {
  PAYOUT_METHOD_NAMES,
  type PaymentRun,
  type PaymentRunStatus,
} from '../../../../../shared/schemas/payment-views';
import { rateWords } from '../../../../../shared/schemas/payout-conversion';
import { usePaymentPages } from '../payments/payments-api';
import { payoutsApi } from './payouts-api';
import { exportConsequence, itemAmountWords } from './run-model';

/**
 * One payment run: its statements and totals; Export freezes it and makes its files (a SEPA file
 * only once it passes the EPC schema); each file downloads; Confirm, once the bank accepted the
 * files, records the payments (a second confirm pays nothing twice); Cancel before that. A run
 * cut off while recording its payments can only be finished (Finish marking paid), never cancelled.
 */
const STATUS_TEXT: Record<PaymentRunStatus, string> = {
  draft: 'Preview',
  exported: 'Files ready',
  confirming: 'Being marked paid',
  confirmed: 'Paid',
  cancelled: 'Cancelled',
};
const STATUS_WORD: Record<PaymentRunStatus, string> = {
  draft: 'draft',
  exported: 'pending',
  confirming: 'pending',
  confirmed: 'paid',
  cancelled: 'cancelled',
};

export function RunStatusBadge({ status, testId }: { status: PaymentRunStatus; testId?: string }) {
  return (
    <StatusBadge word={STATUS_WORD[status]} testId={testId}>
      {STATUS_TEXT[status]}
    </StatusBadge>
  );
}

/** Field errors of a refused export, as lines the user reads. */
const problemLines = (error: unknown) =>
  error instanceof ApiError && error.errors ? Object.values(error.errors).flat() : [errorMessage(error)];

export function RunPanel({ run, onChanged }: { run: PaymentRun; onChanged: (run: PaymentRun) => void }) {
  const [busy, setBusy] = useState<string | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [confirming, setConfirming] = useState(false);
  const [exporting, setExporting] = useState(false);
  // Each statement the run pays opens, and so does the payment confirming it recorded (in this area's pages).
  const pages = usePaymentPages();

  const act = async (name: string, call: () => Promise<{ message?: string; payment_run: PaymentRun }>) => {
    setBusy(name);
    setProblems([]);
    try {
      const answer = await call();
      if (answer.message) notify('notification', answer.message);
      onChanged(answer.payment_run);
    } catch (error) {
      setProblems(problemLines(error));
      notifyError(error);
    } finally {
      setBusy(null);
      setConfirming(false);
    }
  };
  const download = async (name: string) => {
    try {
      const { url } = await payoutsApi.file(run.id, name);
      window.location.assign(url);
    } catch (error) {
      notifyError(error);
    }
  };
  const open = run.status === 'draft' || run.status === 'exported';

  return (
    <Container
      data-testid="payment-run"
      header={
        <Header
          variant="h2"
          description={`Pays on ${formatDate(run.execution_date)} · made ${formatDate(run.created_at)}`}
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              {open ? (
                <Button
                  loading={busy === 'cancel'}
                  onClick={() => void act('cancel', () => payoutsApi.cancelRun(run.id))}
                  data-testid="payment-run-cancel"
                >
                  Cancel run
                </Button>
              ) : null}
              {run.status === 'draft' ? (
                <Button
                  variant="primary"
                  loading={busy === 'export'}
                  onClick={() => setExporting(true)}
                  data-testid="payment-run-export"
                >
                  Export bank files
                </Button>
              ) : null}
              {run.status === 'exported' ? (
                <Button variant="primary" onClick={() => setConfirming(true)} data-testid="payment-run-confirm">
                  The bank accepted it: mark paid
                </Button>
              ) : null}
              {run.status === 'confirming' ? (
                <Button
                  variant="primary"
                  loading={busy === 'confirm'}
                  onClick={() => void act('confirm', () => payoutsApi.confirmRun(run.id, run.execution_date))}
                  data-testid="payment-run-finish"
                >
                  Finish marking paid
                </Button>
              ) : null}
            </SpaceBetween>
          }
        >
          Payment run <RunStatusBadge status={run.status} testId="payment-run-status" />
        </Header>
      }
    >
      <SpaceBetween size="l">
        {run.status === 'confirming' ? (
          <Box data-testid="payment-run-progress">
            {run.paid_count} of {run.items.length} statements marked paid so far. Marking paid was interrupted: finish
            it to record the rest (nothing is paid twice). A run that has started paying cannot be cancelled.
          </Box>
        ) : null}
        <ColumnLayout columns={Math.max(1, run.totals.length)} variant="text-grid">
          {run.totals.map((t) => (
            <div key={t.currency}>
              <Box variant="awsui-key-label">
                {t.count} payment{t.count === 1 ? '' : 's'} in {t.currency}
              </Box>
              <Box fontSize="heading-l" data-testid={`payment-run-total-${t.currency}`}>
                {formatMoney(t.amount, t.currency)}
              </Box>
            </div>
          ))}
        </ColumnLayout>
        {run.exchange_rates.length ? (
          <Box color="text-body-secondary" data-testid="payment-run-rates">
            Converted at {run.exchange_rates.map((r) => rateWords(r.from, r.to, r.rate)).join(' and ')}: each statement
            is settled in its own currency.
          </Box>
        ) : null}
        {problems.length ? (
          <Box color="text-status-error" data-testid="payment-run-problems">
            <ul>
              {problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </Box>
        ) : null}
        {run.files.length ? (
          <Table
            variant="embedded"
            data-testid="payment-run-files"
            header={<Header variant="h3">Bank files</Header>}
            items={run.files}
            trackBy="name"
            columnDefinitions={[
              { id: 'name', header: 'File', cell: (f) => f.name },
              { id: 'method', header: 'Method', cell: (f) => PAYOUT_METHOD_NAMES[f.method] },
              { id: 'rows', header: 'Payments', cell: (f) => f.rows },
              { id: 'total', header: 'Total', cell: (f) => formatMoney(f.total, f.currency) },
              {
                id: 'checked',
                header: 'Checked',
                cell: (f) => (f.validated_against ? `Valid against ${f.validated_against}` : '-'),
              },
              {
                id: 'download',
                header: 'Actions',
                cell: (f) => (
                  <Button
                    variant="inline-link"
                    onClick={() => void download(f.name)}
                    data-testid={`payment-run-download-${f.name}`}
                  >
                    Download
                  </Button>
                ),
              },
            ]}
          />
        ) : null}
        <Table
          variant="embedded"
          data-testid="payment-run-items"
          header={<Header variant="h3">Statements</Header>}
          items={run.items}
          trackBy="statement_id"
          columnDefinitions={[
            {
              id: 'number',
              header: 'Statement',
              cell: (i) => (
                <>
                  <RouterLink href={pages.statement(i.statement_id)} data-testid={`run-statement-${i.statement_id}`}>
                    {i.statement_number}
                  </RouterLink>
                  {i.carried_statement_numbers?.length ? ` (carries ${i.carried_statement_numbers.join(', ')})` : ''}
                </>
              ),
            },
            {
              id: 'name',
              header: 'Paid to',
              cell: (i) => (
                <>
                  {i.name}
                  {/* Known before the run pays it, never in its way: a tax form run out by the payment date. */}
                  {i.warnings?.map((warning) => (
                    <Box key={warning} color="text-status-warning" data-testid={`run-warning-${i.statement_id}`}>
                      {warning}
                    </Box>
                  ))}
                </>
              ),
            },
            { id: 'method', header: 'Paid by', cell: (i) => PAYOUT_METHOD_NAMES[i.method] },
            { id: 'amount', header: 'Amount', cell: (i) => itemAmountWords(i) },
            {
              id: 'paid',
              header: 'Payment',
              cell: (i) =>
                i.payment_id ? (
                  <RouterLink href={pages.detail(i.payment_id)} data-testid={`run-payment-${i.statement_id}`}>
                    Recorded
                  </RouterLink>
                ) : i.not_paid ? (
                  `Not paid: ${i.not_paid}`
                ) : (
                  '-'
                ),
            },
          ]}
        />
      </SpaceBetween>
      {exporting ? (
        <ConfirmActionModal
          header="Export the bank files?"
          confirmText="Export bank files"
          busy={busy === 'export'}
          onCancel={() => setExporting(false)}
          onConfirm={() => {
            setExporting(false);
            void act('export', () => payoutsApi.exportRun(run.id));
          }}
          confirmTestId="payment-run-export-confirm"
        >
          <SpaceBetween size="xs" data-testid="payment-run-export-consequence">
            {exportConsequence(run).map((sentence) => (
              <Box key={sentence}>{sentence}</Box>
            ))}
          </SpaceBetween>
        </ConfirmActionModal>
      ) : null}
      {confirming ? (
        <Modal
          visible
          header="Mark the run's statements paid?"
          onDismiss={() => setConfirming(false)}
          footer={
            <Box float="right">
              <SpaceBetween direction="horizontal" size="xs">
                <Button variant="link" onClick={() => setConfirming(false)}>
                  Not yet
                </Button>
                <Button
                  variant="primary"
                  loading={busy === 'confirm'}
                  onClick={() => void act('confirm', () => payoutsApi.confirmRun(run.id, run.execution_date))}
                  data-testid="payment-run-confirm-yes"
                >
                  Mark paid
                </Button>
              </SpaceBetween>
            </Box>
          }
        >
          Only once your bank (or PayPal, or Wise) has accepted the files: each statement is marked paid and its payment
          appears on the payee's next statement.
        </Modal>
      ) : null}
    </Container>
  );
}
