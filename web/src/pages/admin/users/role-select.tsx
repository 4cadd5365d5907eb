import Select from '@cloudscape-design/components/select';
import type { Role } from '../../../../../shared/constants';
import { StatusBadge } from '../../../components/status-badge';
import { ROLE_OPTIONS, roleLabel } from './user-model';

/** A role in its status colour (roles are status words). */
export function RoleBadge({ role, testId }: { role: string; testId?: string }) {
  return (
    <StatusBadge word={role} testId={testId}>
      {roleLabel(role)}
    </StatusBadge>
  );
}

/** Picks one of ROLES. */
export function RoleSelect({
  value,
  onChange,
  testId,
  invalid,
}: {
  value: Role | '';
  onChange: (role: Role) => void;
  testId: string;
  invalid?: boolean;
}) {
  return (
    <div data-testid={testId}>
      <Select
        selectedOption={ROLE_OPTIONS.find((o) => o.value === value) ?? null}
        onChange={({ detail }) => onChange(detail.selectedOption.value as Role)}
        options={ROLE_OPTIONS}
        placeholder="Choose a role"
        invalid={invalid}
        ariaLabel="Role"
      />
    </div>
  );
}
