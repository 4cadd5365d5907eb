import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import { useState } from 'react';
import { useParams } from 'react-router';
import { api } from '../../../app/api';
import { displayLabel } from '../../../app/display-labels';
import { useApi } from '../../../app/resources';
import { DeleteModal } from '../../../components/delete-modal';
import { FormattedDateTime } from '../../../components/formatted';
import { RouterLink } from '../../../components/router-link';
import { StatusBadge } from '../../../components/status-badge';
import { GLOBAL, USERS_BASE } from '../users/user-api';

export type LogRow = { id: string; action: string; subject: string; ip_address: string; created_at: string };

/** The product's colour words for log actions: action_insert, action_update, action_delete. */
const ACTION_WORD: Record<string, string> = {
  create: 'action_insert',
  update: 'update',
  delete: 'action_delete',
  sign_in: 'active',
};

/** A log's columns: when, action, what, IP (also the profile's own logs page). */
export const LOG_COLUMNS: TableProps.ColumnDefinition<LogRow>[] = [
  // To the minute, as the billing events are: a day's sign-ins and changes are told apart by their time.
  { id: 'created_at', header: 'When', cell: (l) => <FormattedDateTime value={l.created_at} /> },
  {
    id: 'action',
    header: 'Action',
    cell: (l) => <StatusBadge word={ACTION_WORD[l.action] ?? l.action}>{displayLabel(l.action)}</StatusBadge>,
  },
  { id: 'subject', header: 'What', cell: (l) => l.subject || '-' },
  { id: 'ip_address', header: 'IP address', cell: (l) => l.ip_address || '-' },
];

/** /admin/users/{userId}/logs: the user's sign-ins and changes with their IP, and the GDPR delete. */
export function AdminUserLogsPage() {
  const { userId = '' } = useParams();
  const { data, isLoading, mutate } = useApi<{ logs: LogRow[]; total_count: number }>(
    `/admin/logs?user_id=${encodeURIComponent(userId)}`,
  );
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Table<LogRow>
        data-testid="logs-table"
        loading={isLoading}
        items={data?.logs ?? []}
        trackBy="id"
        header={
          <Header
            variant="h1"
            counter={data ? `(${data.total_count})` : undefined}
            description={<RouterLink href={`${USERS_BASE}/${encodeURIComponent(userId)}`}>Back to the user</RouterLink>}
            actions={
              <Button onClick={() => setConfirming(true)} disabled={!data?.total_count} data-testid="logs-gdpr-delete">
                Delete all logs (GDPR)
              </Button>
            }
          >
            User logs
          </Header>
        }
        columnDefinitions={LOG_COLUMNS}
        empty="No logs."
      />
      {confirming ? (
        <DeleteModal
          noun="log"
          plural="logs"
          names={[`all ${data?.total_count ?? 0} logs of this user`]}
          run={async (report) =>
            report(
              (await api.post<{ message: string }>('/admin/gdpr/delete_logs', { user_id: userId }, GLOBAL)).message,
            )
          }
          onClose={() => setConfirming(false)}
          onDeleted={() => void mutate()}
        />
      ) : null}
    </>
  );
}
