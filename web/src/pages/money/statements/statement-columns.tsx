import type { TableProps } from '@cloudscape-design/components/table';
import { FormattedDate } from '../../../components/formatted';
import { RouterLink } from '../../../components/router-link';
import { Money, PaidBadge, StateBadge } from './statement-badges';
import { statementPeriodWords, statementTitle, type StatementPages } from './statement-model';
import type { StatementRow } from '../../../../../shared/schemas/statement-views';

const TYPE_TEXT: Record<StatementRow['type'], string> = {
  Statement: 'Payee',
  DistributionStatement: 'Distribution',
};

/** The statements table's columns; sortable ones carry the API's sort_field names. */
export function statementColumns(pages: StatementPages): TableProps.ColumnDefinition<StatementRow>[] {
  return [
    {
      id: 'number',
      header: 'Number',
      sortingField: 'number',
      isRowHeader: true,
      cell: (s) => (
        <RouterLink href={pages.detail(s.id)} data-testid={`statement-link-${s.id}`}>
          {statementTitle(s)}
        </RouterLink>
      ),
    },
    { id: 'payee_name', header: 'Payee', sortingField: 'payee_name', cell: (s) => s.payee_name },
    { id: 'type', header: 'Type', cell: (s) => TYPE_TEXT[s.type] ?? s.type },
    { id: 'label', header: 'Label', cell: (s) => s.label?.name ?? '-' },
    { id: 'period', header: 'Period', sortingField: 'end_pay_period', cell: (s) => statementPeriodWords(s) },
    {
      id: 'payable',
      header: 'Payable',
      sortingField: 'payee_total',
      cell: (s) => <Money value={s.payee_total} currency={s.currency} testId={`statement-payable-${s.id}`} />,
    },
    { id: 'paid', header: 'Paid', cell: (s) => <PaidBadge statement={s} testId={`statement-paid-${s.id}`} /> },
    { id: 'queue_status', header: 'Status', cell: (s) => <StateBadge state={s.queue_status} /> },
    {
      id: 'created_at',
      header: 'Created',
      sortingField: 'created_at',
      cell: (s) => <FormattedDate value={s.created_at} />,
    },
  ];
}
