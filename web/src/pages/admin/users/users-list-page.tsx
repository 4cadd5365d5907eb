import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { TableProps } from '@cloudscape-design/components/table';
import { useNavigate } from 'react-router';
import { EmailAddress } from '../../../components/email-address';
import { RouterLink } from '../../../components/router-link';
import { ServerTable } from '../../../components/server-table';
import { StatusBadge } from '../../../components/status-badge';
import { RoleBadge } from './role-select';
import { adminUsersPath, USERS_BASE } from './user-api';
import type { AdminUserRow } from '../../../../../shared/schemas/user-views';

const COLUMNS: TableProps.ColumnDefinition<AdminUserRow>[] = [
  {
    id: 'name',
    header: 'Name',
    sortingField: 'name',
    isRowHeader: true,
    cell: (u) => (
      <RouterLink href={`${USERS_BASE}/${u.id}`} data-testid={`user-link-${u.id}`}>
        {u.name || '(no name)'}
      </RouterLink>
    ),
  },
  { id: 'email', header: 'E-mail', sortingField: 'email', cell: (u) => <EmailAddress email={u.email} /> },
  { id: 'role', header: 'Role', sortingField: 'role', cell: (u) => <RoleBadge role={u.role} /> },
  { id: 'active', header: 'Status', cell: (u) => <StatusBadge word={u.active ? 'active' : 'inactive'} /> },
  {
    id: 'confirmed',
    header: 'Account',
    cell: (u) =>
      u.confirmed ? (
        <StatusBadge word="active">Confirmed</StatusBadge>
      ) : (
        <StatusBadge word="invited">Invited</StatusBadge>
      ),
  },
];

/** UsersAdmin (/admin/users): every user, searched, sorted and paged on the server. */
export function AdminUsersPage() {
  const navigate = useNavigate();
  const invite = (
    <Button variant="primary" onClick={() => navigate(`${USERS_BASE}/new`)} data-testid="users-invite">
      Invite user
    </Button>
  );
  return (
    <ServerTable<AdminUserRow>
      tableId="users"
      title="Users"
      description="Everyone with an account. New users get an e-mail to set up their account."
      resourceName="user"
      columns={COLUMNS}
      collection="users"
      trackBy="id"
      defaultSort={{ field: 'name', order: 'asc' }}
      buildPath={adminUsersPath}
      actions={() => (
        <SpaceBetween direction="horizontal" size="xs">
          {invite}
        </SpaceBetween>
      )}
    />
  );
}
