import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { ulid } from 'ulid';
import type {
  PortalInvitation,
  PortalInvitationView,
  PortalLink,
  PortalUser,
} from '../../shared/schemas/artist-portal.js';
import {
  acceptPortalInvitation,
  acceptPortalInvitationAsNewUser,
  artistOf,
  companyName,
  createPortalInvitation,
  createPortalLink,
  deletePortalInvitation,
  portalInvitation,
  portalInvitationsOfArtist,
  payeeOf,
  portalLinksOf,
  revokePortalLink,
  unlinkUser,
  usersOfArtist,
} from '../data/access/artist-portal.js';
import { findUserByEmail, getUsers } from '../data/access/users.js';
import type { ArtistPortalInvitationItem, ArtistPortalLinkItem } from '../data/entities/artist-user.js';
import { ensureLogin, setPassword } from '../auth/identity.js';
import type { Caller } from '../lib/auth-context.js';
import { Conflict, Forbidden, NotFound } from '../lib/errors.js';
import { appLink, sendMail } from '../lib/mail.js';
import { required } from '../lib/required.js';
import { tokenHashOf, type LinkAccount } from './scope.js';

/**
 * The label's side of the artist portal (tenant routes on an artist or a payee): the artist users linked
 * to an artist, and the token links of an artist or a payee. The artist or payee must be the company's
 * (404 otherwise).
 */

/** How long a token link works (docs/artist-portal.md). */
const LINK_DAYS = 30;

const PORTAL_MESSAGES = {
  invitationSent: 'Invitation Sent',
  invitationWithdrawn: 'Invitation Withdrawn',
  userRemoved: 'Artist User Removed',
  invalid: 'This invitation is invalid or has expired',
  staffAccount:
    'This e-mail belongs to a company team account, which cannot become an artist portal account; ask the label to invite another address',
  otherAddress: 'This invitation was sent to another e-mail address; sign in with that address to accept it',
  hasAccount: 'You already have an account: sign in to accept the invitation',
} as const;

async function companyArtist(tenantId: string, artistId: string) {
  const artist = await artistOf(tenantId, artistId);
  if (!artist) throw new NotFound('Artist');
  return artist;
}

const INVITATION_DAYS = 7;

const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');
const isPending = (i: ArtistPortalInvitationItem, now = Date.now()) => !i.acceptedAt && i.expiresAt * 1000 > now;

const presentInvitation = (i: ArtistPortalInvitationItem): PortalInvitation => ({
  id: i.invitationId,
  email: i.email,
  name: i.name,
  status: 'invited',
  invited_at: i.createdAt ?? '',
  expires_at: new Date(i.expiresAt * 1000).toISOString(),
});

/** The artist's attached users and its pending invitations (the address and name the label typed, nothing more). */
export async function listPortalUsers(
  tenantId: string,
  artistId: string,
): Promise<{ users: PortalUser[]; invitations: PortalInvitation[] }> {
  await companyArtist(tenantId, artistId);
  const [links, invitations] = await Promise.all([
    usersOfArtist(tenantId, artistId),
    portalInvitationsOfArtist(tenantId, artistId),
  ]);
  const users = new Map((await getUsers(links.map((l) => l.userId))).map((u) => [u.userId, u]));
  return {
    users: links.flatMap((link) => {
      const user = users.get(link.userId);
      if (!user) return [];
      const confirmed = user.confirmed !== false;
      return [{ user_id: user.userId, email: user.email, name: user.name, confirmed, linked_at: link.createdAt ?? '' }];
    }),
    invitations: invitations.filter((i) => isPending(i)).map(presentInvitation),
  };
}

/**
 * Invites an e-mail to an artist's portal. Nothing about the address is looked up: the answer is the same
 * whether it has no account, an artist account (of this company or another) or a team account, so the route
 * tells nobody who has an account, and no account is made, so the person's own sign-up is never blocked.
 * The invitee attaches the artist themselves from the mailed link (acceptPortalUserInvitation).
 */
export async function addPortalUser(
  tenantId: string,
  artistId: string,
  input: { email: string; name: string },
  invitedBy: string,
) {
  const artist = await companyArtist(tenantId, artistId);
  const invitationId = ulid();
  const secret = randomBytes(32).toString('base64url');
  const invitation = {
    invitationId,
    secretHash: hashOf(secret),
    companyId: tenantId,
    artistId,
    email: input.email,
    name: input.name,
    invitedBy,
    expiresAt: Math.floor(Date.now() / 1000) + INVITATION_DAYS * 24 * 60 * 60,
  };
  await createPortalInvitation(invitation);
  const [company, [inviter]] = await Promise.all([companyName(tenantId), getUsers([invitedBy])]);
  // The invitee learns who asks, and for which label, before following a link from a stranger's mail.
  const who = [inviter?.name || inviter?.email, company].filter(Boolean).join(' of ') || 'A label';
  await sendMail({
    to: input.email,
    // In the label's name; a question about the invitation goes to whoever sent it.
    ...(company ? { sender: { name: company, replyTo: inviter?.email } } : {}),
    subject: `${who} invited you to the artist portal of ${artist.name}`,
    text:
      `Hello ${input.name},\n\n${who} invited you to see ${artist.name}'s releases, earnings and statements. ` +
      'Open this link to accept: if you have no account yet you will choose a password; if you already have an ' +
      `artist account, sign in:\n${appLink(`/artist_invitations/${invitationId}.${secret}`)}\n\n` +
      `The link is valid for ${INVITATION_DAYS} days.`,
  });
  const stored = required(await portalInvitation(invitationId), 'the invitation just written');
  return { message: PORTAL_MESSAGES.invitationSent, invitation: presentInvitation(stored) };
}

/** The label withdraws a pending invitation of its artist; anything else is 404. */
export async function withdrawPortalInvitation(tenantId: string, artistId: string, invitationId: string) {
  await companyArtist(tenantId, artistId);
  const found = await portalInvitation(invitationId);
  if (!found || found.companyId !== tenantId || found.artistId !== artistId || !isPending(found)) {
    throw new NotFound('Invitation');
  }
  await deletePortalInvitation(invitationId);
  return { message: PORTAL_MESSAGES.invitationWithdrawn };
}

/** A pending invitation named by its mailed token `{invitationId}.{secret}`; anything else is one 404. */
async function pendingInvitation(token: string): Promise<ArtistPortalInvitationItem> {
  const [invitationId, secret] = token.split('.', 2);
  const found = invitationId ? await portalInvitation(invitationId) : null;
  if (!found || !isPending(found) || !secret || !sameHash(hashOf(secret), found.secretHash)) {
    throw NotFound.saying(PORTAL_MESSAGES.invalid);
  }
  return found;
}

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/** The public page of the mailed link: which artist, which label, which address it was sent to. */
export async function describePortalInvitation(token: string): Promise<{ invitation: PortalInvitationView }> {
  const invitation = await pendingInvitation(token);
  const [artist, company] = await Promise.all([
    artistOf(invitation.companyId, invitation.artistId),
    companyName(invitation.companyId),
  ]);
  return {
    invitation: {
      artist_name: artist?.name ?? '',
      company_name: company ?? '',
      email: invitation.email,
      expires_at: new Date(invitation.expiresAt * 1000).toISOString(),
    },
  };
}

const accepted = (invitation: ArtistPortalInvitationItem) => ({
  artist_id: invitation.artistId,
  message: 'The artist was added to your artist portal',
});

/**
 * A signed-in invitee accepts. Only an artist account may: a company member's (or an admin's) login reads
 * every artist's money and must never turn into one artist's, as an artist account never joins a team.
 * The invitation is spent in the same transaction that attaches, so racing acceptances attach once.
 */
export async function acceptPortalUserInvitation(caller: Caller, token: string) {
  const invitation = await pendingInvitation(token);
  if (caller.user.role !== 'artist_user') throw new Forbidden(PORTAL_MESSAGES.staffAccount);
  if (caller.user.email.toLowerCase() !== invitation.email) throw new Forbidden(PORTAL_MESSAGES.otherAddress);
  await acceptPortalInvitation(invitation, caller.user.userId);
  return accepted(invitation);
}

/**
 * A new address sets its first password from the link: the artist account is created, confirmed and attached
 * in one transaction with the invitation spent; the Cognito password is set only after that write succeeded,
 * so a refused or losing request leaves nothing behind but an unused login without a password.
 */
export async function setUpPortalAccount(token: string, password: string) {
  const invitation = await pendingInvitation(token);
  const existing = await findUserByEmail(invitation.email);
  if (existing && existing.role !== 'artist_user') {
    throw new Conflict(PORTAL_MESSAGES.staffAccount, { password: [PORTAL_MESSAGES.staffAccount] });
  }
  if (existing) throw new Conflict(PORTAL_MESSAGES.hasAccount, { password: [PORTAL_MESSAGES.hasAccount] });
  const { sub } = await ensureLogin(invitation.email);
  const user = { userId: ulid(), email: invitation.email, name: invitation.name, role: 'artist_user' as const };
  await acceptPortalInvitationAsNewUser(invitation, { ...user, confirmed: true }, sub);
  await setPassword(invitation.email, password);
  return { email: invitation.email, ...accepted(invitation) };
}

export async function removePortalUser(tenantId: string, artistId: string, userId: string) {
  await companyArtist(tenantId, artistId);
  const linked = (await usersOfArtist(tenantId, artistId)).some((l) => l.userId === userId);
  if (!linked) throw new NotFound('Artist user');
  await unlinkUser(userId, tenantId, artistId);
  return { message: PORTAL_MESSAGES.userRemoved };
}

const presentLink = (link: ArtistPortalLinkItem): PortalLink => ({
  id: link.linkId,
  hint: link.tokenHint,
  expires_at: link.expiresAt,
  revoked_at: link.revokedAt ?? null,
  created_at: link.createdAt ?? '',
});

/** What the label reads of each kind of account's links, and the page a link opens. */
const LINKS = {
  Artist: { page: 'artists', created: 'Artist Link Created', revoked: 'Artist Link Revoked', missing: 'Artist link' },
  Payee: { page: 'payees', created: 'Payee Link Created', revoked: 'Payee Link Revoked', missing: 'Payee link' },
} as const;

/** The company's artist or payee a link is for; another company's, or none, is 404. */
async function linkHolder(tenantId: string, account: LinkAccount) {
  if (account.type === 'Artist') await companyArtist(tenantId, account.id);
  else if (!(await payeeOf(tenantId, account.id))) throw new NotFound('Payee');
}

export async function listPortalLinks(tenantId: string, account: LinkAccount): Promise<{ links: PortalLink[] }> {
  await linkHolder(tenantId, account);
  return { links: (await portalLinksOf(tenantId, account)).map(presentLink) };
}

/** Makes a token link; the answer holds the whole URL this once (only the token's hash is stored). */
export async function createLink(tenantId: string, account: LinkAccount, createdBy: string, now = new Date()) {
  await linkHolder(tenantId, account);
  const token = randomBytes(32).toString('base64url');
  const link = {
    tokenHash: tokenHashOf(token),
    linkId: ulid(),
    companyId: tenantId,
    accountType: account.type,
    accountId: account.id,
    tokenHint: token.slice(-4),
    expiresAt: new Date(now.getTime() + LINK_DAYS * 24 * 60 * 60 * 1000).toISOString(),
    createdBy,
  };
  await createPortalLink(link);
  const url = appLink(`/${LINKS[account.type].page}/${encodeURIComponent(account.id)}?token=${token}`);
  return { message: LINKS[account.type].created, link: presentLink(link), url, token };
}

export async function revokeLink(tenantId: string, account: LinkAccount, linkId: string) {
  await linkHolder(tenantId, account);
  const link = (await portalLinksOf(tenantId, account)).find((l) => l.linkId === linkId);
  if (!link) throw new NotFound(LINKS[account.type].missing);
  if (!link.revokedAt) await revokePortalLink(link.tokenHash, new Date().toISOString());
  return { message: LINKS[account.type].revoked };
}
