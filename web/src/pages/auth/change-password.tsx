import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../app/api';
import { notify } from '../../app/notifications';
import { STORAGE_KEYS } from '../../app/session-rules';
import { RouterLink } from '../../components/router-link';
import { useFormSubmit } from '../../components/use-form-submit';
import { AuthCard } from './auth-card';
import { PasswordFields, validatePasswordPair, type PasswordPair } from './password-fields';

/** /change_password: sets the new password with the checked reset token, then goes to /signin. */
export function ChangePasswordPage() {
  const navigate = useNavigate();
  const token = sessionStorage.getItem(STORAGE_KEYS.resetToken);
  const [values, setValues] = useState<PasswordPair>({ password: '', password_confirmation: '' });
  const { errors, failure, submitting, submit } = useFormSubmit({
    validate: () => validatePasswordPair(values),
    send: () => api.patch<{ message: string }>('/change_password', { token, ...values }, { auth: false }),
    onSuccess: (answer) => {
      sessionStorage.removeItem(STORAGE_KEYS.resetToken);
      notify('notification', answer.message);
      navigate('/signin', { replace: true });
    },
  });

  if (!token) {
    return (
      <AuthCard title="Change password" testId="change-password-form">
        <SpaceBetween size="m">
          <Alert type="warning">Open the link in your password reset e-mail first.</Alert>
          <RouterLink href="/forgotten_password">Ask for a reset link</RouterLink>
        </SpaceBetween>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Change password" testId="change-password-form" onSubmit={() => void submit()}>
      <Form
        actions={
          <Button variant="primary" formAction="submit" loading={submitting} data-testid="change-password-submit">
            Change password
          </Button>
        }
      >
        <SpaceBetween size="m">
          {failure ? <Alert type="error">{failure}</Alert> : null}
          <PasswordFields values={values} errors={errors} onChange={setValues} testIdPrefix="change" />
        </SpaceBetween>
      </Form>
    </AuthCard>
  );
}
