import Autosuggest from '@cloudscape-design/components/autosuggest';
import Box from '@cloudscape-design/components/box';
import { useState } from 'react';
import { useApi } from '../../../app/resources';
import type { NestedRow, NestedRowsState } from '../../../components/nested-rows';
import { NestedRowsEditor } from '../../../components/nested-rows-editor';
import { useDebouncedValue } from '../../../components/use-debounced-value';
import { RoleSelect } from '../users/role-select';
import { adminUsersPath, type AdminUserList } from '../users/user-api';
import type { AdminUserRow } from '../users/user-model';
import type { CompanyUserRow } from './company-model';

/** Finds a user on the server (GET /admin/users?q=…) as the admin types; the option's value is the e-mail. */
function UserPicker({ row, onPick, testId, invalid }: { row: NestedRow<CompanyUserRow>; onPick: (user: AdminUserRow | null) => void; testId: string; invalid: boolean }) {
  const [text, setText] = useState(row.values.email);
  const q = useDebouncedValue(text, 300);
  const { data, isLoading, error } = useApi<AdminUserList>(adminUsersPath({ page: 1, per_page: 20, sort_field: 'name', sort_order: 'asc', q }), { keepPreviousData: true });
  const users = data?.users ?? [];
  if (row.saved) {
    return (
      <div data-testid={testId}>
        <Box padding={{ top: 'xxs' }}>
          {row.values.name || '(no name)'} <Box variant="span" color="text-body-secondary">{row.values.email}</Box>
        </Box>
      </div>
    );
  }
  return (
    <div data-testid={testId}>
      <Autosuggest
        value={text}
        onChange={({ detail }) => {
          setText(detail.value);
          if (row.values.user_id && detail.value !== row.values.email) onPick(null);
        }}
        onSelect={({ detail }) => onPick(users.find((u) => u.email === detail.value) ?? null)}
        options={users.map((u) => ({ value: u.email, label: u.email, description: u.name, tags: [u.role] }))}
        filteringType="manual"
        statusType={error ? 'error' : isLoading ? 'loading' : 'finished'}
        loadingText="Finding users"
        errorText="Could not load users"
        empty="No users found"
        enteredTextLabel={(value) => `Search for “${value}”`}
        placeholder="Search users by name or e-mail"
        ariaLabel="User"
        invalid={invalid}
      />
    </div>
  );
}

/** The company's users with their roles; removing a saved one only marks it until Save (spec 1 §4). */
export function CompanyUsersEditor({ state, errors }: { state: NestedRowsState<CompanyUserRow>; errors: Record<string, string> }) {
  return (
    <NestedRowsEditor<CompanyUserRow>
      name="company_users"
      state={state}
      fields={[
        { key: 'user_id', label: 'User' },
        { key: 'role', label: 'Role' },
      ]}
      emptyRow={{ user_id: '', name: '', email: '', role: 'user' }}
      addLabel="Add user"
      errors={errors}
      testId="company-users"
      describe={(v) => `${v.name || v.email} (${v.role})`}
      renderInput={(field, row, index, errorText) =>
        field.key === 'user_id' ? (
          <UserPicker
            row={row}
            testId={`company-user-picker-${index}`}
            invalid={Boolean(errorText)}
            onPick={(user) => state.update(row.key, user ? { user_id: user.id, name: user.name, email: user.email } : { user_id: '', name: '', email: '' })}
          />
        ) : (
          <RoleSelect value={row.values.role} onChange={(role) => state.update(row.key, { role })} testId={`company-user-role-${index}`} invalid={Boolean(errorText)} />
        )
      }
    />
  );
}
