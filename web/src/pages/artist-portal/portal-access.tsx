import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import CopyToClipboard from '@cloudscape-design/components/copy-to-clipboard';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useState } from 'react';
import { ApiError, api } from '../../app/api';
import { notify, notifyError } from '../../app/notifications';
import { useApi } from '../../app/resources';
import type { PortalInvitation, PortalLink, PortalUser } from '../../../../shared/schemas/artist-portal';
import { usePermits } from '../../app/use-may-open';
import { formatDate } from '../../../../shared/format';

const enc = encodeURIComponent;
/** A day the API stored (a timestamp's day), as the pages show days: "7th Dec 2026". */
const date = (iso: string | null) => (iso ? formatDate(iso.slice(0, 10)) : '-');

/** Invite an artist user by e-mail; the server's field errors stay beside their fields. */
function InviteForm({ base, onDone }: { base: string; onDone: () => void }) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  const invite = async () => {
    setBusy(true);
    setErrors({});
    try {
      const answer = await api.post<{ message: string }>(`${base}/portal_users`, { name, email });
      notify('notification', answer.message);
      setName('');
      setEmail('');
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.errors) setErrors(error.errors);
      else notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <SpaceBetween direction="horizontal" size="s" alignItems="end">
      <FormField label="Name" errorText={errors.name?.join(', ')}>
        <Input value={name} onChange={({ detail }) => setName(detail.value)} data-testid="portal-invite-name" />
      </FormField>
      <FormField label="E-mail" errorText={errors.email?.join(', ')}>
        <Input
          type="email"
          value={email}
          onChange={({ detail }) => setEmail(detail.value)}
          data-testid="portal-invite-email"
        />
      </FormField>
      <Button onClick={() => void invite()} loading={busy} data-testid="portal-invite">
        Invite artist user
      </Button>
    </SpaceBetween>
  );
}

/**
 * Attached users and pending invitations in one list: an invitation shows the address and name the label typed,
 * until the invitee accepts it from the mail.
 */
function portalRows(data: { users: PortalUser[]; invitations?: PortalInvitation[] } | undefined) {
  const users = (data?.users ?? []).map((u) => ({
    key: `user-${u.user_id}`,
    name: u.name,
    email: u.email,
    status: 'Active',
    since: u.linked_at,
    invited: false,
    path: `/portal_users/${enc(u.user_id)}`,
  }));
  const invited = (data?.invitations ?? []).map((i) => ({
    key: `invitation-${i.id}`,
    name: i.name || '-',
    email: i.email,
    status: `Invited (until ${date(i.expires_at)})`,
    since: i.invited_at,
    invited: true,
    path: `/portal_invitations/${enc(i.id)}`,
  }));
  return [...users, ...invited];
}

/**
 * An account's token links (an artist's or a payee's): Make a link shows the whole link once, with a copy button;
 * the links are listed by their last four characters, with their expiry, and may be revoked. Making and revoking
 * need money rights (the link opens the account's statements): without them the list is shown, not the controls.
 */
function PortalLinks({ base, opens, sendTo }: { base: string; opens: string; sendTo: string }) {
  const links = useApi<{ links: PortalLink[] }>(`${base}/portal_links`);
  const [made, setMade] = useState<string | null>(null);
  const mayGrant = usePermits('money.write');
  const act = async (run: () => Promise<{ message: string }>) => {
    try {
      notify('notification', (await run()).message);
      await links.mutate();
    } catch (error) {
      notifyError(error);
    }
  };
  const makeLink = () =>
    act(async () => {
      const answer = await api.post<{ message: string; url: string }>(`${base}/portal_link`);
      setMade(answer.url);
      return answer;
    });
  return (
    <SpaceBetween size="l">
      <Table
        data-testid="portal-links"
        variant="embedded"
        header={
          <Header
            variant="h3"
            description={`A link opens ${opens} without an account; it works 30 days`}
            actions={
              mayGrant ? (
                <Button onClick={() => void makeLink()} data-testid="portal-make-link">
                  Make a link
                </Button>
              ) : undefined
            }
          >
            Links
          </Header>
        }
        items={links.data?.links ?? []}
        loading={links.isLoading}
        trackBy="id"
        columnDefinitions={[
          { id: 'hint', header: 'Link', cell: (l) => `…${l.hint}` },
          { id: 'made', header: 'Made', cell: (l) => date(l.created_at) },
          { id: 'expires', header: 'Expires', cell: (l) => date(l.expires_at) },
          { id: 'state', header: 'State', cell: (l) => (l.revoked_at ? `Revoked ${date(l.revoked_at)}` : 'Active') },
          ...(mayGrant
            ? [
                {
                  id: 'revoke',
                  header: 'Actions',
                  cell: (l: PortalLink) =>
                    l.revoked_at ? null : (
                      <Button
                        variant="inline-link"
                        data-testid="portal-revoke-link"
                        onClick={() => void act(() => api.delete(`${base}/portal_links/${enc(l.id)}`))}
                      >
                        Revoke
                      </Button>
                    ),
                },
              ]
            : []),
        ]}
        empty={<Box color="text-body-secondary">No links yet.</Box>}
      />
      {made ? (
        <Alert
          type="success"
          header={`Send this link to ${sendTo}: it is shown only now`}
          dismissible
          onDismiss={() => setMade(null)}
        >
          <CopyToClipboard
            variant="inline"
            textToCopy={made}
            copyButtonAriaLabel="Copy the link"
            copySuccessText="Link copied"
            copyErrorText="Could not copy the link"
          />
        </Alert>
      ) : null}
    </SpaceBetween>
  );
}

/**
 * The artist page's "Artist portal" panel (docs/artist-portal.md): who of the artist signs
 * in to the artist dashboard, and token links to the artist's page. Granting or withdrawing
 * either needs money rights (the portal shows earnings and statements).
 */
export function ArtistPortalAccess({ artistId }: { artistId: string }) {
  const base = `/artists/${enc(artistId)}`;
  const users = useApi<{ users: PortalUser[]; invitations: PortalInvitation[] }>(`${base}/portal_users`);
  // Granting or withdrawing sight of the artist's earnings is money.write (POST /artists/{id}/portal_users,
  // /portal_link, DELETE …): a member without it sees who has access and the links, not the controls.
  const mayGrant = usePermits('money.write');
  const act = async (run: () => Promise<{ message: string }>) => {
    try {
      notify('notification', (await run()).message);
      await users.mutate();
    } catch (error) {
      notifyError(error);
    }
  };
  return (
    <Container
      data-testid="artist-portal-access"
      header={
        <Header variant="h2" description="The artist sees their releases, earnings, balance and statements">
          Artist portal
        </Header>
      }
    >
      <SpaceBetween size="l">
        <Table
          data-testid="portal-users"
          variant="embedded"
          header={<Header variant="h3">Artist users</Header>}
          items={portalRows(users.data)}
          loading={users.isLoading}
          trackBy="key"
          columnDefinitions={[
            { id: 'name', header: 'Name', cell: (u) => u.name },
            { id: 'email', header: 'E-mail', cell: (u) => u.email },
            { id: 'state', header: 'Status', cell: (u) => u.status },
            { id: 'since', header: 'Since', cell: (u) => date(u.since) },
            ...(mayGrant
              ? [
                  {
                    id: 'remove',
                    header: 'Actions',
                    cell: (u: ReturnType<typeof portalRows>[number]) => (
                      <Button
                        variant="inline-link"
                        data-testid={u.invited ? 'portal-withdraw' : 'portal-remove'}
                        onClick={() => void act(() => api.delete(`${base}${u.path}`))}
                      >
                        {u.invited ? 'Withdraw invitation' : 'Remove'}
                      </Button>
                    ),
                  },
                ]
              : []),
          ]}
          empty={<Box color="text-body-secondary">Nobody signs in for this artist yet.</Box>}
        />
        {mayGrant ? <InviteForm base={base} onDone={() => void users.mutate()} /> : null}
        <PortalLinks base={base} opens="the artist's profile and statements" sendTo="the artist" />
      </SpaceBetween>
    </Container>
  );
}

/**
 * The payee page's "Payee portal" panel (docs/artist-portal.md, "Payees by link"): token links to the payee's own
 * balance and statements, for a payee who is not an artist (a producer, a co-writer, an estate).
 */
export function PayeePortalAccess({ payeeId }: { payeeId: string }) {
  return (
    <Container
      data-testid="payee-portal-access"
      header={
        <Header variant="h2" description="The payee sees their balance and statements, and downloads them">
          Payee portal
        </Header>
      }
    >
      <PortalLinks base={`/payees/${enc(payeeId)}`} opens="the payee's balance and statements" sendTo="the payee" />
    </Container>
  );
}
