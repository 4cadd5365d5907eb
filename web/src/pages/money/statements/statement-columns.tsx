import SpaceBetween from '@cloudscape-design/components/space-between';
import type { TableProps } from '@cloudscape-design/components/table';
import { CellNote } from '../../../components/cell-note';
import { FormattedDate } from '../../../components/formatted';
import { RouterLink } from '../../../components/router-link';
import { Money, PaidBadge, StateBadge } from './statement-badges';
import { statementPeriodWords, statementTitle, type StatementPages } from './statement-model';
import type { StatementRow } from '../../../../../shared/schemas/statement-views';

const TYPE_TEXT: Record<StatementRow['type'], string> = {
  Statement: 'Payee statement',
  DistributionStatement: 'Distribution statement',
};

/** What a list shows besides each statement's own figures: its type, and when it was made (a list of every kind). */
type Shown = { type: boolean; created: boolean };

/**
 * The statements table's columns; sortable ones carry the API's sort_field names. What belongs together shares a cell
 * (a statement's type under its number, its label under its payee, whether it is paid and its status under its
 * payable figure), so that every column fits a 1,000 px window with the side menu open, without scrolling sideways.
 * An account's list, all of one payee, leaves out the type and the day it was made (`shown`).
 */
export function statementColumns(
  pages: StatementPages,
  shown: Shown = { type: true, created: true },
): TableProps.ColumnDefinition<StatementRow>[] {
  return [
    {
      id: 'number',
      header: 'Number',
      sortingField: 'number',
      isRowHeader: true,
      cell: (s) => (
        <>
          <RouterLink href={pages.detail(s.id)} data-testid={`statement-link-${s.id}`}>
            {statementTitle(s)}
          </RouterLink>
          {shown.type ? <CellNote>{TYPE_TEXT[s.type] ?? s.type}</CellNote> : null}
        </>
      ),
    },
    {
      id: 'payee_name',
      header: 'Payee',
      sortingField: 'payee_name',
      cell: (s) => (
        <>
          {s.payee_name}
          {s.label ? <CellNote>Label: {s.label.name}</CellNote> : null}
        </>
      ),
    },
    { id: 'period', header: 'Period', sortingField: 'end_pay_period', cell: (s) => statementPeriodWords(s) },
    {
      id: 'payable',
      header: 'Payable',
      sortingField: 'payee_total',
      // The figure, and under it whether it is paid and how far the statement's making went (queued, published).
      cell: (s) => (
        <SpaceBetween size="xxxs" alignItems="end">
          <Money value={s.payee_total} currency={s.currency} testId={`statement-payable-${s.id}`} />
          <PaidBadge statement={s} testId={`statement-paid-${s.id}`} />
          <StateBadge state={s.queue_status} />
        </SpaceBetween>
      ),
    },
    ...(shown.created
      ? [
          {
            id: 'created_at',
            header: 'Created',
            sortingField: 'created_at',
            cell: (s: StatementRow) => <FormattedDate value={s.created_at} />,
          },
        ]
      : []),
  ];
}
