import {
  Entity,
  type CreateEntityItem,
  type EntityIdentifiers,
  type EntityItem,
  type UpdateEntityItem,
} from 'electrodb';
import { SERVICE } from './service-name.js';

/**
 * A user's token for an outside service. Only a SHA-256 hash of the
 * secret is stored; the secret itself is shown once, when the token is created.
 */
export const AccessToken = new Entity({
  model: { entity: 'accessToken', version: '1', service: SERVICE },
  attributes: {
    accessTokenId: { type: 'string', required: true },
    userId: { type: 'string', required: true },
    service: { type: 'string', required: true },
    tokenHash: { type: 'string', required: true },
    /** The secret's last four characters, so people can tell tokens apart. */
    tokenHint: { type: 'string', required: true },
    expires_at: { type: 'string' },
    revoked: { type: 'boolean', default: false },
    createdAt: { type: 'string', readOnly: true, default: () => new Date().toISOString() },
    updatedAt: { type: 'string', watch: '*', set: () => new Date().toISOString() },
  },
  indexes: {
    byId: { pk: { field: 'pk', composite: ['accessTokenId'] }, sk: { field: 'sk', composite: [] } },
    all: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: [] },
      sk: { field: 'gsi1sk', composite: ['accessTokenId'] },
    },
    byUser: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['userId'] },
      sk: { field: 'gsi2sk', composite: ['accessTokenId'] },
    },
  },
});

export type AccessTokenItem = EntityItem<typeof AccessToken>;
export type CreateAccessToken = CreateEntityItem<typeof AccessToken>;
export type UpdateAccessToken = UpdateEntityItem<typeof AccessToken>;
export type AccessTokenIds = EntityIdentifiers<typeof AccessToken>;
