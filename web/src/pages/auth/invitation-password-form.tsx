import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../app/api';
import { notify } from '../../app/notifications';
import { signInWithPassword, useSession } from '../../app/session';
import { RouterLink } from '../../components/router-link';
import { useFormSubmit } from '../../components/use-form-submit';
import { PasswordFields, validatePasswordPair, type PasswordPair } from './password-fields';

/**
 * Someone invited without an account chooses a password: the invitation's `setup_account` makes the account and
 * accepts, then they are signed in, `afterSignIn` does what the invitation leads to (entering the company), and
 * they land on `landing` with the server's message. The company and the artist portal invitations both use it.
 */
export function InvitationPasswordForm<A extends { email: string; message: string }>(props: {
  setupPath: string;
  submitText: string;
  testIdPrefix: string;
  landing: string;
  header?: ReactNode;
  afterSignIn?: (answer: A) => Promise<void>;
}) {
  const navigate = useNavigate();
  const [values, setValues] = useState<PasswordPair>({ password: '', password_confirmation: '' });
  const { errors, failure, submitting, submit } = useFormSubmit({
    validate: () => validatePasswordPair(values),
    send: () => api.post<A>(props.setupPath, values, { auth: false }),
    onSuccess: async (answer) => {
      await signInWithPassword(answer.email, values.password);
      await props.afterSignIn?.(answer);
      notify('notification', answer.message);
      navigate(props.landing, { replace: true });
    },
  });
  return (
    <Form
      header={props.header}
      actions={
        <Button
          variant="primary"
          formAction="none"
          loading={submitting}
          onClick={() => void submit()}
          data-testid={`${props.testIdPrefix}-setup-submit`}
        >
          {props.submitText}
        </Button>
      }
    >
      <SpaceBetween size="m">
        {failure ? <Alert type="error">{failure}</Alert> : null}
        <PasswordFields values={values} errors={errors} onChange={setValues} testIdPrefix={props.testIdPrefix} />
      </SpaceBetween>
    </Form>
  );
}

/** Said when the invitation was sent to another e-mail than the account signed in. */
export function InvitedSomeoneElse({ invited, testId }: { invited: string; testId: string }) {
  const { user } = useSession();
  return (
    <Alert type="warning" data-testid={testId}>
      This invitation was sent to {invited}, and you are signed in as {user?.email}.{' '}
      <RouterLink href="/signout">Sign out</RouterLink> and sign in as {invited} to accept it.
    </Alert>
  );
}
