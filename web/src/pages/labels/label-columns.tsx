import type { TableProps } from '@cloudscape-design/components/table';
import type { LabelRow } from '../../app/resources';
import { FormattedDate } from '../../components/formatted';
import { RouterLink } from '../../components/router-link';
import { StatusBadge } from '../../components/status-badge';
import { LABEL_MODES, type LabelMode } from './label-api';

/** The labels table's columns; sortable ones carry the API's sort_field. */
export function labelColumns(mode: LabelMode): TableProps.ColumnDefinition<LabelRow>[] {
  const { pageBase } = LABEL_MODES[mode];
  return [
    {
      id: 'name',
      header: 'Name',
      sortingField: 'name',
      isRowHeader: true,
      cell: (l) => (
        <RouterLink href={`${pageBase}/${l.id}`} data-testid={`label-link-${l.id}`}>
          {l.name}
        </RouterLink>
      ),
    },
    ...(mode === 'admin' ? [{ id: 'company', header: 'Company', cell: (l: LabelRow) => l.company_name || '-' }] : []),
    {
      id: 'status',
      header: 'Status',
      sortingField: 'active',
      cell: (l) => <StatusBadge word={l.active ? 'active' : 'inactive'} />,
    },
    {
      id: 'distributed',
      header: 'Distributed',
      sortingField: 'distributed',
      cell: (l) => (l.distributed ? <StatusBadge word="distributed" /> : 'No'),
    },
    { id: 'requested', header: 'Requested', cell: (l) => (l.requested ? <StatusBadge word="requested" /> : 'No') },
    { id: 'email', header: 'E-mail', cell: (l) => l.email || '-' },
    {
      id: 'created_at',
      header: 'Created',
      sortingField: 'created_at',
      cell: (l) => <FormattedDate value={l.created_at} />,
    },
    {
      id: 'updated_at',
      header: 'Updated',
      sortingField: 'updated_at',
      cell: (l) => <FormattedDate value={l.updated_at} />,
    },
  ];
}
