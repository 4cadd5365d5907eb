import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { DetailHeader } from '../../components/detail-header';
import { FormattedDate } from '../../components/formatted';
import { RecordState } from '../../components/record-state';
import { StatusBadge } from '../../components/status-badge';
import { DeleteNoticeModal } from './delete-notice-modal';
import { useAdminNotice } from './notice-api';
import type { Recipient } from '../../../../shared/schemas/notice-views';

const LIST = '/admin/notices';

/** /admin/notices/{id}: the notice, who it went to and who has read it, with Edit and Delete. */
export function AdminNoticeDetailPage() {
  const { noticeId } = useParams();
  const navigate = useNavigate();
  const { data, error, isLoading, mutate } = useAdminNotice(noticeId);
  const [deleting, setDeleting] = useState(false);
  return (
    <RecordState error={error} isLoading={isLoading} data={data} retry={mutate} errorHeader="Could not load the notice">
      {(loaded) => {
        const notice = loaded.notice;

        return (
          <ContentLayout
            header={
              <DetailHeader
                testId="notice"
                title={notice.title}
                onDelete={() => setDeleting(true)}
                onEdit={() => navigate(`${LIST}/${encodeURIComponent(notice.id)}/edit`)}
              />
            }
          >
            <SpaceBetween size="l">
              <Container header={<Header variant="h2">Notice</Header>} data-testid="notice-detail">
                <SpaceBetween size="l">
                  <KeyValuePairs
                    columns={4}
                    items={[
                      { label: 'Type', value: <StatusBadge word={notice.type_of} /> },
                      { label: 'Readable', value: notice.readable ? 'Yes' : 'No' },
                      { label: 'Created', value: <FormattedDate value={notice.created_at} /> },
                      { label: 'Updated', value: <FormattedDate value={notice.updated_at} /> },
                    ]}
                  />
                  <KeyValuePairs
                    items={[
                      {
                        label: 'Content',
                        // Plain text, as written.
                        value: (
                          <span style={{ whiteSpace: 'pre-wrap' }} data-testid="notice-content">
                            {notice.content}
                          </span>
                        ),
                      },
                    ]}
                  />
                </SpaceBetween>
              </Container>
              <Table<Recipient>
                data-testid="notice-recipients"
                header={
                  <Header variant="h2" counter={`(${notice.read_count} of ${notice.recipients_count} read)`}>
                    Recipients
                  </Header>
                }
                items={notice.users}
                trackBy="id"
                columnDefinitions={[
                  { id: 'name', header: 'Name', isRowHeader: true, cell: (u) => u.name || '-' },
                  { id: 'email', header: 'Email', cell: (u) => u.email },
                  {
                    id: 'read',
                    header: 'Read',
                    cell: (u) => (
                      <span data-testid={`notice-recipient-read-${u.id}`} data-read={String(u.read)}>
                        <StatusBadge word={u.read ? 'true' : 'false'}>{u.read ? 'Read' : 'Unread'}</StatusBadge>
                      </span>
                    ),
                  },
                  { id: 'read_at', header: 'Read at', cell: (u) => <FormattedDate value={u.read_at} /> },
                ]}
                empty={<Box textAlign="center">No recipients</Box>}
              />
            </SpaceBetween>
            {deleting ? (
              <DeleteNoticeModal
                notice={notice}
                onClose={() => setDeleting(false)}
                // No refresh of this record: it is gone (a 404); the list revalidates as it mounts.
                onDeleted={() => navigate(LIST, { replace: true })}
              />
            ) : null}
          </ContentLayout>
        );
      }}
    </RecordState>
  );
}
