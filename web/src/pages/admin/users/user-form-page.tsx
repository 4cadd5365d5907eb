import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Toggle from '@cloudscape-design/components/toggle';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { notify } from '../../../app/notifications';
import { FormShell } from '../../../components/form-shell';
import { NewOrEditPage } from '../../../components/record-state';
import { useFormSubmit } from '../../../components/use-form-submit';
import { RoleSelect } from './role-select';
import { inviteUser, updateUser, useAdminUser, useRefreshUsers, USERS_BASE } from './user-api';
import { emptyUserValues, toUserPayload, userToValues, validateUserForm, type UserFormValues } from './user-model';
import type { AdminUser } from '../../../../../shared/schemas/user-views';

/** Invite (name, e-mail, role) or edit (name, role, active, frozen); after saving, back to /admin/users. */
function UserForm({ user }: { user?: AdminUser }) {
  const navigate = useNavigate();
  const refresh = useRefreshUsers();
  const isNew = !user;
  const [values, setValues] = useState<UserFormValues>(() => (user ? userToValues(user) : emptyUserValues()));
  const set = <K extends keyof UserFormValues>(key: K, value: UserFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const { errors, failure, submitting, submit } = useFormSubmit({
    validate: () => validateUserForm(values, isNew),
    send: () => (user ? updateUser(user.id, toUserPayload(values, false)) : inviteUser(toUserPayload(values, true))),
    onSuccess: async (answer) => {
      await refresh();
      notify('notification', answer.message ?? (isNew ? 'User Added' : 'User Updated'));
      navigate(USERS_BASE);
    },
  });
  const text = (key: 'name' | 'email', label: string, disabled = false) => (
    <FormField
      label={label}
      errorText={errors[key]}
      description={key === 'email' && !isNew ? 'The sign-in e-mail cannot be changed here.' : undefined}
    >
      <Input
        type={key === 'email' ? 'email' : 'text'}
        value={values[key]}
        disabled={disabled}
        onChange={({ detail }) => set(key, detail.value)}
        nativeInputAttributes={{ 'data-testid': `user-field-${key}` }}
      />
    </FormField>
  );

  return (
    <FormShell
      testId="user"
      title={user ? `Edit ${user.name}` : 'Invite user'}
      description={isNew ? 'They get an e-mail with a link to set up their account.' : undefined}
      failure={failure}
      errors={errors}
      submitting={submitting}
      submitLabel={isNew ? 'Invite user' : 'Save changes'}
      onSubmit={() => void submit()}
      onCancel={() => navigate(user ? `${USERS_BASE}/${user.id}` : USERS_BASE)}
    >
      <Container header={<Header variant="h2">User</Header>}>
        <SpaceBetween size="l">
          <ColumnLayout columns={3}>
            {text('name', 'Name')}
            {text('email', 'E-mail', !isNew)}
            <FormField label="Role" errorText={errors.role}>
              <RoleSelect
                value={values.role}
                onChange={(role) => set('role', role)}
                testId="user-field-role"
                invalid={Boolean(errors.role)}
              />
            </FormField>
          </ColumnLayout>
          {isNew ? null : (
            <ColumnLayout columns={3}>
              <Toggle
                checked={values.active}
                onChange={({ detail }) => set('active', detail.checked)}
                nativeInputAttributes={{ 'data-testid': 'user-field-active' }}
                description="Inactive users cannot sign in."
              >
                Active
              </Toggle>
              <Toggle
                checked={values.frozen}
                onChange={({ detail }) => set('frozen', detail.checked)}
                nativeInputAttributes={{ 'data-testid': 'user-field-frozen' }}
                description="A frozen account is kept but locked."
              >
                Frozen
              </Toggle>
            </ColumnLayout>
          )}
        </SpaceBetween>
      </Container>
    </FormShell>
  );
}

/** AdminNewUser (/admin/users/new) and AdminEditUser (/admin/users/{userId}/edit). */
export function AdminUserFormPage() {
  const { userId } = useParams();
  const { data, error, isLoading, mutate } = useAdminUser(userId);
  return (
    <NewOrEditPage
      editing={Boolean(userId)}
      error={error}
      isLoading={isLoading}
      data={data}
      retry={mutate}
      errorHeader="Could not load the user"
      newForm={<UserForm />}
      editForm={(loaded) => <UserForm key={loaded.user.id} user={loaded.user} />}
    />
  );
}
