import {
  Entity,
  type CreateEntityItem,
  type EntityIdentifiers,
  type EntityItem,
  type UpdateEntityItem,
} from 'electrodb';
import { SERVICE } from './service-name.js';

/**
 * Maps a Cognito subject (the JWT `sub`) to our user. Written when the user first sets a
 * password; a user invited but not yet confirmed has no login.
 */
export const UserLogin = new Entity({
  model: { entity: 'userLogin', version: '1', service: SERVICE },
  attributes: {
    sub: { type: 'string', required: true },
    userId: { type: 'string', required: true },
  },
  indexes: {
    bySub: { pk: { field: 'pk', composite: ['sub'] }, sk: { field: 'sk', composite: [] } },
  },
});

export type UserLoginItem = EntityItem<typeof UserLogin>;
export type CreateUserLogin = CreateEntityItem<typeof UserLogin>;
export type UpdateUserLogin = UpdateEntityItem<typeof UserLogin>;
export type UserLoginIds = EntityIdentifiers<typeof UserLogin>;
