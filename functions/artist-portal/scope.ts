import { accountKeyOf } from '../money/index.js';
import { createHash } from 'node:crypto';
import type { AccountRef } from '../../shared/schemas/statement-views.js';
import { statementsOfAccount } from '../data/access/accounts.js';
import { artistOf, linksOfUser, portalLinkByHash } from '../data/access/artist-portal.js';
import type { ArtistItem } from '../data/entities/catalogue.js';
import type { StatementItem } from '../data/entities/statements.js';
import type { Caller } from '../lib/auth-context.js';
import { Forbidden, InvalidField, NotFound } from '../lib/errors.js';

/**
 * The artist portal's one scope (docs/artist-portal.md). Every artist_user route and every
 * token route reads through here: an artist user reaches the artists they are linked to, a token
 * the one artist it was made for, and nothing else. What the portal reads of an artist (releases,
 * earnings, balance, statements) takes a `ScopedArtist`, which only this module makes, so a route
 * cannot name an artist, account or statement it was not given.
 */

/** One artist of one company a caller may see. */
export type ArtistLink = { companyId: string; artistId: string };

declare const scoped: unique symbol;
/** An artist the scope let through, with its stored record; made only by this module. */
export type ScopedArtist = ArtistLink & { readonly artist: ArtistItem; readonly [scoped]: true };

export const LINK_REFUSED = 'This link has expired or was revoked: ask your label for a new one';

/** The artists an artist user is linked to (in every company). */
export async function artistScope(caller: Caller): Promise<{ links: ArtistLink[] }> {
  if (caller.user.role !== 'artist_user') return { links: [] };
  const links = await linksOfUser(caller.user.userId);
  return { links: links.map(({ companyId, artistId }) => ({ companyId, artistId })) };
}

async function admitted(link: ArtistLink | undefined): Promise<ScopedArtist> {
  const artist = link && (await artistOf(link.companyId, link.artistId));
  // Not linked, or the artist is gone: the same 404 either way, so ids of other artists reveal nothing.
  if (!link || !artist) throw new NotFound('Artist');
  return { ...link, artist } as ScopedArtist;
}

/** The artist named in an artist user's path, if linked to them; 404 otherwise. */
export async function scopedArtist(caller: Caller, artistId: string): Promise<ScopedArtist> {
  const { links } = await artistScope(caller);
  return admitted(links.find((link) => link.artistId === artistId));
}

/** The hash a token link is stored under (the token itself is never stored). */
export const tokenHashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The artist of a token link: the token must be the artist's (404 otherwise, whether the token
 * is unknown or another artist's), unexpired and not revoked (403).
 */
export async function tokenArtist(token: string | undefined, artistId: string, now = new Date()) {
  if (!token) throw new InvalidField('token', 'The link has no token: open the whole link your label sent');
  const link = await portalLinkByHash(tokenHashOf(token));
  if (!link || link.artistId !== artistId) throw new NotFound('Artist');
  if (link.revokedAt || link.expiresAt <= now.toISOString()) throw new Forbidden(LINK_REFUSED);
  return admitted({ companyId: link.companyId, artistId: link.artistId });
}

/**
 * The accounts an artist's money goes to, as the statements engine splits it
 * (statements/engine/sums.ts artistAccounts): the artist's own, and its active members' payees.
 */
export function artistAccounts(scope: ScopedArtist): AccountRef[] {
  const payees = (scope.artist.artist_members ?? [])
    .filter((m) => m.active !== false && m.payee_id)
    .map((m): AccountRef => ({ type: 'Payee', id: String(m.payee_id) }));
  const unique = new Map(
    [{ type: 'Artist', id: scope.artistId } as AccountRef, ...payees].map((a) => [accountKeyOf(a), a]),
  );
  return [...unique.values()];
}

const periodKey = (s: StatementItem) => `${s.end_pay_period}${String(s.version).padStart(6, '0')}`;
const isPublished = (s: StatementItem) => s.type === 'Statement' && (s.queue_status ?? 'published') === 'published';

/** The published statements of the artist's accounts (every version), newest period first. */
export async function artistStatements(scope: ScopedArtist): Promise<StatementItem[]> {
  const lists = await Promise.all(
    artistAccounts(scope).map((account) => statementsOfAccount(scope.companyId, accountKeyOf(account))),
  );
  return lists
    .flat()
    .filter(isPublished)
    .sort((a, b) => periodKey(b).localeCompare(periodKey(a)));
}

/** One statement of the artist's accounts; another artist's (or company's) is 404. */
export async function artistStatement(scope: ScopedArtist, statementId: string): Promise<StatementItem> {
  const found = (await artistStatements(scope)).find((s) => s.statementId === statementId);
  if (!found) throw new NotFound('Statement');
  return found;
}
