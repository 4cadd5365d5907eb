import ContentLayout from '@cloudscape-design/components/content-layout';
import type { TableProps } from '@cloudscape-design/components/table';
import { listPath } from '../../../app/list-params';
import { FormattedDate } from '../../../components/formatted';
import { RouterLink } from '../../../components/router-link';
import { ServerTable } from '../../../components/server-table';
import { StatusBadge } from '../../../components/status-badge';

type QueuedRelease = {
  id: string;
  title: string;
  display_artists?: string;
  cat_no?: string;
  status: string;
  company_name?: string;
  tenant?: { name?: string } | null;
  status_history?: { at: string; by_name?: string; to: string }[];
};

/** When the release was sent, and by whom: its latest move into quality control. */
const sentOf = (r: QueuedRelease) => r.status_history?.findLast((h) => h.to === 'quality_control');

const COLUMNS: TableProps.ColumnDefinition<QueuedRelease>[] = [
  {
    id: 'title',
    header: 'Title',
    isRowHeader: true,
    sortingField: 'title',
    cell: (r) => (
      <RouterLink href={`/admin/releases/${encodeURIComponent(r.id)}`} data-testid={`qc-release-${r.id}`}>
        {r.title}
      </RouterLink>
    ),
  },
  { id: 'artists', header: 'Artists', sortingField: 'display_artists', cell: (r) => r.display_artists || '-' },
  { id: 'company', header: 'Company', cell: (r) => r.tenant?.name || r.company_name || '-' },
  { id: 'cat_no', header: 'Cat no', sortingField: 'cat_no', cell: (r) => r.cat_no || '-' },
  { id: 'sent', header: 'Sent', cell: (r) => <FormattedDate value={sentOf(r)?.at} /> },
  { id: 'by', header: 'Sent by', cell: (r) => sentOf(r)?.by_name ?? '-' },
  { id: 'status', header: 'Status', cell: (r) => <StatusBadge word={r.status} /> },
];

/**
 * AdminQualityControl (/admin/quality_control): releases of every company waiting in quality
 * control. Each opens the admin release page, which shows the checker's findings with Approve
 * and Reject.
 */
export function AdminQualityControlPage() {
  return (
    <ContentLayout>
      <ServerTable<QueuedRelease>
        tableId="quality-control"
        // The list is the page: its title is the page's one heading.
        title="Quality control"
        description="Releases waiting for review, sent to quality control by every company, oldest first."
        resourceName="release"
        columns={COLUMNS}
        collection="releases"
        trackBy="id"
        defaultSort={{ field: 'created_at', order: 'asc' }}
        buildPath={(params) => listPath('/admin/releases', params, { quality_control: 'true' })}
      />
    </ContentLayout>
  );
}
