import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import Table from '@cloudscape-design/components/table';
import { formatDate, formatDaysIn, formatPercent } from '../../../../shared/format';
import { formatMoney } from '../../../../shared/money';
import type { RegisterLine } from '../../../../shared/schemas/licensing';
import { useApi } from '../../app/resources';
import { DayRangeReport, useDayRange } from '../../components/day-range-filter';
import { RouterLink } from '../../components/router-link';
import { openLink } from '../../components/signed-copy-field';
import { fieldErrorsOf } from '../money/statements/use-period-form';

/** The register as GET /licensing/invoices answers it (functions/licensing/invoice-register.ts). */
type Register = {
  from: string;
  to: string;
  documents: RegisterLine[];
  totals: { currency: string; count: number; net: string; vat: string; total: string }[];
};

const documentPath = (line: RegisterLine) =>
  `/licenses/${line.license_id}/${line.kind === 'invoice' ? 'invoices' : 'credit_notes'}/${line.number}`;

/**
 * The register of licence invoices and credit notes in a range of days (the current quarter to begin with), with
 * the sums per currency a VAT return needs, and the same lines as a CSV file.
 */
/** The empty register says where its documents come from, as well as that none are dated in the days chosen. */
const NONE_IN_RANGE =
  'No invoice or credit note dated in this range: choose other days, or issue an invoice from a signed outgoing licence’s page';

export function LicenceInvoicesPage() {
  const days = useDayRange();
  const { query } = days;
  const register = useApi<Register>(`/licensing/invoices?${query}`);
  const fieldError = (field: 'from' | 'to') => fieldErrorsOf(register.error)?.[field];
  const data = register.data;
  return (
    <DayRangeReport
      title="Invoices and credit notes"
      description="Every licence invoice and credit note issued between two days, for your VAT return"
      csvPath="/licensing/invoices_csv"
      testId="licence-invoices"
      days={days}
      errors={{ from: fieldError('from'), to: fieldError('to') }}
    >
      <Container header={<Header variant="h2">Totals</Header>}>
        {/* The grid only when it has figures: empty, it still pulled the line below up into the heading. */}
        {data && !data.totals.length ? (
          <Box color="text-body-secondary">{NONE_IN_RANGE}</Box>
        ) : (
          <ColumnLayout columns={4} variant="text-grid" data-testid="licence-invoices-totals">
            {(data?.totals ?? []).map((t) => (
              <div key={t.currency}>
                <Box variant="awsui-key-label">{`${t.currency}: ${t.count} ${t.count === 1 ? 'document' : 'documents'}`}</Box>
                <div>{`Net ${formatMoney(t.net, t.currency)}`}</div>
                <div>{`VAT ${formatMoney(t.vat, t.currency)}`}</div>
                <Box fontWeight="bold">{`Total ${formatMoney(t.total, t.currency)}`}</Box>
              </div>
            ))}
          </ColumnLayout>
        )}
      </Container>
      <Table
        wrapLines
        data-testid="licence-invoices"
        loading={register.isLoading}
        loadingText="Loading invoices"
        items={data?.documents ?? []}
        empty={<Box color="text-body-secondary">{NONE_IN_RANGE}</Box>}
        columnDefinitions={[
          { id: 'kind', header: 'Type', cell: (l) => (l.kind === 'invoice' ? 'Invoice' : 'Credit note') },
          {
            id: 'number',
            header: 'Number',
            minWidth: 130,
            cell: (l) => (
              <Button variant="inline-link" onClick={() => void openLink(documentPath(l))}>
                {l.number}
              </Button>
            ),
          },
          { id: 'date', header: 'Date', cell: (l) => formatDate(l.date) },
          {
            id: 'licensee',
            header: 'Licensee',
            cell: (l) => <RouterLink href={`/user/licensing/${l.license_id}`}>{l.licensee}</RouterLink>,
          },
          { id: 'net', header: 'Net', cell: (l) => formatMoney(l.net, l.currency) },
          { id: 'vat', header: 'VAT', cell: (l) => `${formatMoney(l.vat, l.currency)} (${formatPercent(l.vat_rate)})` },
          { id: 'total', header: 'Total', cell: (l) => formatMoney(l.total, l.currency) },
          // The API's words carry ISO days (as the CSV keeps them); the page shows days as everywhere else.
          { id: 'status', header: 'Status', cell: (l) => formatDaysIn(l.status) },
        ]}
      />
    </DayRangeReport>
  );
}
