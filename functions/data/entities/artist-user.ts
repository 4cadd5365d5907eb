import { Entity, type EntityItem } from 'electrodb';
import { SERVICE } from './service-name.js';

/**
 * An artist user's link to one artist of one company (docs/artist-portal.md). The user holds
 * the platform role `artist_user`; they are not a member of the company (no CompanyUser row), so
 * every tenant route refuses them and the artist portal's scope (functions/artist-portal/scope.ts)
 * is the only way they read anything.
 */
export const ArtistUser = new Entity({
  model: { entity: 'artistUser', version: '1', service: SERVICE },
  attributes: {
    userId: { type: 'string', required: true },
    companyId: { type: 'string', required: true },
    artistId: { type: 'string', required: true },
    /** Who linked them (a member of the company, or an admin). */
    createdBy: { type: 'string' },
    createdAt: { type: 'string', readOnly: true, default: () => new Date().toISOString() },
  },
  indexes: {
    byUser: { pk: { field: 'pk', composite: ['userId'] }, sk: { field: 'sk', composite: ['companyId', 'artistId'] } },
    byArtist: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['companyId', 'artistId'] },
      sk: { field: 'gsi1sk', composite: ['userId'] },
    },
  },
});

/**
 * A token link to the page of one account of a company without signing in: an artist's (`/artists/{id}?token=`,
 * profile and statements) or a payee's (`/payees/{id}?token=`, balance and statements). Only a SHA-256 hash of the
 * token is stored (the link is shown once, when made); it expires, and the label may revoke it.
 */
export const ArtistPortalLink = new Entity({
  model: { entity: 'artistPortalLink', version: '1', service: SERVICE },
  attributes: {
    tokenHash: { type: 'string', required: true },
    linkId: { type: 'string', required: true },
    companyId: { type: 'string', required: true },
    /**
     * The kind of account the link opens. Links made before payees had links hold none: they are an artist's
     * (read them with `linkAccountType`).
     */
    accountType: { type: ['Artist', 'Payee'] as const },
    /** The id of the artist or payee the link opens; stored (and keyed) as `artistId`, as artists' links always were. */
    accountId: { type: 'string', required: true, field: 'artistId', label: 'artistId' },
    /** The token's last four characters, so a label can tell its links apart. */
    tokenHint: { type: 'string', required: true },
    expiresAt: { type: 'string', required: true },
    revokedAt: { type: 'string' },
    createdBy: { type: 'string' },
    createdAt: { type: 'string', readOnly: true, default: () => new Date().toISOString() },
  },
  indexes: {
    byHash: { pk: { field: 'pk', composite: ['tokenHash'] }, sk: { field: 'sk', composite: [] } },
    // An artist and a payee may share an id: a listing keeps the links of the account type it asks for.
    byAccount: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['companyId', 'accountId'] },
      sk: { field: 'gsi1sk', composite: ['linkId'] },
    },
  },
});

/**
 * A label's pending invitation of an e-mail to one artist's portal. Nothing about the address's account is
 * looked up or created when it is sent: the invitee's acceptance attaches (an existing artist account signs in,
 * a new address sets a password). The mailed token is `{invitationId}.{secret}`; only the secret's SHA-256 is
 * stored. `acceptedAt` is set in the same transaction that attaches, so a token attaches once.
 */
export const ArtistPortalInvitation = new Entity({
  model: { entity: 'artistPortalInvitation', version: '1', service: SERVICE },
  attributes: {
    invitationId: { type: 'string', required: true },
    secretHash: { type: 'string', required: true },
    companyId: { type: 'string', required: true },
    artistId: { type: 'string', required: true },
    /** Lower-case, as the label typed it. */
    email: { type: 'string', required: true },
    name: { type: 'string', required: true },
    invitedBy: { type: 'string', required: true },
    /** Epoch seconds. */
    expiresAt: { type: 'number', required: true },
    acceptedAt: { type: 'string' },
    /** The artist account that accepted. */
    acceptedBy: { type: 'string' },
    createdAt: { type: 'string', readOnly: true, default: () => new Date().toISOString() },
  },
  indexes: {
    byId: { pk: { field: 'pk', composite: ['invitationId'] }, sk: { field: 'sk', composite: [] } },
    byArtist: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['companyId', 'artistId'] },
      sk: { field: 'gsi1sk', composite: ['invitationId'] },
    },
  },
});

export type ArtistPortalInvitationItem = EntityItem<typeof ArtistPortalInvitation>;
export type ArtistUserItem = EntityItem<typeof ArtistUser>;
export type ArtistPortalLinkItem = EntityItem<typeof ArtistPortalLink>;

/** The kind of account a stored link opens: a link without one is an artist's. */
export const linkAccountType = (link: Pick<ArtistPortalLinkItem, 'accountType'>) => link.accountType ?? 'Artist';
