import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { api, ApiError } from '../../app/api';
import { rules, serverFieldErrors, validate } from '../../components/form-rules';
import { RouterLink } from '../../components/router-link';
import { AuthCard } from './auth-card';

type Values = { name: string; email: string };
const RULES = { name: [rules.required('Name')], email: [rules.required('Email'), rules.email()] };

/** Sign up: the server mails a link to /confirm/{token} where the password is set. */
export function SignUpPage() {
  const [values, setValues] = useState<Values>({ name: '', email: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [result, setResult] = useState<{ type: 'success' | 'error'; text: string } | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async () => {
    const found = validate(values, RULES);
    setErrors(found);
    if (Object.keys(found).length) return;
    setSubmitting(true);
    setResult(null);
    try {
      const answer = await api.post<{ message: string }>(
        '/signup',
        { name: values.name.trim(), email: values.email.trim() },
        { auth: false },
      );
      setResult({ type: 'success', text: answer.message });
    } catch (error) {
      if (error instanceof ApiError) setErrors(serverFieldErrors(error.errors));
      setResult({ type: 'error', text: error instanceof Error ? error.message : String(error) });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthCard
      title="Sign up"
      description="We will e-mail you a link to set your password."
      testId="signup-form"
      onSubmit={() => void submit()}
    >
      <Form
        actions={
          <Button
            variant="primary"
            formAction="submit"
            loading={submitting}
            disabled={result?.type === 'success'}
            data-testid="signup-submit"
          >
            Sign up
          </Button>
        }
      >
        <SpaceBetween size="m">
          {result ? (
            <Alert type={result.type} data-testid="signup-result">
              {result.text}
            </Alert>
          ) : null}
          <FormField label="Name" errorText={errors.name}>
            <Input
              value={values.name}
              onChange={({ detail }) => setValues((v) => ({ ...v, name: detail.value }))}
              nativeInputAttributes={{ 'data-testid': 'signup-name' }}
            />
          </FormField>
          <FormField label="Email" errorText={errors.email}>
            <Input
              type="email"
              value={values.email}
              onChange={({ detail }) => setValues((v) => ({ ...v, email: detail.value }))}
              nativeInputAttributes={{ 'data-testid': 'signup-email' }}
            />
          </FormField>
          <RouterLink href="/signin">Already have an account? Sign in</RouterLink>
        </SpaceBetween>
      </Form>
    </AuthCard>
  );
}
