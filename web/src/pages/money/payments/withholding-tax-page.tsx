import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import Table from '@cloudscape-design/components/table';
import { formatDate } from '../../../../../shared/format';
import { formatMoney } from '../../../../../shared/money';
import type { WithholdingTaxReport } from '../../../../../shared/schemas/payment-views';
import { useApi } from '../../../app/resources';
import { DayRangeReport, useDayRange } from '../../../components/day-range-filter';
import { RouterLink } from '../../../components/router-link';
import { fieldErrorsOf } from '../statements/use-period-form';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * The tax withheld from payments made between two days (the current quarter to begin with): what the label owes
 * the tax authority per currency, what each payee had withheld (their certificate's figures), and each payment, with
 * the same payments as a CSV file. Every figure is the payment's as recorded (GET /payments/withholding_tax).
 */
export function WithholdingTaxPage() {
  const days = useDayRange();
  const report = useApi<WithholdingTaxReport>(`/payments/withholding_tax?${days.query}`);
  const fieldError = (field: 'from' | 'to') => fieldErrorsOf(report.error)?.[field];
  const data = report.data;
  const none = <Box color="text-body-secondary">No payment withheld tax in this range</Box>;
  return (
    <DayRangeReport
      title="Tax withheld"
      description="Tax kept back from payments at each payee's withholding rate, to pay to the tax authority for them"
      csvPath="/payments/withholding_tax_csv"
      testId="withholding"
      days={days}
      errors={{ from: fieldError('from'), to: fieldError('to') }}
    >
      <Container header={<Header variant="h2">To pay to the tax authority</Header>}>
        <ColumnLayout columns={4} variant="text-grid" data-testid="withholding-totals">
          {(data?.totals ?? []).map((t) => (
            <div key={t.currency}>
              <Box variant="awsui-key-label">{`${t.currency}: ${plural(t.payments, 'payment')}`}</Box>
              <div>{`Payable ${formatMoney(t.payable, t.currency)}`}</div>
              <Box fontWeight="bold">{`Withheld ${formatMoney(t.withheld, t.currency)}`}</Box>
            </div>
          ))}
        </ColumnLayout>
        {data && !data.totals.length ? none : null}
      </Container>
      <Table
        data-testid="withholding-payees"
        header={<Header variant="h2">By payee</Header>}
        loading={report.isLoading}
        loadingText="Loading the tax withheld"
        items={data?.payees ?? []}
        trackBy={(p) => `${p.payee.type}#${p.payee.id}#${p.currency}`}
        empty={none}
        columnDefinitions={[
          {
            id: 'payee',
            header: 'Payee',
            isRowHeader: true,
            cell: (p) =>
              p.payee.type === 'Payee' ? (
                <RouterLink href={`/user/payees/${p.payee.id}`}>{p.payee.name}</RouterLink>
              ) : (
                p.payee.name
              ),
          },
          { id: 'payments', header: 'Payments', cell: (p) => p.payments },
          { id: 'payable', header: 'Payable', cell: (p) => formatMoney(p.payable, p.currency) },
          { id: 'withheld', header: 'Tax withheld', cell: (p) => formatMoney(p.withheld, p.currency) },
        ]}
      />
      <Table
        data-testid="withholding-payments"
        header={<Header variant="h2">Payments</Header>}
        loading={report.isLoading}
        loadingText="Loading the tax withheld"
        items={data?.payments ?? []}
        trackBy="payment_id"
        empty={none}
        columnDefinitions={[
          {
            id: 'date',
            header: 'Paid on',
            cell: (p) => (
              <RouterLink href={`/user/finances/payments/${p.payment_id}`}>{formatDate(p.payment_date)}</RouterLink>
            ),
          },
          { id: 'payee', header: 'Payee', cell: (p) => p.payee.name },
          { id: 'statements', header: 'Statements', cell: (p) => p.statement_numbers.join(', ') },
          { id: 'payable', header: 'Payable', cell: (p) => formatMoney(p.payable, p.currency) },
          { id: 'withheld', header: 'Tax withheld', cell: (p) => formatMoney(p.withheld, p.currency) },
          { id: 'paid', header: 'Paid', cell: (p) => formatMoney(p.paid, p.currency) },
        ]}
      />
    </DayRangeReport>
  );
}
