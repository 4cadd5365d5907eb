import { randomBytes } from 'node:crypto';
import { ulid } from 'ulid';
import type { PortalLink, PortalUser } from '../../shared/schemas/artist-portal.js';
import {
  artistOf,
  createPortalLink,
  linkUser,
  portalLinksOfArtist,
  revokePortalLink,
  unlinkUser,
  usersOfArtist,
} from '../data/access/artist-portal.js';
import { findUserByEmail, getUsers } from '../data/access/users.js';
import type { ArtistPortalLinkItem } from '../data/entities/artist-user.js';
import { createUnconfirmedUser } from '../auth/accounts.js';
import { Conflict, NotFound } from '../lib/errors.js';
import { appLink } from '../lib/mail.js';
import { tokenHashOf } from './scope.js';

/**
 * The label's side of the artist portal (tenant routes on an artist): the artist users linked
 * to an artist, and its token links. The artist must be the company's (404 otherwise).
 */

/** How long a token link works (docs/artist-portal.md). */
const LINK_DAYS = 30;

const PORTAL_MESSAGES = {
  userAdded: 'Artist User Added',
  userRemoved: 'Artist User Removed',
  linkCreated: 'Artist Link Created',
  linkRevoked: 'Artist Link Revoked',
  notArtistAccount: 'This e-mail belongs to an account that is not an artist account',
  alreadyLinked: 'This e-mail is already linked to this artist',
} as const;

async function companyArtist(tenantId: string, artistId: string) {
  const artist = await artistOf(tenantId, artistId);
  if (!artist) throw new NotFound('Artist');
  return artist;
}

export async function listPortalUsers(tenantId: string, artistId: string): Promise<{ users: PortalUser[] }> {
  await companyArtist(tenantId, artistId);
  const links = await usersOfArtist(tenantId, artistId);
  const users = new Map((await getUsers(links.map((l) => l.userId))).map((u) => [u.userId, u]));
  return {
    users: links.flatMap((link) => {
      const user = users.get(link.userId);
      if (!user) return [];
      const confirmed = user.confirmed !== false;
      return [{ user_id: user.userId, email: user.email, name: user.name, confirmed, linked_at: link.createdAt ?? '' }];
    }),
  };
}

/**
 * Invites an artist user: a new e-mail gets an unconfirmed artist_user account and the mail that
 * sets its password; an existing artist user is linked to one more artist. Any other account is
 * refused: a company member's login never turns into an artist's.
 */
export async function addPortalUser(
  tenantId: string,
  artistId: string,
  input: { email: string; name: string },
  invitedBy: string,
) {
  await companyArtist(tenantId, artistId);
  const existing = await findUserByEmail(input.email);
  if (existing && existing.role !== 'artist_user') {
    throw new Conflict(PORTAL_MESSAGES.notArtistAccount, { email: [PORTAL_MESSAGES.notArtistAccount] });
  }
  const userId = existing?.userId ?? (await createUnconfirmedUser({ ...input, role: 'artist_user' }, 'invite')).userId;
  if (!(await linkUser({ userId, companyId: tenantId, artistId, createdBy: invitedBy }))) {
    throw new Conflict(PORTAL_MESSAGES.alreadyLinked, { email: [PORTAL_MESSAGES.alreadyLinked] });
  }
  return { message: PORTAL_MESSAGES.userAdded, ...(await listPortalUsers(tenantId, artistId)) };
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

export async function listPortalLinks(tenantId: string, artistId: string): Promise<{ links: PortalLink[] }> {
  await companyArtist(tenantId, artistId);
  return { links: (await portalLinksOfArtist(tenantId, artistId)).map(presentLink) };
}

/** Makes a token link; the answer holds the whole URL this once (only the token's hash is stored). */
export async function createLink(tenantId: string, artistId: string, createdBy: string, now = new Date()) {
  await companyArtist(tenantId, artistId);
  const token = randomBytes(32).toString('base64url');
  const link = {
    tokenHash: tokenHashOf(token),
    linkId: ulid(),
    companyId: tenantId,
    artistId,
    tokenHint: token.slice(-4),
    expiresAt: new Date(now.getTime() + LINK_DAYS * 24 * 60 * 60 * 1000).toISOString(),
    createdBy,
  };
  await createPortalLink(link);
  const url = appLink(`/artists/${encodeURIComponent(artistId)}?token=${token}`);
  return { message: PORTAL_MESSAGES.linkCreated, link: presentLink(link), url, token };
}

export async function revokeLink(tenantId: string, artistId: string, linkId: string) {
  await companyArtist(tenantId, artistId);
  const link = (await portalLinksOfArtist(tenantId, artistId)).find((l) => l.linkId === linkId);
  if (!link) throw new NotFound('Artist link');
  if (!link.revokedAt) await revokePortalLink(link.tokenHash, new Date().toISOString());
  return { message: PORTAL_MESSAGES.linkRevoked };
}
