import BarChart from '@cloudscape-design/components/bar-chart';
import Box from '@cloudscape-design/components/box';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { formatCount, formatDate } from '../../../../../shared/format';
import { formatMoney, roundRowsToStated, roundRowsToTotal } from '../../../../../shared/money';
import { CellNote } from '../../../components/cell-note';
import { ExplainedAmount } from './statement-account';
import {
  controlWords,
  type ExplainLink,
  explainProvenance,
  explainSummaryRow,
  type ExplainScope,
  provenancePeriods,
  provenanceSource,
  summaryRowName,
} from './statement-model';
import {
  SUMMARY_DIMENSIONS,
  type ProvenanceRow,
  type StatementControl,
  type StatementSummaries,
  type SummaryDimension,
  type SummaryRow,
} from '../../../../../shared/schemas/statement-views';

const DIMENSION_TITLE: Record<SummaryDimension, string> = {
  store: 'By store',
  territory: 'By territory',
  format: 'By format',
  release: 'By release',
  track: 'By track',
  period: 'By month',
  term: 'By contract term',
};

/** A chart shows the largest rows; the table below it has them all (or its largest and one row for the rest). */
const CHART_ROWS = 12;

function SummaryChart({
  dimension,
  rows,
  currency,
  title,
}: {
  dimension: SummaryDimension;
  rows: SummaryRow[];
  currency: string;
  title: string;
}) {
  // A chart needs numbers: the exact strings become floats for drawing only; every figure read stays a string.
  // A row standing for many smaller ones is not a bar of its own.
  const data = rows
    .filter((r) => !r.others)
    .slice(0, CHART_ROWS)
    .map((r) => ({ x: summaryRowName(dimension, r), y: Number(r.amount) }));
  return (
    <BarChart
      series={[{ title: 'Amount', type: 'bar', data, valueFormatter: (y) => formatMoney(String(y), currency) }]}
      xScaleType="categorical"
      height={220}
      hideFilter
      ariaLabel={`${title} chart`}
      empty={<Box color="text-status-inactive">No lines</Box>}
    />
  );
}

/**
 * What each amount's link opens, and why it is wider than the row when it is. A note every row shares (a payee's
 * statement: the royalties list has no payee filter) is said once, under the table's title, not beside every amount,
 * where it would squeeze the column.
 */
function noteOnce(links: ExplainLink[]): { explained: ExplainLink[]; shared: string | undefined } {
  const first = links[0]?.note;
  const shared = first && links.every((e) => e.note === first) ? first : undefined;
  return { explained: shared ? links.map((link) => ({ ...link, note: undefined })) : links, shared };
}

/** One dimension's rows, each amount linking to the royalty lines behind it. */
function SummaryTable({
  dimension,
  rows,
  currency,
  scope,
  graphs,
  stated,
}: {
  dimension: SummaryDimension;
  rows: SummaryRow[];
  currency: string;
  scope: ExplainScope;
  graphs: boolean;
  /** The statement's royalties: the rows as shown add up to them (roundRowsToStated). */
  stated: string;
}) {
  const title = DIMENSION_TITLE[dimension];
  // The rows as shown add up to the statement's royalties, rounded as the PDF rounds them.
  const printed = roundRowsToStated(
    rows.map((r) => r.amount),
    stated,
  );
  const { explained, shared } = noteOnce(rows.map((r) => explainSummaryRow(scope, dimension, r)));
  const shown = rows.map((r, i) => ({
    ...r,
    shown: printed.rows[i] ?? r.amount,
    explain: explained[i] as ExplainLink,
  }));
  const column = title.replace('By ', '');
  return (
    <Table<SummaryRow & { shown: string; explain: ExplainLink }>
      wrapLines
      data-testid={`statement-summary-${dimension}`}
      variant="container"
      header={
        <Header
          variant="h2"
          counter={`(${rows.length})`}
          description={
            <SpaceBetween size="xxxs">
              <span data-testid={`statement-summary-${dimension}-total`}>
                Total {formatMoney(printed.total, currency)}
              </span>
              {shared ? <span>Each amount opens its lines. {shared}.</span> : null}
            </SpaceBetween>
          }
        >
          {title}
        </Header>
      }
      items={shown}
      columnDefinitions={[
        {
          id: 'label',
          header: `${column[0]?.toUpperCase() ?? ''}${column.slice(1)}`,
          isRowHeader: true,
          cell: (r) => summaryRowName(dimension, r),
        },
        { id: 'lines', header: 'Lines', cell: (r) => <Box textAlign="right">{formatCount(r.lines)}</Box> },
        { id: 'quantity', header: 'Quantity', cell: (r) => <Box textAlign="right">{formatCount(r.quantity)}</Box> },
        {
          id: 'amount',
          header: 'Amount',
          cell: (r) => (
            <Box textAlign="right">
              <ExplainedAmount
                amount={r.shown}
                currency={currency}
                explain={r.explain}
                testId={`statement-summary-${dimension}-${r.value ?? 'none'}`}
              />
            </Box>
          ),
        },
      ]}
      footer={
        graphs && rows.length ? (
          <SummaryChart dimension={dimension} rows={rows} currency={currency} title={title} />
        ) : undefined
      }
    />
  );
}

/** The statement's summaries in the dimensions its settings chose, with charts when graphs are on. */
export function StatementSummariesView({
  summaries,
  currency,
  scope,
  graphs,
  stated,
}: {
  summaries: StatementSummaries;
  currency: string;
  scope: ExplainScope;
  graphs: boolean;
  stated: string;
}) {
  const shown = SUMMARY_DIMENSIONS.filter((d) => summaries[d]?.length);
  if (!shown.length) return null;
  return (
    <SpaceBetween size="l">
      {shown.map((d) => (
        <SummaryTable
          key={d}
          dimension={d}
          rows={summaries[d] ?? []}
          currency={currency}
          scope={scope}
          graphs={graphs}
          stated={stated}
        />
      ))}
    </SpaceBetween>
  );
}

/** Every sales report behind the statement: source, periods, currency, rate and the distributor's fee. */
export function ProvenanceTable({
  rows,
  currency,
  scope,
  stated,
}: {
  rows: ProvenanceRow[];
  currency: string;
  scope: ExplainScope;
  stated: string;
}) {
  // Both money columns add up to their totals as the PDF prints them: the amounts to the statement's royalties.
  const fees = roundRowsToTotal(rows.map((r) => r.distributor_fee));
  const amounts = roundRowsToStated(
    rows.map((r) => r.amount),
    stated,
  );
  const { explained, shared } = noteOnce(rows.map((r) => explainProvenance(scope, r)));
  const shown = rows.map((r, i) => ({
    ...r,
    shown_fee: fees.rows[i] ?? r.distributor_fee,
    shown_amount: amounts.rows[i] ?? r.amount,
    explain: explained[i] as ExplainLink,
  }));
  return (
    <Table<ProvenanceRow & { shown_fee: string; shown_amount: string; explain: ExplainLink }>
      wrapLines
      data-testid="statement-provenance"
      variant="container"
      header={
        <Header
          variant="h2"
          description={
            <SpaceBetween size="xxxs">
              <span>The sales reports behind this statement. No hidden deductions.</span>
              {shared ? <span>Each amount opens its lines. {shared}.</span> : null}
            </SpaceBetween>
          }
        >
          Where the money came from
        </Header>
      }
      items={shown}
      empty={<Box color="text-status-inactive">No sales reports</Box>}
      columnDefinitions={[
        // The sales periods under the source and the exchange rate under the currency, so the table fits a 1,000 px
        // window with the side menu open.
        {
          id: 'source',
          header: 'Source',
          isRowHeader: true,
          cell: (r) => (
            <>
              {provenanceSource(r)}
              <CellNote>Sales periods {provenancePeriods(r)}</CellNote>
            </>
          ),
        },
        {
          id: 'currency',
          header: 'Currency',
          cell: (r) => (
            <>
              {r.original_currency ?? currency}
              {r.exchange_rate ? (
                <CellNote>
                  Rate {r.exchange_rate}
                  {r.rate_date ? ` (${formatDate(r.rate_date)})` : ''}
                </CellNote>
              ) : null}
            </>
          ),
        },
        {
          id: 'fee',
          header: 'Distributor fee',
          cell: (r) => <Box textAlign="right">{formatMoney(r.shown_fee, currency)}</Box>,
        },
        { id: 'lines', header: 'Lines', cell: (r) => <Box textAlign="right">{formatCount(r.lines)}</Box> },
        {
          id: 'amount',
          header: 'Amount',
          cell: (r) => (
            <Box textAlign="right">
              <ExplainedAmount
                amount={r.shown_amount}
                currency={currency}
                explain={r.explain}
                testId={`statement-provenance-${r.import_id ?? 'manual'}`}
              />
            </Box>
          ),
        },
      ]}
    />
  );
}

/**
 * The control figures the PDF prints and the CSV reconciles with: to the millionth on purpose (marked so), the one
 * place amounts are not to the cent, since the rounding they carry is below a cent.
 */
export function ControlFigures({ control, currency }: { control: StatementControl; currency: string }) {
  return (
    <Box data-testid="statement-control">
      <Box variant="awsui-key-label">Control</Box>
      <span data-exact-money="">{controlWords(control, currency)}</span>
    </Box>
  );
}
