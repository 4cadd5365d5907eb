import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { MESSAGES } from '../../../../shared/messages';
import { preloadAuth } from '../../app/auth';
import { signInWithPassword, useSession } from '../../app/session';
import { dashboardPath, safeRedirect } from '../../app/session-rules';
import { rules, validate } from '../../components/form-rules';
import { RouterLink } from '../../components/router-link';
import { AuthCard } from './auth-card';

type Values = { email: string; password: string };
const RULES = { email: [rules.required('Email'), rules.email()], password: [rules.required('Password')] };

export function SignInPage() {
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const navigate = useNavigate();
  const { user } = useSession();
  const [values, setValues] = useState<Values>({ email: '', password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  // Amplify loads in the background while the user types, so it is not part of the first paint.
  useEffect(() => preloadAuth(), []);

  // Already signed in: go where the user was heading.
  useEffect(() => {
    if (user && !submitting) navigate(safeRedirect(redirect, dashboardPath(user.role)), { replace: true });
  }, [user, submitting, redirect, navigate]);

  const submit = async () => {
    const found = validate(values, RULES);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length) return;
    setSubmitting(true);
    try {
      const signedIn = await signInWithPassword(values.email, values.password);
      navigate(safeRedirect(redirect, dashboardPath(signedIn.role)), { replace: true });
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
      setSubmitting(false);
    }
  };

  return (
    <AuthCard title="Sign in" testId="signin-form" onSubmit={() => void submit()}>
      <Form
        actions={
          <Button variant="primary" formAction="submit" loading={submitting} data-testid="signin-submit">
            Sign in
          </Button>
        }
        secondaryActions={
          <RouterLink href="/forgotten_password" data-testid="signin-forgotten">
            Forgotten your password?
          </RouterLink>
        }
      >
        <SpaceBetween size="m">
          {redirect ? (
            <Alert type="info" data-testid="signin-required">
              {MESSAGES.mustBeLoggedIn}
            </Alert>
          ) : null}
          {failure ? (
            <Alert type="error" header="Could not sign in" data-testid="signin-error">
              {failure}
            </Alert>
          ) : null}
          <FormField label="Email" errorText={errors.email}>
            <Input
              type="email"
              inputMode="email"
              autoComplete="username"
              value={values.email}
              onChange={({ detail }) => setValues((v) => ({ ...v, email: detail.value }))}
              nativeInputAttributes={{ 'data-testid': 'signin-email' }}
              autoFocus
            />
          </FormField>
          <FormField label="Password" errorText={errors.password}>
            <Input
              type="password"
              autoComplete="current-password"
              value={values.password}
              onChange={({ detail }) => setValues((v) => ({ ...v, password: detail.value }))}
              nativeInputAttributes={{ 'data-testid': 'signin-password' }}
            />
          </FormField>
          <RouterLink href="/signup" data-testid="signin-signup">
            No account yet? Sign up
          </RouterLink>
        </SpaceBetween>
      </Form>
    </AuthCard>
  );
}
