import Box from '@cloudscape-design/components/box';
import type { NestedRow, NestedRowsState } from '../../../components/nested-rows';
import { NestedRowsEditor } from '../../../components/nested-rows-editor';
import { RoleSelect } from '../users/role-select';
import { UserPicker } from '../users/user-picker';
import type { AdminUserRow } from '../../../../../shared/schemas/user-views';
import type { CompanyUserRow } from './company-model';

/** A saved row shows its user; a new one picks a user on the server. */
function UserCell({
  row,
  onPick,
  testId,
  invalid,
}: {
  row: NestedRow<CompanyUserRow>;
  onPick: (user: AdminUserRow | null) => void;
  testId: string;
  invalid: boolean;
}) {
  if (row.saved) {
    return (
      <div data-testid={testId}>
        <Box padding={{ top: 'xxs' }}>
          {row.values.name || '(no name)'}{' '}
          <Box variant="span" color="text-body-secondary">
            {row.values.email}
          </Box>
        </Box>
      </div>
    );
  }
  return (
    <UserPicker
      initialText={row.values.email}
      pickedEmail={row.values.user_id ? row.values.email : undefined}
      onPick={onPick}
      testId={testId}
      invalid={invalid}
    />
  );
}

/** The company's users with their roles; removing a saved one only marks it until Save. */
export function CompanyUsersEditor({
  state,
  errors,
}: {
  state: NestedRowsState<CompanyUserRow>;
  errors: Record<string, string>;
}) {
  return (
    <NestedRowsEditor<CompanyUserRow>
      name="company_users"
      what="users"
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
          <UserCell
            row={row}
            testId={`company-user-picker-${index}`}
            invalid={Boolean(errorText)}
            onPick={(user) =>
              state.update(
                row.key,
                user ? { user_id: user.id, name: user.name, email: user.email } : { user_id: '', name: '', email: '' },
              )
            }
          />
        ) : (
          <RoleSelect
            value={row.values.role}
            onChange={(role) => state.update(row.key, { role })}
            testId={`company-user-role-${index}`}
            invalid={Boolean(errorText)}
          />
        )
      }
    />
  );
}
