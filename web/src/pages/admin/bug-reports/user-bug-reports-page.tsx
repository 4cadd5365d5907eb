import Button from '@cloudscape-design/components/button';
import Link from '@cloudscape-design/components/link';
import type { TableProps } from '@cloudscape-design/components/table';
import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { api } from '../../../app/api';
import { DeleteModal } from '../../../components/delete-modal';
import { EmailAddress } from '../../../components/email-address';
import { FormattedDate } from '../../../components/formatted';
import { RouterLink } from '../../../components/router-link';
import { ServerTable } from '../../../components/server-table';
import { StatusBadge } from '../../../components/status-badge';
import { GLOBAL, USERS_BASE } from '../users/user-api';
import { BUG_REPORTS_BASE, BUG_REPORTS_DEFAULT_SORT, bugReportsPath, summarise } from './bug-report-model';
import type { BugReport } from '../../../../../shared/schemas/support-views';

const deleteBugReport = (id: string) =>
  api.delete<{ message: string }>(`${BUG_REPORTS_BASE}/${encodeURIComponent(id)}`, GLOBAL);

/** A bug report's columns as its reporter sees them (the profile's list) and admins too. */
export const BUG_REPORT_COLUMNS: TableProps.ColumnDefinition<BugReport>[] = [
  {
    id: 'created_at',
    header: 'Reported',
    sortingField: 'created_at',
    cell: (r) => <FormattedDate value={r.created_at} />,
  },
  {
    id: 'description',
    header: 'Description',
    isRowHeader: true,
    cell: (r) => <span title={r.description}>{summarise(r.description)}</span>,
  },
  {
    id: 'referer',
    header: 'Page',
    cell: (r) =>
      r.referer ? (
        <Link href={r.referer} external data-testid={`bug-report-referer-${r.id}`}>
          {r.referer}
        </Link>
      ) : (
        '-'
      ),
  },
  { id: 'status', header: 'Status', sortingField: 'status', cell: (r) => <StatusBadge word={r.status} /> },
];

function columns(onDelete: (report: BugReport) => void): TableProps.ColumnDefinition<BugReport>[] {
  return [
    ...BUG_REPORT_COLUMNS,
    {
      id: 'user_email',
      header: 'User',
      sortingField: 'user_email',
      cell: (r) => <EmailAddress email={r.user_email} />,
    },
    {
      id: 'actions',
      header: 'Actions',
      cell: (r) => (
        <Button
          variant="inline-link"
          onClick={() => onDelete(r)}
          ariaLabel={`Delete the bug report of ${r.created_at}`}
          data-testid={`bug-report-delete-${r.id}`}
        >
          Delete
        </Button>
      ),
    },
  ];
}

/** /admin/users/{userId}/bug_reports: the user's bug reports, newest first, with delete. */
export function AdminUserBugReportsPage() {
  const { userId } = useParams();
  const [target, setTarget] = useState<BugReport | null>(null);
  const cols = useMemo(() => columns(setTarget), []);
  return (
    <ServerTable<BugReport>
      key={userId}
      tableId="bug-reports"
      title="User bug reports"
      description={
        userId ? (
          <RouterLink href={`${USERS_BASE}/${encodeURIComponent(userId)}`}>Back to the user</RouterLink>
        ) : undefined
      }
      resourceName="bug report"
      // The description wraps too, so that the reporter's e-mail address keeps room for its parts beside it.
      wrapLines
      columns={cols}
      collection="bug_reports"
      trackBy="id"
      defaultSort={BUG_REPORTS_DEFAULT_SORT}
      buildPath={(params) => bugReportsPath(params, userId)}
      filterKey={userId}
      actions={({ refresh }) =>
        target ? (
          <DeleteModal
            noun="bug report"
            plural="bug reports"
            names={[summarise(target.description, 80)]}
            run={async (report) => report((await deleteBugReport(target.id)).message)}
            onClose={() => setTarget(null)}
            onDeleted={() => void refresh()}
          />
        ) : null
      }
    />
  );
}
