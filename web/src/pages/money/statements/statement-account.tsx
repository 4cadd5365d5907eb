import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { RouterLink } from '../../../components/router-link';
import { formatMoney } from '../../../../../shared/money';
import {
  accountBlock,
  isPositive,
  recoupedPercent,
  type AccountRow,
  type ExplainLink,
  type PayoutRow,
} from './statement-model';
import type {
  ContractRecoupmentRow,
  ContractReserveRow,
  NotPaidReason,
  RecoupmentMeter,
  StatementFigures,
} from '../../../../../shared/schemas/statement-views';

type Row = (AccountRow | PayoutRow) & { kind: 'opening' | 'movement' | 'closing' | 'payable' | 'payout' };

/** A figure that links to the lines behind it ("Explain this number"). */
export function ExplainedAmount({
  amount,
  currency,
  explain,
  testId,
}: {
  amount: string;
  currency: string;
  explain?: ExplainLink | null;
  testId: string;
}) {
  const text = formatMoney(amount, currency);
  if (!explain) return <span data-testid={testId}>{text}</span>;
  return (
    <SpaceBetween size="xxxs">
      <RouterLink href={explain.href} data-testid={testId} ariaLabel={`Explain ${text}: open the lines behind it`}>
        {text}
      </RouterLink>
      {explain.note ? (
        <Box variant="small" color="text-body-secondary">
          {explain.note}
        </Box>
      ) : null}
    </SpaceBetween>
  );
}

/**
 * A statement's account, adding up on the page: opening + net revenue + net costs + reserves +
 * transfers + payments + adjustments = closing, then what is payable and, when it is nothing,
 * why; then, when they differ, from payable to what is paid out (`payout`: VAT added, tax withheld). Net revenue
 * links to the royalties behind it; the sum is checked here and a mismatch shown.
 */
export function AccountFigures({
  figures,
  currency,
  reasons,
  revenueLink,
  payout = [],
}: {
  figures: StatementFigures;
  currency: string;
  reasons: NotPaidReason[];
  revenueLink: ExplainLink | null;
  payout?: PayoutRow[];
}) {
  const block = accountBlock(figures);
  const rows: Row[] = [
    { ...block.opening, kind: 'opening' },
    ...block.movements.map((m) => ({ ...m, kind: 'movement' as const })),
    { ...block.closing, kind: 'closing' },
    { key: 'payable', label: 'Payable', amount: figures.payable, kind: 'payable' },
    ...payout.map((row) => ({ ...row, kind: row.key === 'payout' ? ('payable' as const) : ('payout' as const) })),
  ];
  const strong = (row: Row) => row.kind === 'closing' || row.kind === 'payable';
  return (
    <SpaceBetween size="s">
      <Table<Row>
        data-testid="statement-account"
        variant="container"
        // A figure's note ("This account's share of…") wraps under it rather than widening the table past the window.
        wrapLines
        header={
          <Header variant="h2" description="Closing = opening + each movement below, to the cent.">
            Account
          </Header>
        }
        items={rows}
        trackBy="key"
        columnDefinitions={[
          {
            id: 'label',
            header: 'Figure',
            isRowHeader: true,
            cell: (r) => (
              <SpaceBetween size="xxxs">
                <Box fontWeight={strong(r) ? 'bold' : 'normal'}>
                  {r.kind === 'movement' || r.kind === 'payout'
                    ? '+ '
                    : r.kind === 'closing' || r.key === 'payout'
                      ? '= '
                      : ''}
                  {r.label}
                </Box>
                {r.key === 'costs' ? (
                  <Box variant="small" color="text-body-secondary">
                    Expenses {formatMoney(figures.expenses, currency)} · advances{' '}
                    {formatMoney(figures.advances, currency)}
                  </Box>
                ) : r.detail ? (
                  <Box variant="small" color="text-body-secondary">
                    {r.detail}
                  </Box>
                ) : null}
              </SpaceBetween>
            ),
          },
          {
            id: 'amount',
            header: 'Amount',
            cell: (r) => (
              <Box textAlign="right" fontWeight={strong(r) ? 'bold' : 'normal'}>
                <ExplainedAmount
                  amount={r.amount}
                  currency={currency}
                  explain={r.key === 'royalties' ? revenueLink : null}
                  testId={`statement-figure-${r.key}`}
                />
              </Box>
            ),
          },
        ]}
      />
      {block.adds && block.costsAdd ? null : (
        <Alert type="error" header="These figures do not add up" data-testid="statement-figures-mismatch">
          {block.adds
            ? null
            : `Opening plus the movements is ${formatMoney(block.computedClosing, currency)}, ` +
              `but the closing balance is ${formatMoney(figures.closing_balance, currency)}. `}
          {block.costsAdd ? null : 'Net costs are not expenses plus advances.'}
        </Alert>
      )}
      {reasons.length ? (
        <Alert type="info" header="Why nothing is paid" data-testid="statement-not-paid">
          <ul>
            {reasons.map((r) => (
              <li key={r.code} data-testid={`statement-not-paid-${r.code}`}>
                {r.text}
              </li>
            ))}
          </ul>
        </Alert>
      ) : null}
    </SpaceBetween>
  );
}

/** The recoupment meter: how much of the advances the account's earnings have paid back. */
export function RecoupmentPanel({ meter, currency }: { meter: RecoupmentMeter; currency: string }) {
  if (!isPositive(meter.advance)) return null;
  const percent = recoupedPercent(meter);
  return (
    <Container header={<Header variant="h2">Recoupment</Header>} data-testid="statement-recoupment">
      <SpaceBetween size="s">
        <ProgressBar
          value={percent}
          label="Advance recouped"
          description={`${formatMoney(meter.recouped, currency)} recouped of ${formatMoney(meter.advance, currency)}`}
          additionalInfo={`${formatMoney(meter.remaining, currency)} remaining`}
        />
        <ColumnLayout columns={3} variant="text-grid">
          <div>
            <Box variant="awsui-key-label">Advance</Box>
            <div data-testid="recoupment-advance">{formatMoney(meter.advance, currency)}</div>
          </div>
          <div>
            <Box variant="awsui-key-label">Recouped</Box>
            <div data-testid="recoupment-recouped">{formatMoney(meter.recouped, currency)}</div>
          </div>
          <div>
            <Box variant="awsui-key-label">Remaining</Box>
            <div data-testid="recoupment-remaining">{formatMoney(meter.remaining, currency)}</div>
          </div>
        </ColumnLayout>
      </SpaceBetween>
    </Container>
  );
}

/** Each contract the statement recouped: its balance to recoup before, what this statement's earnings recouped, after. */
export function ContractRecoupmentPanel({ rows, currency }: { rows: ContractRecoupmentRow[]; currency: string }) {
  if (!rows.length) return null;
  const money = (amount: string) => formatMoney(amount, currency);
  return (
    <Table<ContractRecoupmentRow>
      data-testid="statement-contract-recoupment"
      variant="container"
      header={
        <Header
          variant="h2"
          description="The payee’s earnings under each contract first repay its advance and recoupable costs; only the rest is payable."
        >
          Recoupment by contract
        </Header>
      }
      items={rows}
      trackBy="contract_id"
      columnDefinitions={[
        { id: 'name', header: 'Contract', isRowHeader: true, cell: (r) => r.name },
        { id: 'opening', header: 'To recoup before', cell: (r) => money(r.opening) },
        {
          id: 'recouped',
          header: 'Recouped this period',
          cell: (r) => <span data-testid="contract-recouped">{money(r.recouped)}</span>,
        },
        {
          id: 'closing',
          header: 'Still to recoup',
          cell: (r) => <span data-testid="contract-unrecouped">{money(r.closing)}</span>,
        },
      ]}
    />
  );
}

/** Each contract's reserve on the statement: held back on this period's physical sales, released from earlier ones. */
export function ContractReservesPanel({ rows, currency }: { rows: ContractReserveRow[]; currency: string }) {
  if (!rows.length) return null;
  const money = (amount: string) => formatMoney(amount, currency);
  return (
    <Table<ContractReserveRow>
      data-testid="statement-contract-reserves"
      variant="container"
      header={
        <Header
          variant="h2"
          description="Part of the physical sales is held back against returns and paid on later statements; nothing is held on returns."
        >
          Reserves by contract
        </Header>
      }
      items={rows}
      trackBy="contract_id"
      columnDefinitions={[
        { id: 'name', header: 'Contract', isRowHeader: true, cell: (r) => r.name },
        {
          id: 'held',
          header: 'Held this period',
          cell: (r) => <span data-testid="reserve-held">{money(r.held)}</span>,
        },
        {
          id: 'released',
          header: 'Released this period',
          cell: (r) => <span data-testid="reserve-released">{money(r.released)}</span>,
        },
      ]}
    />
  );
}
