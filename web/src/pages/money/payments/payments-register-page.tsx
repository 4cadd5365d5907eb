import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import Table from '@cloudscape-design/components/table';
import { formatDate } from '../../../../../shared/format';
import { formatMoney } from '../../../../../shared/money';
import type { PaymentsRegister } from '../../../../../shared/schemas/payment-views';
import { useApi } from '../../../app/resources';
import { DayRangeReport, useDayRange } from '../../../components/day-range-filter';
import { RouterLink } from '../../../components/router-link';
import { fieldErrorsOf } from '../statements/use-period-form';
import { usePaymentPages } from './payments-api';
import { StatementLinks } from './statement-links';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * Every payment made between two days (the current quarter to begin with), as recorded: the sums per currency an
 * accountant posts, what left the bank in other currencies, and each payment, with the same payments as a CSV file
 * (GET /payments/register and …_csv, one function on the server for both).
 */
export function PaymentsRegisterPage() {
  const days = useDayRange();
  const pages = usePaymentPages();
  const report = useApi<PaymentsRegister>(`/payments/register?${days.query}`);
  const fieldError = (field: 'from' | 'to') => fieldErrorsOf(report.error)?.[field];
  const data = report.data;
  const none = <Box color="text-body-secondary">No payment was made in this range</Box>;
  return (
    <DayRangeReport
      title="Payments register"
      description="Every payment of statements made between two days, as recorded: for the accounts and the bank"
      csvPath="/payments/register_csv"
      testId="payments-register"
      days={days}
      errors={{ from: fieldError('from'), to: fieldError('to') }}
    >
      <Container header={<Header variant="h2">Totals</Header>}>
        <ColumnLayout columns={4} variant="text-grid" data-testid="payments-register-totals">
          {(data?.totals ?? []).map((t) => (
            <div key={t.currency}>
              <Box variant="awsui-key-label">{`${t.currency}: ${plural(t.payments, 'payment')}`}</Box>
              <div>{`Payable ${formatMoney(t.subtotal, t.currency)}`}</div>
              {t.vat === '0.00' ? null : <div>{`VAT ${formatMoney(t.vat, t.currency)}`}</div>}
              {t.withheld === '0.00' ? null : <div>{`Tax withheld ${formatMoney(t.withheld, t.currency)}`}</div>}
              <Box fontWeight="bold">{`Paid ${formatMoney(t.total, t.currency)}`}</Box>
            </div>
          ))}
          {(data?.sent_totals ?? []).map((t) => (
            <div key={`sent-${t.currency}`}>
              <Box variant="awsui-key-label">{`Sent in ${t.currency}: ${plural(t.payments, 'payment')}`}</Box>
              <Box fontWeight="bold">{formatMoney(t.total, t.currency)}</Box>
            </div>
          ))}
        </ColumnLayout>
        {data && !data.totals.length ? none : null}
      </Container>
      <Table
        data-testid="payments-register-payments"
        header={<Header variant="h2">Payments</Header>}
        loading={report.isLoading}
        loadingText="Loading the payments"
        items={data?.payments ?? []}
        trackBy="id"
        wrapLines
        empty={none}
        columnDefinitions={[
          {
            id: 'date',
            header: 'Paid on',
            isRowHeader: true,
            cell: (p) => (
              <RouterLink href={pages.detail(p.id)} data-testid={`payments-register-payment-${p.id}`}>
                {formatDate(p.payment_date)}
              </RouterLink>
            ),
          },
          { id: 'to', header: 'Paid to', cell: (p) => p.payable_name },
          {
            id: 'statements',
            header: 'Statements',
            cell: (p) => <StatementLinks statements={p.statements} />,
          },
          { id: 'payable', header: 'Payable', cell: (p) => formatMoney(p.payment_subtotal, p.payment_currency) },
          { id: 'vat', header: 'VAT', cell: (p) => formatMoney(p.payment_vat_total, p.payment_currency) },
          {
            id: 'withheld',
            header: 'Tax withheld',
            cell: (p) => formatMoney(p.payment_withholding_total, p.payment_currency),
          },
          { id: 'total', header: 'Paid', cell: (p) => formatMoney(p.payment_total, p.payment_currency) },
          {
            id: 'sent',
            header: 'Sent',
            cell: (p) => (p.converted ? formatMoney(p.converted.total, p.converted.currency) : '-'),
          },
          { id: 'method', header: 'Method', cell: (p) => p.payment_method ?? '-' },
          { id: 'reference', header: 'Reference', cell: (p) => p.payment_reference ?? '-' },
        ]}
      />
    </DayRangeReport>
  );
}
