import {
  Entity,
  type CreateEntityItem,
  type EntityIdentifiers,
  type EntityItem,
  type UpdateEntityItem,
} from 'electrodb';
import { ROLES } from '../../../shared/constants.js';
import { SERVICE } from './service-name.js';

/** A person who signs in. Roles and memberships decide what they see. */
export const User = new Entity({
  model: { entity: 'user', version: '1', service: SERVICE },
  attributes: {
    userId: { type: 'string', required: true },
    email: { type: 'string', required: true },
    name: { type: 'string', required: true },
    role: { type: ROLES, required: true, default: 'user' },
    active: { type: 'boolean', default: true },
    frozen: { type: 'boolean', default: false },
    /** False until the user has set a password through confirm or setup_account. */
    confirmed: { type: 'boolean', default: false },
    profile: {
      type: 'map',
      properties: {
        address: { type: 'string' },
        backup_email: { type: 'string' },
        phone_no: { type: 'string' },
        skype: { type: 'string' },
      },
    },
    /** How many companies the user has created themselves (POST /companies allows 5: docs/onboarding.md). */
    companies_created: { type: 'number' },
    userSetting: {
      type: 'map',
      properties: { beta_features: { type: 'boolean' }, experimental_features: { type: 'boolean' } },
    },
    createdAt: { type: 'string', readOnly: true, default: () => new Date().toISOString() },
    updatedAt: { type: 'string', watch: '*', set: () => new Date().toISOString() },
  },
  indexes: {
    byId: { pk: { field: 'pk', composite: ['userId'] }, sk: { field: 'sk', composite: [] } },
    /** Admin user list: every user in one partition, ordered by e-mail. */
    all: { index: 'gsi1', pk: { field: 'gsi1pk', composite: [] }, sk: { field: 'gsi1sk', composite: ['email'] } },
  },
});

export type UserItem = EntityItem<typeof User>;
export type CreateUser = CreateEntityItem<typeof User>;
export type UpdateUser = UpdateEntityItem<typeof User>;
export type UserIds = EntityIdentifiers<typeof User>;
