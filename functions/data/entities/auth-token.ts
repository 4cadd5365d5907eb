import {
  Entity,
  type CreateEntityItem,
  type EntityIdentifiers,
  type EntityItem,
  type UpdateEntityItem,
} from 'electrodb';
import { SERVICE } from './service-name.js';

const TOKEN_PURPOSES = ['confirm', 'reset'] as const;
export type TokenPurpose = (typeof TOKEN_PURPOSES)[number];

/**
 * A single-use secret mailed to a user: account confirmation (sign-up and invitations) or a
 * password reset. DynamoDB's TTL removes it after `expiresAt` (epoch seconds).
 */
export const AuthToken = new Entity({
  model: { entity: 'authToken', version: '1', service: SERVICE },
  attributes: {
    token: { type: 'string', required: true },
    purpose: { type: TOKEN_PURPOSES, required: true },
    userId: { type: 'string', required: true },
    expiresAt: { type: 'number', required: true },
  },
  indexes: {
    byToken: { pk: { field: 'pk', composite: ['token'] }, sk: { field: 'sk', composite: [] } },
  },
});

export type AuthTokenItem = EntityItem<typeof AuthToken>;
export type CreateAuthToken = CreateEntityItem<typeof AuthToken>;
export type UpdateAuthToken = UpdateEntityItem<typeof AuthToken>;
export type AuthTokenIds = EntityIdentifiers<typeof AuthToken>;
