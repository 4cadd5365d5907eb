import { accountKeyOf } from '../money/index.js';
import { createHash } from 'node:crypto';
import type { AccountRef } from '../../shared/schemas/statement-views.js';
import { statementsOfAccount } from '../data/access/accounts.js';
import { artistOf, linksOfUser, payeeOf, portalLinkByHash } from '../data/access/artist-portal.js';
import { linkAccountType } from '../data/entities/artist-user.js';
import type { ArtistItem, PayeeItem } from '../data/entities/catalogue.js';
import type { StatementItem } from '../data/entities/statements.js';
import type { Caller } from '../lib/auth-context.js';
import { Forbidden, InvalidField, NotFound } from '../lib/errors.js';

/**
 * The artist portal's one scope (docs/artist-portal.md). Every artist_user route and every
 * token route reads through here: an artist user reaches the artists they are linked to, a token
 * the one artist or payee it was made for, and nothing else. What the portal reads of an artist
 * (releases, earnings, balance, statements) takes a `ScopedArtist`, and of a payee a `ScopedPayee`,
 * which only this module makes, so a route cannot name an account or statement it was not given.
 */

/** One artist of one company a caller may see. */
export type ArtistLink = { companyId: string; artistId: string };

declare const scoped: unique symbol;
/** An artist the scope let through, with its stored record; made only by this module. */
export type ScopedArtist = ArtistLink & { readonly artist: ArtistItem; readonly [scoped]: true };

/** A payee of one company a token link let through, with its stored record; made only by this module. */
export type ScopedPayee = {
  companyId: string;
  payeeId: string;
  readonly payee: PayeeItem;
  readonly [scoped]: true;
};

/** Whatever a portal page may read: an artist's or a payee's accounts. */
export type ScopedAccount = ScopedArtist | ScopedPayee;

/** The kind and id of the account a token link opens. */
export type LinkAccount = { type: 'Artist' | 'Payee'; id: string };

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
 * The company of a token link made for `account`: the token must be that account's (404 otherwise, whether
 * the token is unknown, another account's, or an artist's where a payee is asked for), unexpired and not
 * revoked (403).
 */
async function tokenCompany(token: string | undefined, account: LinkAccount, now: Date): Promise<string> {
  if (!token) throw new InvalidField('token', 'The link has no token: open the whole link your label sent');
  const link = await portalLinkByHash(tokenHashOf(token));
  if (!link || linkAccountType(link) !== account.type || link.accountId !== account.id)
    throw new NotFound(account.type);
  if (link.revokedAt || link.expiresAt <= now.toISOString()) throw new Forbidden(LINK_REFUSED);
  return link.companyId;
}

/** The artist of a token link (tokenCompany's rules), 404 when the artist is gone. */
export async function tokenArtist(token: string | undefined, artistId: string, now = new Date()) {
  const companyId = await tokenCompany(token, { type: 'Artist', id: artistId }, now);
  return admitted({ companyId, artistId });
}

/** The payee of a token link (tokenCompany's rules), 404 when the payee is gone. */
export async function tokenPayee(token: string | undefined, payeeId: string, now = new Date()): Promise<ScopedPayee> {
  const companyId = await tokenCompany(token, { type: 'Payee', id: payeeId }, now);
  const payee = await payeeOf(companyId, payeeId);
  if (!payee) throw new NotFound('Payee');
  return { companyId, payeeId, payee } as ScopedPayee;
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

/** The payee's own account: the one account a payee's link opens. */
export const payeeAccount = (scope: ScopedPayee): AccountRef => ({ type: 'Payee', id: scope.payeeId });

const accountsOf = (scope: ScopedAccount) => ('payee' in scope ? [payeeAccount(scope)] : artistAccounts(scope));

/** The published statements of the scope's accounts (every version), newest period first. */
export async function scopeStatements(scope: ScopedAccount): Promise<StatementItem[]> {
  const lists = await Promise.all(
    accountsOf(scope).map((account) => statementsOfAccount(scope.companyId, accountKeyOf(account))),
  );
  return lists
    .flat()
    .filter(isPublished)
    .sort((a, b) => periodKey(b).localeCompare(periodKey(a)));
}

/** One statement of the scope's accounts; another account's (or company's) is 404. */
export async function scopeStatement(scope: ScopedAccount, statementId: string): Promise<StatementItem> {
  const found = (await scopeStatements(scope)).find((s) => s.statementId === statementId);
  if (!found) throw new NotFound('Statement');
  return found;
}
