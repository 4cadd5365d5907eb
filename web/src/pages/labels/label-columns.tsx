import type { TableProps } from '@cloudscape-design/components/table';
import type { LabelRow } from '../../app/resources';
import { CellNote } from '../../components/cell-note';
import { EmailAddress } from '../../components/email-address';
import { FormattedDate } from '../../components/formatted';
import { RouterLink } from '../../components/router-link';
import { StatusBadge } from '../../components/status-badge';
import { LABEL_MODES, type LabelMode } from './label-api';

/**
 * The narrowest labels table (px) that shows every column on its own with each day on one line (a 1,400 px window with
 * the side menu folded); a narrower one shares cells.
 */
export const WIDE_LABELS_TABLE = 1150;

/**
 * The labels table's columns; sortable ones carry the API's sort_field. `narrow` (a table under WIDE_LABELS_TABLE)
 * puts the distributed and requested marks under the status, and the day last updated under the day created, so every
 * figure still shows without the table scrolling sideways.
 */
export function labelColumns(mode: LabelMode, narrow = false): TableProps.ColumnDefinition<LabelRow>[] {
  const { pageBase } = LABEL_MODES[mode];
  const name: TableProps.ColumnDefinition<LabelRow> = {
    id: 'name',
    header: 'Name',
    sortingField: 'name',
    isRowHeader: true,
    cell: (l) => (
      <RouterLink href={`${pageBase}/${l.id}`} data-testid={`label-link-${l.id}`}>
        {l.name}
      </RouterLink>
    ),
  };
  const company: TableProps.ColumnDefinition<LabelRow>[] =
    mode === 'admin' ? [{ id: 'company', header: 'Company', cell: (l) => l.company_name || '-' }] : [];
  const email: TableProps.ColumnDefinition<LabelRow> = {
    id: 'email',
    header: 'E-mail',
    cell: (l) => (l.email ? <EmailAddress email={l.email} /> : '-'),
  };
  // In a narrower table the distributed and requested marks go under the status, and the day updated under the day
  // created, each a note of the cell: the same columns, fewer of them.
  const status: TableProps.ColumnDefinition<LabelRow> = {
    id: 'status',
    header: 'Status',
    sortingField: 'active',
    cell: (l) => (
      <>
        <StatusBadge word={l.active ? 'active' : 'inactive'} />
        {narrow && l.distributed ? <CellNote>Distributed</CellNote> : null}
        {narrow && l.requested ? <CellNote>Requested</CellNote> : null}
      </>
    ),
  };
  const created: TableProps.ColumnDefinition<LabelRow> = {
    id: 'created_at',
    header: 'Created',
    sortingField: 'created_at',
    cell: (l) => (
      <>
        <FormattedDate value={l.created_at} />
        {narrow ? (
          <CellNote>
            Updated <FormattedDate value={l.updated_at} />
          </CellNote>
        ) : null}
      </>
    ),
  };
  if (narrow) return [name, ...company, status, email, created];
  return [
    name,
    ...company,
    status,
    {
      id: 'distributed',
      header: 'Distributed',
      sortingField: 'distributed',
      cell: (l) => (l.distributed ? <StatusBadge word="distributed" /> : 'No'),
    },
    { id: 'requested', header: 'Requested', cell: (l) => (l.requested ? <StatusBadge word="requested" /> : 'No') },
    email,
    created,
    {
      id: 'updated_at',
      header: 'Updated',
      sortingField: 'updated_at',
      cell: (l) => <FormattedDate value={l.updated_at} />,
    },
  ];
}
