import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { MESSAGES } from '../../../../shared/messages';
import { api } from '../../app/api';
import { PageSpinner } from '../../app/layout/route-states';
import { signInWithPassword } from '../../app/session';
import { dashboardPath } from '../../app/session-rules';
import { RouterLink } from '../../components/router-link';
import { useFormSubmit } from '../../components/use-form-submit';
import { AuthCard } from './auth-card';
import { PasswordFields, validatePasswordPair, type PasswordPair } from './password-fields';

type Pending = { id: string; name: string; email: string };

/**
 * /confirm/{access_token} (after sign-up) and /setup_account?token= (after an invitation):
 * shows who is confirming, sets the first password, then signs in and goes to the dashboard.
 */
export function ConfirmAccountPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const token = params.access_token ?? search.get('token') ?? '';
  const navigate = useNavigate();
  const [pending, setPending] = useState<Pending | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [values, setValues] = useState<PasswordPair>({ password: '', password_confirmation: '' });
  const { errors, failure, submitting, submit } = useFormSubmit({
    validate: () => validatePasswordPair(values),
    send: () =>
      api.post<{ email: string; message: string }>(
        '/confirm_user',
        { access_token: token, ...values },
        { auth: false },
      ),
    onSuccess: async (answer) => {
      // An invited artist user lands on the artist dashboard, everyone else on theirs.
      const user = await signInWithPassword(answer.email, values.password);
      navigate(dashboardPath(user.role), { replace: true });
    },
  });

  useEffect(() => {
    let live = true;
    if (!token) {
      setLoadError('This link has no token. Open the link from your e-mail again.');
      return;
    }
    api
      .put<{ user: Pending }>('/find_unconfirmed_user', { access_token: token }, { auth: false })
      .then(({ user }) => live && setPending(user))
      .catch((error: unknown) => live && setLoadError(error instanceof Error ? error.message : String(error)));
    return () => {
      live = false;
    };
  }, [token]);

  if (loadError) {
    return (
      <AuthCard title="Confirm your account" testId="confirm-form">
        <SpaceBetween size="m">
          <Alert type="error" data-testid="confirm-error">
            {loadError}
          </Alert>
          <RouterLink href="/signin">Go to sign in</RouterLink>
        </SpaceBetween>
      </AuthCard>
    );
  }
  if (!pending) return <PageSpinner />;

  return (
    <AuthCard
      title="Confirm your account"
      description={MESSAGES.confirmBySettingPassword}
      testId="confirm-form"
      onSubmit={() => void submit()}
    >
      <Form
        actions={
          <Button variant="primary" formAction="submit" loading={submitting} data-testid="confirm-submit">
            Set password and sign in
          </Button>
        }
      >
        <SpaceBetween size="m">
          {failure ? <Alert type="error">{failure}</Alert> : null}
          <KeyValuePairs
            columns={2}
            items={[
              { label: 'Name', value: <Box data-testid="confirm-name">{pending.name}</Box> },
              { label: 'Email', value: <Box data-testid="confirm-email">{pending.email}</Box> },
            ]}
          />
          <PasswordFields values={values} errors={errors} onChange={setValues} testIdPrefix="confirm" />
        </SpaceBetween>
      </Form>
    </AuthCard>
  );
}
