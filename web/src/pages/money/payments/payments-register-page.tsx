import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import Table from '@cloudscape-design/components/table';
import { formatDate } from '../../../../../shared/format';
import { formatMoney } from '../../../../../shared/money';
import type { PaymentsRegister } from '../../../../../shared/schemas/payment-views';
import { useApi } from '../../../app/resources';
import { CellNote } from '../../../components/cell-note';
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
        // A payment's figures share its Paid cell (payable, VAT and tax withheld under what was paid) and its method
        // and reference their day's and payee's, so every one shows in a 1,000 px window with the side menu open.
        columnDefinitions={[
          {
            id: 'date',
            header: 'Paid on',
            isRowHeader: true,
            cell: (p) => (
              <>
                <RouterLink href={pages.detail(p.id)} data-testid={`payments-register-payment-${p.id}`}>
                  {formatDate(p.payment_date)}
                </RouterLink>
                {p.payment_method ? <CellNote>{p.payment_method}</CellNote> : null}
              </>
            ),
          },
          {
            id: 'to',
            header: 'Paid to',
            cell: (p) => (
              <>
                {p.payable_name}
                {p.payment_reference ? <CellNote>Reference: {p.payment_reference}</CellNote> : null}
              </>
            ),
          },
          {
            id: 'statements',
            header: 'Statements',
            cell: (p) => <StatementLinks statements={p.statements} />,
          },
          {
            id: 'total',
            header: 'Paid',
            cell: (p) => (
              <Box textAlign="right">
                {formatMoney(p.payment_total, p.payment_currency)}
                <CellNote>Payable {formatMoney(p.payment_subtotal, p.payment_currency)}</CellNote>
                <CellNote>VAT {formatMoney(p.payment_vat_total, p.payment_currency)}</CellNote>
                <CellNote>Tax withheld {formatMoney(p.payment_withholding_total, p.payment_currency)}</CellNote>
              </Box>
            ),
          },
          {
            id: 'sent',
            header: 'Sent',
            cell: (p) => (
              <Box textAlign="right">{p.converted ? formatMoney(p.converted.total, p.converted.currency) : '-'}</Box>
            ),
          },
        ]}
      />
    </DayRangeReport>
  );
}
