import Box from '@cloudscape-design/components/box';
import Checkbox from '@cloudscape-design/components/checkbox';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { notify } from '../../../app/notifications';
import { useApi } from '../../../app/resources';
import { FormShell } from '../../../components/form-shell';
import { FormattedDate } from '../../../components/formatted';
import { RecordState } from '../../../components/record-state';
import { RouterLink } from '../../../components/router-link';
import { StatusBadge } from '../../../components/status-badge';
import { useFormSubmit } from '../../../components/use-form-submit';
import { RoleBadge } from './role-select';
import { updateUser, useAdminUser, USERS_BASE } from './user-api';
import type { AdminUser } from '../../../../../shared/schemas/user-views';

type Settings = { beta_features: boolean; experimental_features: boolean };
const userPage = (id: string) => `${USERS_BASE}/${encodeURIComponent(id)}`;

/** The user's page header with a link back, shared by the children pages below. */
function UserChild({ title, children }: { title: string; children: (user: AdminUser) => React.ReactNode }) {
  const { userId } = useParams();
  const { data, error, isLoading, mutate } = useAdminUser(userId);
  return (
    <RecordState
      error={error}
      isLoading={isLoading}
      data={data?.user}
      retry={mutate}
      errorHeader="Could not load the user"
    >
      {(user) => (
        <ContentLayout
          header={
            <Header
              variant="h1"
              description={<RouterLink href={userPage(user.id)}>Back to {user.name || user.email}</RouterLink>}
            >{`${user.name || user.email}: ${title}`}</Header>
          }
        >
          {children(user)}
        </ContentLayout>
      )}
    </RecordState>
  );
}

function SettingsForm({ user }: { user: AdminUser & { user_setting_attributes?: Partial<Settings> } }) {
  const navigate = useNavigate();
  const { mutate } = useAdminUser(user.id);
  const [values, setValues] = useState<Settings>({
    beta_features: user.user_setting_attributes?.beta_features ?? false,
    experimental_features: user.user_setting_attributes?.experimental_features ?? false,
  });
  const { failure, submitting, submit } = useFormSubmit({
    validate: () => ({}),
    send: () => updateUser(user.id, { user_setting_attributes: values }),
    onSuccess: async (answer) => {
      await mutate();
      notify('notification', answer.message);
      navigate(userPage(user.id));
    },
  });
  const flag = (key: keyof Settings, label: string, description: string) => (
    <Checkbox
      checked={values[key]}
      onChange={({ detail }) => setValues((v) => ({ ...v, [key]: detail.checked }))}
      description={description}
      nativeInputAttributes={{ 'data-testid': `user-setting-${key}` }}
    >
      {label}
    </Checkbox>
  );
  return (
    <FormShell
      testId="user-settings"
      title="Feature flags"
      failure={failure}
      submitting={submitting}
      submitLabel="Save settings"
      onSubmit={() => void submit()}
      onCancel={() => navigate(userPage(user.id))}
    >
      <Container>
        <SpaceBetween size="m">
          {flag('beta_features', 'Beta features', 'Features that are finished but still being tried out.')}
          {flag('experimental_features', 'Experimental features', 'Early features that may change or go away.')}
        </SpaceBetween>
      </Container>
    </FormShell>
  );
}

/** /admin/users/{userId}/settings: the user's beta and experimental feature flags. */
export function AdminUserSettingsPage() {
  return <UserChild title="Settings">{(user) => <SettingsForm key={user.id} user={user} />}</UserChild>;
}

/** /admin/users/{userId}/companies: the companies the user works in, with their role in each. */
export function AdminUserCompaniesPage() {
  return (
    <UserChild title="Companies">
      {(user) => (
        <Table
          data-testid="user-companies"
          header={
            <Header
              variant="h2"
              counter={`(${user.company_users.length})`}
              description="Roles are changed on the company's edit page."
            >
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
                <RouterLink href={`/admin/companies/${encodeURIComponent(m.company_id)}`}>{m.company_name}</RouterLink>
              ),
            },
            { id: 'role', header: 'Role', cell: (m) => <RoleBadge role={m.role} /> },
          ]}
          empty={<Box color="text-body-secondary">Not in any company.</Box>}
        />
      )}
    </UserChild>
  );
}

type UserNotice = { id: string; notice: { title: string; type_of?: string }; read: boolean; read_at: string | null };

function NoticesTable({ userId }: { userId: string }) {
  const { data, error, isLoading } = useApi<{ notices: UserNotice[]; unread_count: number }>(
    `${USERS_BASE}/${encodeURIComponent(userId)}/notices`,
  );
  return (
    <Table
      data-testid="user-notices"
      loading={isLoading}
      loadingText="Loading notices"
      header={
        <Header variant="h2" counter={data ? `(${data.notices.length}, ${data.unread_count} unread)` : undefined}>
          Notices
        </Header>
      }
      items={data?.notices ?? []}
      trackBy="id"
      columnDefinitions={[
        {
          id: 'title',
          header: 'Title',
          isRowHeader: true,
          cell: (n) => <RouterLink href={`/admin/notices/${encodeURIComponent(n.id)}`}>{n.notice.title}</RouterLink>,
        },
        { id: 'type', header: 'Type', cell: (n) => n.notice.type_of ?? '-' },
        { id: 'read', header: 'Read', cell: (n) => <StatusBadge word={n.read ? 'read' : 'unread'} /> },
        { id: 'read_at', header: 'Read at', cell: (n) => (n.read_at ? <FormattedDate value={n.read_at} /> : '-') },
      ]}
      empty={
        <Box color="text-body-secondary">{error ? 'Could not load the notices.' : 'No notices sent to this user.'}</Box>
      }
    />
  );
}

/** /admin/users/{userId}/notices: the notices sent to the user, and which they have read. */
export function AdminUserNoticesPage() {
  return <UserChild title="Notices">{(user) => <NoticesTable userId={user.id} />}</UserChild>;
}
