import Button from '@cloudscape-design/components/button';
import type { TableProps } from '@cloudscape-design/components/table';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { FormattedDate } from '../../components/formatted';
import { RouterLink } from '../../components/router-link';
import { ServerTable } from '../../components/server-table';
import { StatusBadge } from '../../components/status-badge';
import { adminNoticesPath } from './notice-api';
import { DeleteNoticeModal } from './delete-notice-modal';
import type { AdminNotice } from '../../../../shared/schemas/notice-views';

function columns(onDelete: (notice: AdminNotice) => void): TableProps.ColumnDefinition<AdminNotice>[] {
  return [
    {
      id: 'title',
      header: 'Title',
      sortingField: 'title',
      isRowHeader: true,
      cell: (n) => (
        <RouterLink href={`/admin/notices/${encodeURIComponent(n.id)}`} data-testid={`notice-link-${n.id}`}>
          {n.title}
        </RouterLink>
      ),
    },
    { id: 'type_of', header: 'Type', sortingField: 'type_of', cell: (n) => <StatusBadge word={n.type_of} /> },
    { id: 'readable', header: 'Readable', cell: (n) => (n.readable ? 'Yes' : 'No') },
    { id: 'read', header: 'Read', cell: (n) => `${n.read_count} of ${n.recipients_count}` },
    {
      id: 'created_at',
      header: 'Created',
      sortingField: 'created_at',
      cell: (n) => <FormattedDate value={n.created_at} />,
    },
    {
      id: 'actions',
      header: 'Actions',
      cell: (n) => (
        <Button
          variant="inline-link"
          onClick={() => onDelete(n)}
          ariaLabel={`Delete ${n.title}`}
          data-testid={`notice-delete-${n.id}`}
        >
          Delete
        </Button>
      ),
    },
  ];
}

/** /admin/notices: every notice, newest first, with search, sorting, paging and delete. */
export function AdminNoticesPage() {
  const navigate = useNavigate();
  const [target, setTarget] = useState<AdminNotice | null>(null);
  const cols = useMemo(() => columns(setTarget), []);
  const create = () => navigate('/admin/notices/new');

  return (
    <ServerTable<AdminNotice>
      tableId="notices"
      title="Notices"
      resourceName="notice"
      columns={cols}
      collection="notices"
      trackBy="id"
      defaultSort={{ field: 'created_at', order: 'desc' }}
      buildPath={adminNoticesPath}
      actions={({ refresh }) => (
        <>
          <Button variant="primary" onClick={create} data-testid="notices-create">
            Add notice
          </Button>
          {target ? (
            <DeleteNoticeModal notice={target} onClose={() => setTarget(null)} onDeleted={() => void refresh()} />
          ) : null}
        </>
      )}
      emptyAdd={{ label: 'Add notice', onClick: create }}
    />
  );
}
