import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { TableProps } from '@cloudscape-design/components/table';
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { DeleteModal } from '../../../components/delete-modal';
import { FormattedDate } from '../../../components/formatted';
import { RouterLink } from '../../../components/router-link';
import { ServerTable } from '../../../components/server-table';
import { StatusBadge } from '../../../components/status-badge';
import { USERS_BASE } from '../users/user-api';
import { RevokeAllButton } from './revoke-all-button';
import { deleteAccessToken, tokenPath } from './token-api';
import type { AccessToken } from '../../../../../shared/schemas/support-views';
import { accessTokensPath, tokenStatus, TOKENS_BASE } from './token-model';

function columns(
  onDelete: (token: AccessToken) => void,
  showUser: boolean,
): TableProps.ColumnDefinition<AccessToken>[] {
  return [
    {
      id: 'service',
      header: 'Service',
      sortingField: 'service',
      isRowHeader: true,
      cell: (t) => (
        <RouterLink href={tokenPath(t.id)} data-testid={`token-link-${t.id}`}>
          {t.service}
        </RouterLink>
      ),
    },
    { id: 'token', header: 'Token', cell: (t) => <code>{t.token}</code> },
    ...(showUser
      ? [
          {
            id: 'user',
            header: 'User',
            cell: (t: AccessToken) => (
              <RouterLink href={`${USERS_BASE}/${encodeURIComponent(t.user_id)}`}>{t.user_id}</RouterLink>
            ),
          },
        ]
      : []),
    {
      id: 'status',
      header: 'Status',
      cell: (t) => {
        const status = tokenStatus(t.expired);
        return (
          <StatusBadge word={status.word} testId={`token-status-${t.id}`}>
            {status.text}
          </StatusBadge>
        );
      },
    },
    {
      id: 'expires_at',
      header: 'Expires',
      sortingField: 'expires_at',
      cell: (t) => (t.expires_at ? <FormattedDate value={t.expires_at} /> : 'Never'),
    },
    {
      id: 'created_at',
      header: 'Created',
      sortingField: 'created_at',
      cell: (t) => <FormattedDate value={t.created_at} />,
    },
    {
      id: 'actions',
      header: 'Actions',
      cell: (t) => (
        <Button
          variant="inline-link"
          onClick={() => onDelete(t)}
          ariaLabel={`Delete ${t.service}`}
          data-testid={`token-delete-${t.id}`}
        >
          Delete
        </Button>
      ),
    },
  ];
}

/** The access tokens table: every user's, or one user's (`userId`), newest first. */
function AccessTokensTable({ userId }: { userId?: string }) {
  const navigate = useNavigate();
  const [target, setTarget] = useState<AccessToken | null>(null);
  const cols = useMemo(() => columns(setTarget, !userId), [userId]);
  const create = () =>
    navigate(userId ? `${TOKENS_BASE}/new?user_id=${encodeURIComponent(userId)}` : `${TOKENS_BASE}/new`);

  return (
    <ServerTable<AccessToken>
      tableId="tokens"
      title={userId ? 'User access tokens' : 'Access tokens'}
      description={
        userId ? (
          <RouterLink href={`${USERS_BASE}/${encodeURIComponent(userId)}`}>Back to the user</RouterLink>
        ) : (
          'API access tokens of every user. A token’s secret is shown only once, when it is created.'
        )
      }
      resourceName="access token"
      columns={cols}
      collection="access_tokens"
      trackBy="id"
      defaultSort={{ field: 'created_at', order: 'desc' }}
      buildPath={(params) => accessTokensPath(params, userId)}
      filterKey={userId}
      actions={({ refresh }) => (
        <SpaceBetween direction="horizontal" size="xs">
          <RevokeAllButton userId={userId} onRevoked={() => void refresh()} />
          <Button variant="primary" onClick={create} data-testid="tokens-create">
            Create access token
          </Button>
          {target ? (
            <DeleteModal
              noun="access token"
              plural="access tokens"
              names={[`${target.service} (${target.token})`]}
              run={async (report) => report((await deleteAccessToken(target.id)).message)}
              onClose={() => setTarget(null)}
              onDeleted={() => void refresh()}
            />
          ) : null}
        </SpaceBetween>
      )}
      emptyAdd={{ label: 'Create access token', onClick: create }}
    />
  );
}

/** /admin/access_tokens. */
export function AdminAccessTokensPage() {
  return <AccessTokensTable />;
}

/** /admin/users/{userId}/access_tokens: the same list for one user; Create starts with that user. */
export function AdminUserAccessTokensPage() {
  const { userId } = useParams();
  return <AccessTokensTable key={userId} userId={userId} />;
}
