import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { type ReactNode, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useInvalidate } from '../../../app/invalidate';
import { DeleteModal } from '../../../components/delete-modal';
import { DetailHeader } from '../../../components/detail-header';
import { FormattedDate } from '../../../components/formatted';
import { RecordState } from '../../../components/record-state';
import { RouterLink } from '../../../components/router-link';
import { currencyCode } from '../../../../../shared/money';
import { formatMoney } from '../../../../../shared/money';
import { rateWords } from '../../../../../shared/schemas/payout-conversion';
import { paymentsOfPath } from './payment-model';
import { paymentsApi, usePayment, usePaymentPages } from './payments-api';
import type { Payment } from '../../../../../shared/schemas/payment-views';
import { monthsWords } from '../finances/finance-model';
import { accountPath } from '../statements/statement-model';
import { formatPercent } from '../../../../../shared/format';

function PaymentView({ payment }: { payment: Payment }) {
  const navigate = useNavigate();
  const pages = usePaymentPages();
  const refresh = useInvalidate('/payments', '/statements');
  const [deleting, setDeleting] = useState(false);
  const m = (value: string) => formatMoney(value, payment.payment_currency);
  const converted = payment.converted;
  const or = (value: string | null) => value ?? '-';
  return (
    <ContentLayout
      header={
        <DetailHeader
          testId="payment"
          title={`Payment to ${payment.payable_name}`}
          description={
            <>
              {m(payment.payment_total)} on <FormattedDate value={payment.payment_date} />
            </>
          }
          onEdit={() => navigate(pages.edit(payment.id))}
          onDelete={() => setDeleting(true)}
        />
      }
    >
      <SpaceBetween size="l">
        <Container header={<Header variant="h2">Payment</Header>} data-testid="payment-details">
          <KeyValuePairs
            columns={3}
            items={[
              {
                label: 'Paid to',
                value: (
                  <SpaceBetween direction="horizontal" size="xs">
                    <RouterLink
                      href={accountPath({ type: payment.payable_type, id: payment.payable_id })}
                      data-testid="payment-payable-account"
                    >
                      {payment.payable_name}
                    </RouterLink>
                    <RouterLink
                      href={paymentsOfPath(pages, { id: payment.payable_id, name: payment.payable_name })}
                      data-testid="payment-payable"
                    >
                      All payments to them
                    </RouterLink>
                  </SpaceBetween>
                ),
              },
              { label: 'Payment date', value: <FormattedDate value={payment.payment_date} /> },
              { label: 'Method', value: or(payment.payment_method) },
              { label: 'Payment reference', value: or(payment.payment_reference) },
              { label: 'Invoice reference', value: or(payment.invoice_reference) },
              { label: 'Account reference', value: or(payment.account_reference) },
              { label: 'Currency', value: currencyCode(payment.payment_currency) || '-' },
              { label: 'Subtotal', value: m(payment.payment_subtotal) },
              {
                label: payment.vat !== '0' ? `VAT at ${formatPercent(payment.vat)}` : 'VAT',
                value: m(payment.payment_vat_total),
              },
              ...(payment.payment_withholding_total === '0.00'
                ? []
                : [{ label: 'Tax withheld', value: m(`-${payment.payment_withholding_total}`) }]),
              { label: 'Total', value: <strong data-testid="payment-total">{m(payment.payment_total)}</strong> },
              ...(payment.converted
                ? [
                    {
                      label: `Sent in ${payment.converted.currency}`,
                      value: (
                        <span data-testid="payment-converted">
                          {formatMoney(payment.converted.total, payment.converted.currency)} at{' '}
                          {rateWords(payment.payment_currency, payment.converted.currency, payment.converted.rate)}
                        </span>
                      ),
                    },
                  ]
                : []),
              { label: 'Self-billing', value: payment.self_billing ? 'Yes' : 'No' },
              { label: 'Recorded', value: <FormattedDate value={payment.created_at} /> },
            ]}
          />
        </Container>
        <Table
          header={
            <Header variant="h2" description="Each is marked paid; the account's next statement shows the payment.">
              Statements paid
            </Header>
          }
          items={payment.statements}
          trackBy="id"
          data-testid="payment-statements"
          columnDefinitions={[
            {
              id: 'number',
              header: 'Statement',
              isRowHeader: true,
              cell: (s) => <RouterLink href={pages.statement(s.id)}>{s.number}</RouterLink>,
            },
            { id: 'period', header: 'Period', cell: (s) => monthsWords(s.start_pay_period, s.end_pay_period) },
            { id: 'payable', header: 'Payable', cell: (s) => <Box textAlign="right">{m(s.payable)}</Box> },
            { id: 'paid', header: 'Paid', cell: (s) => <Box textAlign="right">{m(s.paid)}</Box> },
            ...(converted
              ? [
                  {
                    id: 'sent',
                    header: `Sent in ${converted.currency}`,
                    cell: (s: Payment['statements'][number]) => (
                      <Box textAlign="right">
                        {s.converted_amount ? formatMoney(s.converted_amount, converted.currency) : '-'}
                      </Box>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </SpaceBetween>
      {deleting ? (
        <DeleteModal
          noun="payment"
          plural="payments"
          names={[`${payment.payable_name} ${m(payment.payment_total)}`]}
          run={async (report) => report((await paymentsApi.remove(payment.id)).message ?? 'Payment Deleted')}
          onClose={() => setDeleting(false)}
          onDeleted={() => {
            void refresh();
            navigate(pages.list);
          }}
        />
      ) : null}
    </ContentLayout>
  );
}

/** The payment of the route's paymentId, loaded: `children` gets it (loading and failure shown as a record's). */
export function RoutePayment({ children }: { children: (payment: Payment) => ReactNode }) {
  const { paymentId } = useParams();
  const { data, error, isLoading, mutate } = usePayment(paymentId);
  return (
    <RecordState
      error={error}
      isLoading={isLoading}
      data={data?.payment}
      retry={mutate}
      errorHeader="Could not load the payment"
    >
      {children}
    </RecordState>
  );
}

/** …/payments/{paymentId}: the payment, who it paid and the statements it marked paid. */
export function PaymentDetailPage() {
  return <RoutePayment>{(payment) => <PaymentView payment={payment} />}</RoutePayment>;
}
