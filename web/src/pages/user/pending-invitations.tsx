import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { humanizeField } from '../../../../shared/messages';
import type { InvitationView } from '../../../../shared/schemas/onboarding';
import type { CompanySummary } from '../../../../shared/schemas/user-views';
import { api } from '../../app/api';
import { notify, notifyError } from '../../app/notifications';
import { useApi } from '../../app/resources';
import { enterCompany } from '../../app/session';

type Pending = InvitationView & { id: string };

/** Accepting an invitation: the membership is added, the company selected, and the dashboard shows it. */
export async function acceptInvitation(token: string): Promise<void> {
  const { company, message } = await api.post<{ company: CompanySummary; message: string }>(
    `/invitations/${encodeURIComponent(token)}/accept`,
  );
  await enterCompany({ id: company.id, name: company.name, tags: company.tags, distributed: company.distributed });
  notify('notification', message);
}

/** The signed-in user's pending invitations (GET /invitations), each to accept or decline; nothing when none. */
export function PendingInvitations() {
  const navigate = useNavigate();
  const { data, mutate } = useApi<{ invitations: Pending[] }>('/invitations');
  const [busy, setBusy] = useState<string | null>(null);
  const invitations = data?.invitations ?? [];
  if (!invitations.length) return null;
  const answer = async (id: string, accept: boolean) => {
    setBusy(id);
    try {
      if (accept) {
        await acceptInvitation(id);
        navigate('/user', { replace: true });
      } else {
        notify('notification', (await api.post<{ message: string }>(`/invitations/${id}/decline`)).message);
      }
      await mutate();
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Container
      header={
        <Header variant="h2" counter={`(${invitations.length})`}>
          Invitations
        </Header>
      }
      data-testid="pending-invitations"
    >
      <SpaceBetween size="s">
        {invitations.map((i) => (
          <SpaceBetween key={i.id} direction="horizontal" size="s" alignItems="center">
            <Box data-testid={`invitation-${i.id}`}>
              <b>{i.company_name}</b>: {i.inviter_name} invited you as {humanizeField(i.role)}
            </Box>
            <Button
              variant="primary"
              loading={busy === i.id}
              onClick={() => void answer(i.id, true)}
              data-testid={`invitation-accept-${i.id}`}
            >
              Accept
            </Button>
            <Button disabled={busy === i.id} onClick={() => void answer(i.id, false)}>
              Decline
            </Button>
          </SpaceBetween>
        ))}
      </SpaceBetween>
    </Container>
  );
}
