import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { notify, notifyError } from '../../../app/notifications';
import { DeleteModal } from '../../../components/delete-modal';
import { DetailHeader } from '../../../components/detail-header';
import { FormattedDate } from '../../../components/formatted';
import { RecordState } from '../../../components/record-state';
import { RouterLink } from '../../../components/router-link';
import { StatusBadge } from '../../../components/status-badge';
import { RoleBadge } from './role-select';
import { deleteUser, resendInvitation, useAdminUser, USERS_BASE } from './user-api';

/** Child pages of an admin user; they come later. */
const SECTIONS: [string, string][] = [
  ['companies', 'Companies'],
  ['access_tokens', 'Access tokens'],
  ['bug_reports', 'Bug reports'],
  ['imports', 'Imports'],
  ['logs', 'Logs'],
  ['settings', 'Settings'],
  ['notices', 'Notices'],
];

/** UserAdmin (/admin/users/{userId}): the user, their companies with roles, Edit, Delete, Resend invitation. */
export function AdminUserDetailPage() {
  const { userId } = useParams();
  const navigate = useNavigate();
  const { data, error, isLoading, mutate } = useAdminUser(userId);
  const [deleting, setDeleting] = useState(false);
  const [resending, setResending] = useState(false);
  return (
    <RecordState error={error} isLoading={isLoading} data={data} retry={mutate} errorHeader="Could not load the user">
      {(loaded) => {
        const user = loaded.user;
        const base = `${USERS_BASE}/${encodeURIComponent(user.id)}`;

        const resend = async () => {
          setResending(true);
          try {
            notify('notification', (await resendInvitation(user.id)).message);
          } catch (failure) {
            notifyError(failure);
          } finally {
            setResending(false);
          }
        };

        return (
          <ContentLayout
            header={
              <DetailHeader
                testId="user"
                title={user.name}
                description={user.email}
                extraActions={
                  user.confirmed ? null : (
                    <Button loading={resending} onClick={() => void resend()} data-testid="user-resend">
                      Resend invitation
                    </Button>
                  )
                }
                onDelete={() => setDeleting(true)}
                onEdit={() => navigate(`${base}/edit`)}
              />
            }
          >
            <SpaceBetween size="l">
              <Container header={<Header variant="h2">Details</Header>} data-testid="user-detail">
                <KeyValuePairs
                  columns={3}
                  items={[
                    { label: 'Name', value: user.name },
                    { label: 'E-mail', value: user.email },
                    { label: 'Role', value: <RoleBadge role={user.role} testId="user-role" /> },
                    {
                      label: 'Status',
                      value: <StatusBadge word={user.active ? 'active' : 'inactive'} testId="user-active" />,
                    },
                    { label: 'Frozen', value: user.frozen ? <StatusBadge word="suspended">Frozen</StatusBadge> : 'No' },
                    {
                      label: 'Account',
                      value: user.confirmed ? (
                        'Confirmed'
                      ) : (
                        <StatusBadge word="invited" testId="user-invited">
                          Invited, not yet set up
                        </StatusBadge>
                      ),
                    },
                    { label: 'Phone', value: user.profile?.phone_no || '-' },
                    { label: 'Backup e-mail', value: user.profile?.backup_email || '-' },
                    { label: 'Created', value: <FormattedDate value={user.created_at} /> },
                  ]}
                />
              </Container>
              <Table
                data-testid="user-companies"
                header={
                  <Header variant="h2" counter={`(${user.company_users.length})`}>
                    Companies
                  </Header>
                }
                items={user.company_users}
                trackBy="company_id"
                columnDefinitions={[
                  {
                    id: 'company',
                    header: 'Company',
                    isRowHeader: true,
                    cell: (m) => (
                      <RouterLink href={`/admin/companies/${encodeURIComponent(m.company_id)}`}>
                        {m.company_name || m.company_id}
                      </RouterLink>
                    ),
                  },
                  { id: 'role', header: 'Role in the company', cell: (m) => <RoleBadge role={m.role} /> },
                ]}
                empty="Not a member of any company."
              />
              <Container header={<Header variant="h2">User sections</Header>}>
                <ColumnLayout columns={4} variant="text-grid">
                  {SECTIONS.map(([segment, text]) => (
                    <RouterLink key={segment} href={`${base}/${segment}`}>
                      {text}
                    </RouterLink>
                  ))}
                </ColumnLayout>
              </Container>
            </SpaceBetween>
            {deleting ? (
              <DeleteModal
                noun="user"
                plural="users"
                names={[`${user.name} (${user.email})`]}
                run={async (report) => report(await deleteUser(user.id))}
                onClose={() => setDeleting(false)}
                // No refresh here: it would refetch the deleted user (a 404); the list revalidates as it mounts.
                onDeleted={() => navigate(USERS_BASE, { replace: true })}
              />
            ) : null}
          </ContentLayout>
        );
      }}
    </RecordState>
  );
}
