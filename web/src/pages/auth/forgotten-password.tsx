import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { MESSAGES } from '../../../../shared/messages';
import { api } from '../../app/api';
import { notify } from '../../app/notifications';
import { RouterLink } from '../../components/router-link';
import { AuthCard } from './auth-card';

/** Request a reset link; an empty e-mail is refused here without calling the server. */
export function ForgottenPasswordPage() {
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [result, setResult] = useState<{ type: 'success' | 'error'; text: string } | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async () => {
    setResult(null);
    if (!email.trim()) {
      setFieldError(MESSAGES.fillOutEmail);
      notify('error', MESSAGES.fillOutEmail);
      return;
    }
    setFieldError(undefined);
    setSubmitting(true);
    try {
      const answer = await api.post<{ message: string }>(
        '/find_user_and_send_email',
        { email: email.trim() },
        { auth: false },
      );
      const text = answer.message || MESSAGES.resetRequested;
      setResult({ type: 'success', text });
      notify('notification', text);
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      setResult({ type: 'error', text });
      notify('error', text);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthCard
      title="Forgotten password"
      description="We will e-mail you a link to choose a new password."
      testId="forgotten-form"
      onSubmit={() => void submit()}
    >
      <Form
        actions={
          <Button variant="primary" formAction="submit" loading={submitting} data-testid="forgotten-submit">
            Send reset link
          </Button>
        }
      >
        <SpaceBetween size="m">
          {result ? (
            <Alert type={result.type} data-testid="forgotten-result">
              {result.text}
            </Alert>
          ) : null}
          <FormField label="Email" errorText={fieldError}>
            <Input
              type="email"
              value={email}
              onChange={({ detail }) => setEmail(detail.value)}
              nativeInputAttributes={{ 'data-testid': 'forgotten-email' }}
            />
          </FormField>
          <RouterLink href="/signin">Back to sign in</RouterLink>
        </SpaceBetween>
      </Form>
    </AuthCard>
  );
}
