import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { PortalInvitationView } from '../../../../shared/schemas/artist-portal';
import { api } from '../../app/api';
import { PageSpinner } from '../../app/layout/route-states';
import { notify, notifyError } from '../../app/notifications';
import { useSession } from '../../app/session';
import { AuthCard } from '../auth/auth-card';
import { InvitationPasswordForm, InvitedSomeoneElse } from '../auth/invitation-password-form';

const TITLE = 'Artist portal invitation';
const DASHBOARD = '/artist_dashboard';

/** Someone without an account chooses a password: that makes their artist account and accepts. */
function SetUpArtistAccount({ path }: { path: string }) {
  return (
    <InvitationPasswordForm
      setupPath={`${path}/setup_account`}
      header={<Box variant="h3">New here? Choose a password</Box>}
      submitText="Set password and accept"
      testIdPrefix="portal-invitation"
      landing={DASHBOARD}
    />
  );
}

/** A signed-in artist account accepts; a team account is told it cannot become an artist's. */
function AcceptAsSignedIn({ path, invitation }: { path: string; invitation: PortalInvitationView }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  if (!user) return null;
  if (user.email.toLowerCase() !== invitation.email) {
    return <InvitedSomeoneElse invited={invitation.email} testId="portal-invitation-other-user" />;
  }
  const accept = async () => {
    setBusy(true);
    try {
      notify('notification', (await api.post<{ message: string }>(`${path}/accept`)).message);
      navigate(DASHBOARD, { replace: true });
    } catch (error) {
      notifyError(error);
      setBusy(false);
    }
  };
  return (
    <Button variant="primary" loading={busy} onClick={() => void accept()} data-testid="portal-invitation-accept">
      Accept and see {invitation.artist_name}
    </Button>
  );
}

/**
 * /artist_invitations/{token}, the link a label's artist portal invitation mails: a new address sets a password
 * here, an existing artist account signs in and accepts. Whether an account exists is not asked of the server.
 */
export function PortalInvitationPage() {
  const { token = '' } = useParams();
  const { user } = useSession();
  const path = `/artist_invitations/${encodeURIComponent(token)}`;
  const [invitation, setInvitation] = useState<PortalInvitationView | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    api
      .get<{ invitation: PortalInvitationView }>(path, { auth: false })
      .then((answer) => live && setInvitation(answer.invitation))
      .catch((error: unknown) => live && setLoadError(error instanceof Error ? error.message : String(error)));
    return () => {
      live = false;
    };
  }, [path]);

  if (loadError) {
    return (
      <AuthCard title={TITLE} testId="portal-invitation-page">
        <Alert type="error" data-testid="portal-invitation-error">
          {loadError}. Ask the label to invite you again.
        </Alert>
      </AuthCard>
    );
  }
  if (!invitation) return <PageSpinner />;
  return (
    <AuthCard
      title={TITLE}
      description={`${invitation.company_name} invited you to see ${invitation.artist_name}'s releases, earnings and statements.`}
      testId="portal-invitation-page"
    >
      <SpaceBetween size="l">
        <KeyValuePairs
          columns={2}
          items={[
            { label: 'Artist', value: invitation.artist_name },
            { label: 'E-mail', value: <Box data-testid="portal-invitation-email">{invitation.email}</Box> },
          ]}
        />
        {user ? (
          <AcceptAsSignedIn path={path} invitation={invitation} />
        ) : (
          <SpaceBetween size="l">
            <SpaceBetween size="s">
              <Box>Already have an artist account? Sign in as {invitation.email} to accept.</Box>
              <Button
                href={`/signin?redirect=${encodeURIComponent(`/artist_invitations/${token}`)}`}
                data-testid="portal-invitation-sign-in"
              >
                Sign in to accept
              </Button>
            </SpaceBetween>
            <SetUpArtistAccount path={path} />
          </SpaceBetween>
        )}
      </SpaceBetween>
    </AuthCard>
  );
}
