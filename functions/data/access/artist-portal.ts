import type { ArtistItem, PayeeItem, ReleaseItem } from '../entities/catalogue.js';
import {
  linkAccountType,
  type ArtistPortalInvitationItem,
  type ArtistPortalLinkItem,
  type ArtistUserItem,
} from '../entities/artist-user.js';
import type { CreateUser } from '../entities/user.js';
import { getDb } from '../service.js';
import { writeTransaction } from '../transaction.js';

/**
 * The artist portal's reads and writes (docs/artist-portal.md): artist users' links to
 * artists, token links, and the few catalogue reads the portal shows. Domain code in
 * functions/artist-portal calls these; the portal's routes reach them only through its scope.
 */
const db = () => getDb().entities;

/** The artists a user is linked to, in every company. */
export async function linksOfUser(userId: string): Promise<ArtistUserItem[]> {
  return (await db().ArtistUser.query.byUser({ userId }).go({ pages: 'all' })).data;
}

/** The users linked to one artist of a company. */
export async function usersOfArtist(companyId: string, artistId: string): Promise<ArtistUserItem[]> {
  return (await db().ArtistUser.query.byArtist({ companyId, artistId }).go({ pages: 'all' })).data;
}

export async function unlinkUser(userId: string, companyId: string, artistId: string): Promise<void> {
  await db().ArtistUser.delete({ userId, companyId, artistId }).go();
}

export async function createPortalInvitation(
  invitation: Omit<ArtistPortalInvitationItem, 'createdAt' | 'acceptedAt'>,
): Promise<void> {
  await db().ArtistPortalInvitation.create(invitation).go();
}

export async function portalInvitation(invitationId: string): Promise<ArtistPortalInvitationItem | null> {
  return (await db().ArtistPortalInvitation.get({ invitationId }).go()).data;
}

/** Every invitation to an artist, accepted and expired ones included (callers keep the pending ones). */
export async function portalInvitationsOfArtist(companyId: string, artistId: string) {
  return (await db().ArtistPortalInvitation.query.byArtist({ companyId, artistId }).go({ pages: 'all' })).data;
}

export async function deletePortalInvitation(invitationId: string): Promise<void> {
  await db().ArtistPortalInvitation.delete({ invitationId }).go();
}

const SPENT = 'This invitation has already been accepted or withdrawn';
const LINKED = 'Your account is already linked to this artist';

/**
 * A signed-in artist user accepts: the invitation is marked accepted (only while it is still there and not
 * accepted, so a withdrawn or spent token changes nothing) and the artist is attached, all or nothing.
 */
export async function acceptPortalInvitation(invitation: ArtistPortalInvitationItem, userId: string) {
  await writeTransaction(
    ({ ArtistPortalInvitation, ArtistUser }) => [
      ArtistPortalInvitation.patch({ invitationId: invitation.invitationId })
        .set({ acceptedAt: new Date().toISOString(), acceptedBy: userId })
        .where(({ acceptedAt }, { notExists }) => notExists(acceptedAt))
        .commit(),
      ArtistUser.create(attachment(invitation, userId)).commit(),
    ],
    { 0: { message: SPENT }, 1: { message: LINKED } },
  );
}

const attachment = (invitation: ArtistPortalInvitationItem, userId: string) => ({
  userId,
  companyId: invitation.companyId,
  artistId: invitation.artistId,
  createdBy: invitation.invitedBy,
});

/**
 * A new address sets its first password from the invitation: the artist account (with its e-mail guard) is
 * created confirmed, its Cognito subject linked, the invitation spent and the artist attached, all or nothing.
 * Two racing set-ups of one token: one wins, the other fails on the spent invitation and creates nothing.
 */
export async function acceptPortalInvitationAsNewUser(
  invitation: ArtistPortalInvitationItem,
  user: CreateUser,
  sub: string,
) {
  await writeTransaction(
    ({ ArtistPortalInvitation, ArtistUser, User, UniqueValue, UserLogin }) => [
      ArtistPortalInvitation.patch({ invitationId: invitation.invitationId })
        .set({ acceptedAt: new Date().toISOString(), acceptedBy: user.userId })
        .where(({ acceptedAt }, { notExists }) => notExists(acceptedAt))
        .commit(),
      ArtistUser.create(attachment(invitation, user.userId)).commit(),
      User.create(user).commit(),
      UniqueValue.create({ scope: 'email', value: user.email, ownerId: user.userId }).commit(),
      UserLogin.put({ sub, userId: user.userId }).commit(),
    ],
    {
      0: { message: SPENT },
      3: { message: 'You already have an account: sign in to accept the invitation', field: 'password' },
    },
  );
}

export async function createPortalLink(link: Omit<ArtistPortalLinkItem, 'createdAt'>): Promise<void> {
  await db().ArtistPortalLink.create(link).go();
}

/** A token link by the hash of its token. */
export async function portalLinkByHash(tokenHash: string): Promise<ArtistPortalLinkItem | null> {
  return (await db().ArtistPortalLink.get({ tokenHash }).go()).data;
}

/** The token links of one account (an artist or a payee) of a company, newest first. */
export async function portalLinksOf(
  companyId: string,
  account: { type: 'Artist' | 'Payee'; id: string },
): Promise<ArtistPortalLinkItem[]> {
  const links = (await db().ArtistPortalLink.query.byAccount({ companyId, accountId: account.id }).go({ pages: 'all' }))
    .data;
  return links.filter((link) => linkAccountType(link) === account.type).reverse();
}

export async function revokePortalLink(tokenHash: string, revokedAt: string): Promise<void> {
  await db().ArtistPortalLink.patch({ tokenHash }).set({ revokedAt }).go();
}

/** One payee of a company, or null (another company's is not found). */
export async function payeeOf(companyId: string, payeeId: string): Promise<PayeeItem | null> {
  return (await db().Payee.get({ tenantId: companyId, id: payeeId }).go()).data;
}

/** One artist of a company, or null (another company's is not found). */
export async function artistOf(companyId: string, artistId: string): Promise<ArtistItem | null> {
  return (await db().Artist.get({ tenantId: companyId, id: artistId }).go()).data;
}

export async function artistsOf(keys: readonly { companyId: string; artistId: string }[]): Promise<ArtistItem[]> {
  if (!keys.length) return [];
  const found = await db()
    .Artist.get(keys.map((k) => ({ tenantId: k.companyId, id: k.artistId })))
    .go();
  return found.data;
}

type Row = { artist_id?: unknown; recording_id?: unknown };
const rowList = (rows: unknown): Row[] => (Array.isArray(rows) ? (rows as Row[]) : []);
const hasArtist = (rows: unknown, artistId: string) => rowList(rows).some((row) => row.artist_id === artistId);

const RELEASE_FIELDS = [
  'id',
  'title',
  'version',
  'upc',
  'cat_no',
  'status',
  'release_date',
  'display_artists',
  'label_id',
  'artist_releases',
  'release_recordings',
] as const;

/**
 * The company's releases the artist is on: as a release artist, or as the artist of one of
 * its tracks (a recording's artist_recordings). Reads the company's releases and recordings.
 */
export async function releasesOfArtist(companyId: string, artistId: string): Promise<Partial<ReleaseItem>[]> {
  const [releases, recordings] = await Promise.all([
    db()
      .Release.query.byTenant({ tenantId: companyId })
      .go({ pages: 'all', attributes: [...RELEASE_FIELDS] }),
    db()
      .Recording.query.byTenant({ tenantId: companyId })
      .go({ pages: 'all', attributes: ['id', 'artist_recordings'] }),
  ]);
  const tracks = new Set(recordings.data.filter((r) => hasArtist(r.artist_recordings, artistId)).map((r) => r.id));
  return releases.data.filter(
    (release) =>
      hasArtist(release.artist_releases, artistId) ||
      rowList(release.release_recordings).some((row) => tracks.has(String(row.recording_id ?? ''))),
  );
}

/** Names of a company and of labels, for the portal's pages. */
export async function companyName(companyId: string): Promise<string | null> {
  return (
    (
      await db()
        .Company.get({ companyId })
        .go({ attributes: ['name'] })
    ).data?.name ?? null
  );
}
