import {
  Entity,
  type CreateEntityItem,
  type EntityIdentifiers,
  type EntityItem,
  type UpdateEntityItem,
} from 'electrodb';
import { SERVICE } from './service-name.js';

/** What a user did, from where (user, action, ip_address). */
export const Log = new Entity({
  model: { entity: 'log', version: '1', service: SERVICE },
  attributes: {
    userId: { type: 'string', required: true },
    /** A ULID (time-ordered), or `sign_in#<auth_time>` so one sign-in is logged once. */
    logId: { type: 'string', required: true },
    action: { type: 'string', required: true },
    subject: { type: 'string' },
    ip_address: { type: 'string' },
    createdAt: { type: 'string', readOnly: true, default: () => new Date().toISOString() },
  },
  indexes: {
    byUser: { pk: { field: 'pk', composite: ['userId'] }, sk: { field: 'sk', composite: ['logId'] } },
    all: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: [] },
      sk: { field: 'gsi1sk', composite: ['createdAt', 'userId'] },
    },
  },
});

export type LogItem = EntityItem<typeof Log>;
export type CreateLog = CreateEntityItem<typeof Log>;
export type UpdateLog = UpdateEntityItem<typeof Log>;
export type LogIds = EntityIdentifiers<typeof Log>;
