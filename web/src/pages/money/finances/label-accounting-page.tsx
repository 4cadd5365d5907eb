import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import Table from '@cloudscape-design/components/table';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { MESSAGES } from '../../../../../shared/messages';
import { ApiErrorAlert } from '../../../components/api-error-alert';
import { CellNote } from '../../../components/cell-note';
import { StatusBadge } from '../../../components/status-badge';
import { RouterLink } from '../../../components/router-link';
import { useLabelResource } from '../../labels/label-api';
import { useLabelAccounting } from './finance-api';
import {
  accountingRows,
  money,
  periodLabel,
  royaltiesHref,
  statementPeriodWords,
  viewPeriodWords,
  type AccountingRow,
} from './finance-model';
import { OtherCompanyNotice } from './other-company-notice';
import { useOnlyLabel } from '../../../components/only-label';
import { LabelParamPicker, LoadState, PeriodPage } from './period-views';
import { useFinancePages, useLabelParam, usePeriod } from './use-period';
import type { LabelAccounting } from '../../../../../shared/schemas/finance-views';
import { formatPercent } from '../../../../../shared/format';

type MoneyKey = Exclude<keyof AccountingRow & string, 'pay_period' | 'royalties_query'>;

/**
 * Short headers so every column fits beside the pay period; the table's description says what Other is. A column with
 * a note shows a related figure under its own (the revenue, then the aggregator's cut of it; the expenses, then how
 * much of them was recouped), so the table fits a 1,400 px window with the side menu open without leaving a figure out.
 */
const COLUMNS: { id: MoneyKey; header: string; note?: { id: MoneyKey; words: string } }[] = [
  { id: 'revenue', header: 'Revenue in, aggregator', note: { id: 'aggregator_fee', words: 'aggregator' } },
  { id: 'label_share', header: 'Label share' },
  { id: 'artist_share', header: 'Payees and artists' },
  { id: 'expenses', header: 'Expenses, recouped', note: { id: 'recouped', words: 'recouped' } },
  { id: 'paid', header: 'Paid' },
  { id: 'other', header: 'Other' },
  { id: 'balance', header: 'Balance' },
];
const DESCRIPTION =
  'By pay period. Other: reserves, transfers and adjustments. Balance: owed to the label at the end of the period.';

/** A label's accounting: per pay period what came in, the shares, costs, recouped, paid and the balance owed. */
function AccountingView({ view }: { view: LabelAccounting }) {
  const pages = useFinancePages();
  const m = (v: string) => money(v, view.currency);
  return (
    <SpaceBetween size="l">
      <Container header={<Header variant="h2">Balance owed to the label</Header>}>
        <KeyValuePairs
          columns={4}
          items={[
            {
              label: 'Opening balance',
              value: <span data-testid="accounting-opening">{m(view.opening_balance)}</span>,
            },
            {
              label: 'Closing balance',
              value: <strong data-testid="accounting-closing">{m(view.closing_balance)}</strong>,
            },
            {
              label: 'Deal',
              value: view.label.deal_percentage ? formatPercent(view.label.deal_percentage) : 'No deal set',
            },
            { label: 'Distributed', value: view.label.distributed ? 'Yes' : 'No' },
          ]}
        />
      </Container>
      <Table<AccountingRow>
        data-testid="accounting-table"
        variant="container"
        header={
          <Header variant="h2" description={`${viewPeriodWords(view)}. ${DESCRIPTION}`}>
            Accounting
          </Header>
        }
        items={accountingRows(view)}
        trackBy="pay_period"
        empty={<Box color="text-status-inactive">No royalties or costs in this period</Box>}
        columnDefinitions={[
          {
            id: 'pay_period',
            header: 'Pay period',
            isRowHeader: true,
            cell: (r) =>
              r.royalties_query ? (
                <RouterLink
                  href={royaltiesHref(pages.royalties, r.royalties_query)}
                  data-testid="accounting-period-link"
                >
                  {periodLabel(r.pay_period)}
                </RouterLink>
              ) : (
                <strong>{periodLabel(r.pay_period)}</strong>
              ),
          },
          ...COLUMNS.filter(({ id }) => id !== 'other' || view.rows.some((r) => r.other !== undefined)).map(
            ({ id, header, note }) => ({
              id,
              header,
              cell: (r: AccountingRow): ReactNode => {
                const text = r[id] ? m(String(r[id])) : '';
                return (
                  <Box textAlign="right">
                    {r.royalties_query ? text : <strong>{text}</strong>}
                    {note && r[note.id] ? (
                      <CellNote testId={`accounting-${note.id}`}>{`${m(String(r[note.id]))} ${note.words}`}</CellNote>
                    ) : null}
                  </Box>
                );
              },
            }),
          ),
        ]}
      />
      <Table
        data-testid="accounting-statements"
        variant="container"
        header={
          <Header variant="h2" counter={`(${view.statements.length})`} description="To check the figures against">
            Statements of the label
          </Header>
        }
        items={view.statements}
        trackBy="id"
        empty={<Box color="text-status-inactive">No statements in this period</Box>}
        columnDefinitions={[
          {
            id: 'number',
            header: 'Statement',
            isRowHeader: true,
            cell: (s) => <RouterLink href={pages.statement(s.id)}>{s.number}</RouterLink>,
          },
          { id: 'periods', header: 'Period', cell: (s) => statementPeriodWords(s) },
          { id: 'royalties', header: 'Royalties', cell: (s) => m(s.royalties) },
          { id: 'closing', header: 'Closing balance', cell: (s) => m(s.closing_balance) },
          { id: 'paid', header: 'Paid', cell: (s) => <StatusBadge word={s.paid ? 'paid' : 'unpaid'} /> },
        ]}
      />
    </SpaceBetween>
  );
}

/** The accounting of a label for the period in the URL, with the page's header and controls. */
function LabelAccountingPage({
  labelId,
  title,
  controls,
  companyId,
  description,
}: {
  labelId: string | null;
  title: string;
  controls?: ReactNode;
  /** Said under the title instead of the label's name (the distribution area links it back to the label's page). */
  description?: ReactNode;
  /** The label's company, when it is not (necessarily) the current one. */
  companyId?: string;
}) {
  const [period] = usePeriod();
  const load = useLabelAccounting(labelId, period, companyId);
  return (
    <PeriodPage
      title={title}
      description={description ?? load.data?.accounting.label.name ?? 'Choose a label'}
      controls={controls}
    >
      {labelId ? (
        <LoadState load={load} errorHeader="Could not load the label's accounting">
          {(answer) => <AccountingView view={answer.accounting} />}
        </LoadState>
      ) : (
        <Box color="text-status-inactive">{MESSAGES.noLabelSelected}</Box>
      )}
    </PeriodPage>
  );
}

/** DistributionLabelAccounting (/distribution/labels/{labelId}/accounting). */
export function DistributionLabelAccountingPage() {
  const { labelId = '' } = useParams();
  // Any company's label: its accounting is read in the label's company, found from the admin's label record.
  const label = useLabelResource('admin', labelId);
  const companyId = label.data?.label.company_id;
  if (label.error) return <ApiErrorAlert error={label.error} header="Could not load the label" />;
  if (!companyId) return <Spinner size="large" />;
  return (
    <LabelAccountingPage
      labelId={labelId}
      companyId={companyId}
      title="Label accounting"
      description={
        <RouterLink href={`/distribution/labels/${encodeURIComponent(labelId)}`} data-testid="accounting-label-link">
          {label.data?.label.name}
        </RouterLink>
      }
      controls={<OtherCompanyNotice companyId={companyId} />}
    />
  );
}

/** UserLabelFinancesRoyaltiesReports (/user/labels/finances/royalties/reports): a chosen label's accounting. */
export function LabelReportsPage() {
  const [label, choose] = useLabelParam();
  // A company with one label sees its accounting without choosing it.
  useOnlyLabel(label, choose);
  return (
    <LabelAccountingPage
      labelId={label?.id ?? null}
      title="Label accounting"
      controls={<LabelParamPicker label={label} onChange={choose} placeholder="Choose a label" />}
    />
  );
}
