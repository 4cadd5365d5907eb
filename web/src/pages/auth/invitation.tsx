import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { humanizeField } from '../../../../shared/messages';
import type { InvitationView } from '../../../../shared/schemas/onboarding';
import type { CompanySummary } from '../../../../shared/schemas/user-views';
import { api } from '../../app/api';
import { PageSpinner } from '../../app/layout/route-states';
import { notify, notifyError } from '../../app/notifications';
import { enterCompany, useSession } from '../../app/session';
import { RouterLink } from '../../components/router-link';
import { acceptInvitation } from '../user/pending-invitations';
import { AuthCard } from './auth-card';
import { InvitationPasswordForm, InvitedSomeoneElse } from './invitation-password-form';

const TITLE = 'Join a company';

/** A new account's first password from the invitation: it accepts it, signs in and lands in the company. */
function SetUpAccount({ token, invitation }: { token: string; invitation: InvitationView }) {
  return (
    <InvitationPasswordForm<{ email: string; company: CompanySummary; message: string }>
      setupPath={`/invitations/${encodeURIComponent(token)}/setup_account`}
      submitText={`Set password and join ${invitation.company_name}`}
      testIdPrefix="invitation"
      landing="/user"
      afterSignIn={({ company }) =>
        enterCompany({ id: company.id, name: company.name, tags: company.tags, distributed: company.distributed })
      }
    />
  );
}

/** An existing account answers when signed in as the invited e-mail; anyone else is told whom it is for. */
function AnswerInvitation({ token, invitation }: { token: string; invitation: InvitationView }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const here = `/invitations/${encodeURIComponent(token)}`;
  if (!user) {
    return (
      <SpaceBetween size="s">
        <Box>Sign in as {invitation.email} to accept the invitation.</Box>
        <Button
          variant="primary"
          href={`/signin?redirect=${encodeURIComponent(here)}`}
          data-testid="invitation-sign-in"
        >
          Sign in to accept
        </Button>
      </SpaceBetween>
    );
  }
  if (user.email.toLowerCase() !== invitation.email) {
    return <InvitedSomeoneElse invited={invitation.email} testId="invitation-other-user" />;
  }
  const answer = async (accept: boolean) => {
    setBusy(true);
    try {
      if (accept) await acceptInvitation(token);
      else notify('notification', (await api.post<{ message: string }>(`${here}/decline`)).message);
      navigate('/user', { replace: true });
    } catch (error) {
      notifyError(error);
      setBusy(false);
    }
  };
  return (
    <SpaceBetween direction="horizontal" size="xs">
      <Button variant="primary" loading={busy} onClick={() => void answer(true)} data-testid="invitation-accept">
        Accept and join {invitation.company_name}
      </Button>
      <Button disabled={busy} onClick={() => void answer(false)} data-testid="invitation-decline">
        Decline
      </Button>
    </SpaceBetween>
  );
}

/**
 * /invitations/{token}, the link an invitation mails (docs/onboarding.md): which company, who invited and as
 * what; a new e-mail sets its password here (which accepts), an existing account signs in and accepts.
 */
export function InvitationPage() {
  const { token = '' } = useParams();
  const [invitation, setInvitation] = useState<InvitationView | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    api
      .get<{ invitation: InvitationView }>(`/invitations/${encodeURIComponent(token)}`, { auth: false })
      .then((answer) => live && setInvitation(answer.invitation))
      .catch((error: unknown) => live && setLoadError(error instanceof Error ? error.message : String(error)));
    return () => {
      live = false;
    };
  }, [token]);

  if (loadError) {
    return (
      <AuthCard title={TITLE} testId="invitation-page">
        <SpaceBetween size="m">
          <Alert type="error" data-testid="invitation-error">
            {loadError}
          </Alert>
          <Box>
            Ask the company&apos;s manager to invite you again, or{' '}
            <RouterLink href="/user">go to your dashboard</RouterLink>.
          </Box>
        </SpaceBetween>
      </AuthCard>
    );
  }
  if (!invitation) return <PageSpinner />;
  return (
    <AuthCard
      title={TITLE}
      description={`${invitation.inviter_name} invited you to join ${invitation.company_name}.`}
      testId="invitation-page"
    >
      <SpaceBetween size="l">
        <KeyValuePairs
          columns={3}
          items={[
            { label: 'Company', value: <Box data-testid="invitation-company">{invitation.company_name}</Box> },
            { label: 'E-mail', value: <Box data-testid="invitation-email">{invitation.email}</Box> },
            { label: 'Role', value: humanizeField(invitation.role) },
          ]}
        />
        {invitation.account_exists ? (
          <AnswerInvitation token={token} invitation={invitation} />
        ) : (
          <SetUpAccount token={token} invitation={invitation} />
        )}
      </SpaceBetween>
    </AuthCard>
  );
}
