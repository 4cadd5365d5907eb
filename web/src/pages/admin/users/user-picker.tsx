import Autosuggest from '@cloudscape-design/components/autosuggest';
import { useState } from 'react';
import { useApi } from '../../../app/resources';
import { useDebouncedValue } from '../../../components/use-debounced-value';
import { adminUsersPath, type AdminUserList } from './user-api';
import type { AdminUserRow } from '../../../../../shared/schemas/user-views';

export type UserPickerProps = {
  /** The text to start with (the picked user's e-mail, if any). */
  initialText?: string;
  /** The e-mail of the user picked now: typing something else un-picks them (onPick(null)). */
  pickedEmail?: string;
  onPick: (user: AdminUserRow | null) => void;
  testId: string;
  invalid?: boolean;
};

/** Finds a user on the server (GET /admin/users?q=…) as the admin types; the option's value is the e-mail. */
export function UserPicker({ initialText = '', pickedEmail, onPick, testId, invalid = false }: UserPickerProps) {
  const [text, setText] = useState(initialText);
  const q = useDebouncedValue(text, 300);
  const { data, isLoading, error } = useApi<AdminUserList>(
    adminUsersPath({ page: 1, per_page: 20, sort_field: 'name', sort_order: 'asc', q }),
    { keepPreviousData: true },
  );
  const users = data?.users ?? [];
  return (
    <div data-testid={testId}>
      <Autosuggest
        value={text}
        onChange={({ detail }) => {
          setText(detail.value);
          if (pickedEmail && detail.value !== pickedEmail) onPick(null);
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
