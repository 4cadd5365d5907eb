import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { notify, notifyError } from '../../../app/notifications';
import { useInvalidate } from '../../../app/invalidate';
import { DeleteModal } from '../../../components/delete-modal';
import { DetailHeader } from '../../../components/detail-header';
import { FormattedDate } from '../../../components/formatted';
import { RecordState } from '../../../components/record-state';
import { RouterLink } from '../../../components/router-link';
import { paymentPagesFor, payStatementPath } from '../payments/payment-model';
import { formatMoney } from '../../../../../shared/money';
import { PayStatementModal } from './pay-statement-modal';
import { AccountFigures, ContractRecoupmentPanel, ContractReservesPanel, RecoupmentPanel } from './statement-account';
import { PaidBadge, StateBadge } from './statement-badges';
import {
  explainRevenue,
  explainScope,
  otherLabel,
  payoutRows,
  statementPeriodWords,
  statementTitle,
} from './statement-model';
import { ControlFigures, ProvenanceTable, StatementSummariesView } from './statement-summaries';
import { openStatementFile, statementsApi, useStatement, useStatementPages } from './statements-api';
import type { SelfBillingInvoice, Statement } from '../../../../../shared/schemas/statement-views';
import { PAYMENTS_CARRIED_NOTE } from '../../../../../shared/payments-carried';
import { formatPercent } from '../../../../../shared/format';
import { PendingCorrection } from './correction-change';
import { NewVersionModal } from './new-version-modal';

function SelfBilling({ invoice, currency }: { invoice: SelfBillingInvoice; currency: string }) {
  return (
    <Container
      header={
        <Header variant="h2" description="Issued by the label on the payee's behalf under a self-billing agreement.">
          Self-billing invoice {invoice.invoice_number}
        </Header>
      }
      data-testid="statement-self-billing"
    >
      <KeyValuePairs
        columns={4}
        items={[
          { label: 'Subtotal', value: formatMoney(invoice.subtotal, currency) },
          { label: `VAT at ${formatPercent(invoice.vat_rate)}`, value: formatMoney(invoice.vat, currency) },
          { label: 'Total', value: <strong>{formatMoney(invoice.total, currency)}</strong> },
          { label: 'Issued', value: <FormattedDate value={invoice.issued_at} /> },
        ]}
      />
    </Container>
  );
}

/** The payments this statement carries, each as "paid on … via … ref …". */
function PaymentsMade({ statement }: { statement: Statement }) {
  const payments = statement.payments_made ?? [];
  if (payments.length === 0) return null;
  return (
    <Container
      header={
        <Header variant="h2" description={`This statement carries ${PAYMENTS_CARRIED_NOTE}.`}>
          Payments since the previous statement
        </Header>
      }
      data-testid="statement-payments-made"
    >
      <SpaceBetween size="xxs">
        {payments.map((p) => (
          <Box key={`${p.paid_statement_id}-${p.payment_date}`}>{p.text}</Box>
        ))}
      </SpaceBetween>
    </Container>
  );
}

type Busy = null | 'pdf' | 'csv' | 'resend' | 'unpaid';

/** The header's actions: the files, paid state, resend (a new version is its dialog's own). */
function useStatementActions(statement: Statement, reload: () => Promise<unknown>) {
  const [busy, setBusy] = useState<Busy>(null);
  const act = async (what: Exclude<Busy, null>, run: () => Promise<void>) => {
    setBusy(what);
    try {
      await run();
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(null);
    }
  };
  return {
    busy,
    download: (format: 'pdf' | 'csv') => act(format, () => openStatementFile(statement.id, format)),
    resend: () =>
      act('resend', async () => {
        notify('notification', (await statementsApi.resend(statement.id)).message ?? 'Statement resent');
      }),
    unpay: () =>
      act('unpaid', async () => {
        const answer = await statementsApi.bulkPay([statement.id], false);
        notify('notification', answer.message ?? 'Statement Marked as Unpaid');
        await reload();
      }),
  };
}

function StatementView({ statement, reload }: { statement: Statement; reload: () => Promise<unknown> }) {
  const navigate = useNavigate();
  const pages = useStatementPages();
  const refreshLists = useInvalidate('/statements?');
  const actions = useStatementActions(statement, reload);
  const [paying, setPaying] = useState(false);
  const [versioning, setVersioning] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const scope = explainScope(statement, pages.royalties, pages.lines?.(statement.id) ?? null);
  const currency = statement.currency;
  const title = statementTitle(statement);
  const label = otherLabel(statement);
  const paymentPages = paymentPagesFor(useLocation().pathname);

  return (
    <ContentLayout
      header={
        <DetailHeader
          testId="statement"
          title={`Statement ${title}`}
          description={
            <>
              {statement.payee_name} · {statementPeriodWords(statement)}
              {label ? ` · ${label.name}` : ''} <PaidBadge statement={statement} testId="statement-paid" />
            </>
          }
          onEdit={() => navigate(pages.edit(statement.id))}
          onDelete={() => setDeleting(true)}
          extraActions={
            <>
              <Button
                iconName="download"
                loading={actions.busy === 'pdf'}
                onClick={() => void actions.download('pdf')}
                data-testid="statement-pdf"
              >
                PDF
              </Button>
              <Button
                iconName="download"
                loading={actions.busy === 'csv'}
                onClick={() => void actions.download('csv')}
                data-testid="statement-csv"
              >
                CSV
              </Button>
              {statement.paid ? (
                <Button
                  loading={actions.busy === 'unpaid'}
                  onClick={() => void actions.unpay()}
                  data-testid="statement-unpay"
                >
                  Mark unpaid
                </Button>
              ) : (
                <Button onClick={() => setPaying(true)} data-testid="statement-pay">
                  Mark paid
                </Button>
              )}
              <Button
                loading={actions.busy === 'resend'}
                onClick={() => void actions.resend()}
                data-testid="statement-resend"
              >
                Resend
              </Button>
              {statement.superseded_by ? null : (
                <Button onClick={() => setVersioning(true)} data-testid="statement-new-version">
                  New version
                </Button>
              )}
            </>
          }
        />
      }
    >
      <SpaceBetween size="l">
        {statement.superseded_by ? (
          <Alert type="warning" header="A newer version corrects this statement" data-testid="statement-superseded">
            <RouterLink href={pages.detail(statement.superseded_by)}>Open the newer version</RouterLink>
          </Alert>
        ) : (
          <PendingCorrection statementId={statement.id} />
        )}
        <Container header={<Header variant="h2">Statement</Header>}>
          <KeyValuePairs
            columns={4}
            items={[
              { label: 'Number', value: <span data-testid="statement-number">{statement.number}</span> },
              {
                label: 'Version',
                value: (
                  <>
                    {statement.version}
                    {statement.replaces_id ? (
                      <>
                        {' '}
                        · corrects{' '}
                        <RouterLink href={pages.detail(statement.replaces_id)} data-testid="statement-corrects">
                          the previous version
                        </RouterLink>
                      </>
                    ) : null}
                  </>
                ),
              },
              { label: statement.payee_type, value: statement.payee_name },
              ...(statement.payee_type === 'Label' && !label ? [] : [{ label: 'Label', value: label?.name ?? '-' }]),
              { label: 'Accounting period', value: statementPeriodWords(statement) },
              { label: 'Published', value: <FormattedDate value={statement.created_at} /> },
              { label: 'Status', value: <StateBadge state={statement.queue_status} /> },
              {
                label: 'Payment',
                value: statement.payment ? (
                  <>
                    <FormattedDate value={statement.payment.payment_date} />
                    {[statement.payment.payment_method, statement.payment.payment_reference]
                      .filter(Boolean)
                      .map((t) => ` · ${t}`)}
                    {statement.payment.payment_id ? (
                      <>
                        {' · '}
                        <RouterLink
                          href={paymentPages.detail(statement.payment.payment_id)}
                          data-testid="statement-payment-link"
                        >
                          the payment
                        </RouterLink>
                      </>
                    ) : null}
                    {statement.payment.settled_by ? (
                      <>
                        {' · settled with '}
                        <RouterLink
                          href={pages.detail(statement.payment.settled_by.id)}
                          data-testid="statement-settled-by"
                        >
                          {statement.payment.settled_by.number}
                        </RouterLink>
                        {', which carries its balance'}
                      </>
                    ) : null}
                  </>
                ) : (
                  <>
                    Not paid ·{' '}
                    <RouterLink
                      href={payStatementPath(paymentPages, statement.id)}
                      data-testid="statement-record-payment"
                    >
                      record a payment
                    </RouterLink>
                  </>
                ),
              },
              { label: 'Recipients', value: statement.recipients.join(', ') || '-' },
              { label: 'Subject', value: statement.subject || '-' },
              { label: 'Remittance date', value: <FormattedDate value={statement.remittance_date} /> },
              ...(statement.type === 'DistributionStatement'
                ? [{ label: 'Distributor fee', value: formatMoney(statement.aggregator_fee, currency) }]
                : []),
            ]}
          />
        </Container>
        <AccountFigures
          figures={statement.figures}
          currency={currency}
          reasons={statement.not_paid_reasons}
          revenueLink={explainRevenue(scope)}
          payout={payoutRows(statement)}
        />
        <PaymentsMade statement={statement} />
        <RecoupmentPanel meter={statement.recoupment} currency={currency} />
        <ContractRecoupmentPanel rows={statement.contract_recoupment ?? []} currency={currency} />
        <ContractReservesPanel rows={statement.contract_reserves ?? []} currency={currency} />
        {statement.self_billing ? <SelfBilling invoice={statement.self_billing} currency={currency} /> : null}
        <StatementSummariesView
          summaries={statement.summaries}
          currency={currency}
          scope={scope}
          graphs={statement.graphs}
          stated={statement.figures.royalties}
        />
        <ProvenanceTable
          rows={statement.provenance}
          currency={currency}
          scope={scope}
          stated={statement.figures.royalties}
        />
        <ControlFigures control={statement.control} currency={currency} />
        <Box>
          <RouterLink href={pages.list}>Back to the statements</RouterLink>
        </Box>
      </SpaceBetween>
      {paying ? (
        <PayStatementModal
          statement={statement}
          onClose={() => setPaying(false)}
          onPaid={() => {
            setPaying(false);
            void reload();
            void refreshLists();
          }}
        />
      ) : null}
      {versioning ? (
        <NewVersionModal
          statement={{
            id: statement.id,
            title,
            period: statementPeriodWords(statement),
            version: statement.version,
          }}
          onClose={() => setVersioning(false)}
          onMade={() => void reload()}
        />
      ) : null}
      {deleting ? (
        <DeleteModal
          noun="statement"
          plural="statements"
          names={[title]}
          run={async (report) => report((await statementsApi.remove(statement.id)).message ?? `${title} deleted`)}
          onClose={() => setDeleting(false)}
          onDeleted={() => {
            void refreshLists();
            navigate(pages.list, { replace: true });
          }}
        />
      ) : null}
    </ContentLayout>
  );
}

/**
 * A statement (/admin/statements/{id}, /distribution/finances/statements/{id},
 * /user/finances/statements/{id}): its account adding up, why nothing is paid, the recoupment
 * meter, summaries and provenance whose figures open the royalty lines behind them, the control
 * total, the self-billing invoice, and the PDF, CSV, paid, resend and new-version actions.
 */
export function StatementDetailPage() {
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
      {(statement) => <StatementView statement={statement} reload={() => mutate()} />}
    </RecordState>
  );
}
