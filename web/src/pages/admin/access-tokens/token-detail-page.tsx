import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { DeleteModal } from '../../../components/delete-modal';
import { DetailHeader } from '../../../components/detail-header';
import { FormattedDate } from '../../../components/formatted';
import { RecordState } from '../../../components/record-state';
import { RouterLink } from '../../../components/router-link';
import { StatusBadge } from '../../../components/status-badge';
import { USERS_BASE } from '../users/user-api';
import { deleteAccessToken, tokenPath, useAccessToken } from './token-api';
import { tokenStatus, TOKENS_BASE } from './token-model';

/** /admin/access_tokens/{accessTokenId}: the token (secret masked), Edit and Delete. */
export function AdminAccessTokenDetailPage() {
  const { accessTokenId } = useParams();
  const navigate = useNavigate();
  const { data, error, isLoading, mutate } = useAccessToken(accessTokenId);
  const [deleting, setDeleting] = useState(false);
  return (
    <RecordState
      error={error}
      isLoading={isLoading}
      data={data}
      retry={mutate}
      errorHeader="Could not load the access token"
    >
      {(loaded) => {
        const token = loaded.access_token;
        const status = tokenStatus(token.expired);
        const userHref = `${USERS_BASE}/${encodeURIComponent(token.user_id)}`;

        return (
          <ContentLayout
            header={
              <DetailHeader
                testId="token"
                title={token.service}
                onDelete={() => setDeleting(true)}
                onEdit={() => navigate(`${tokenPath(token.id)}/edit`)}
              />
            }
          >
            <Container header={<Header variant="h2">Details</Header>} data-testid="token-detail">
              <KeyValuePairs
                columns={3}
                items={[
                  { label: 'Service', value: token.service },
                  { label: 'Token', value: <code>{token.token}</code> },
                  {
                    label: 'Status',
                    value: (
                      <StatusBadge word={status.word} testId="token-status">
                        {status.text}
                      </StatusBadge>
                    ),
                  },
                  { label: 'Expires', value: token.expires_at ? <FormattedDate value={token.expires_at} /> : 'Never' },
                  { label: 'Created', value: <FormattedDate value={token.created_at} /> },
                  {
                    label: 'User',
                    value: (
                      <SpaceBetween direction="horizontal" size="xs">
                        <RouterLink href={userHref}>{token.user_id}</RouterLink>
                        <RouterLink href={`${userHref}/access_tokens`}>(all their tokens)</RouterLink>
                      </SpaceBetween>
                    ),
                  },
                ]}
              />
            </Container>
            {deleting ? (
              <DeleteModal
                noun="access token"
                plural="access tokens"
                names={[`${token.service} (${token.token})`]}
                run={async (report) => report((await deleteAccessToken(token.id)).message)}
                onClose={() => setDeleting(false)}
                // No refresh here: it would refetch the deleted token (a 404); the list revalidates as it mounts.
                onDeleted={() => navigate(TOKENS_BASE, { replace: true })}
              />
            ) : null}
          </ContentLayout>
        );
      }}
    </RecordState>
  );
}
