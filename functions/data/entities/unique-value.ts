import {
  Entity,
  type CreateEntityItem,
  type EntityIdentifiers,
  type EntityItem,
  type UpdateEntityItem,
} from 'electrodb';
import { SERVICE } from './service-name.js';

/**
 * A guard item that makes a value unique (an e-mail among users; later UPC/ISRC per tenant).
 * It is created in the same transaction as its owner, with a condition that it does not yet
 * exist, so two concurrent writers cannot both win.
 */
export const UniqueValue = new Entity({
  model: { entity: 'uniqueValue', version: '1', service: SERVICE },
  attributes: {
    /** e.g. "email", or "upc#<tenantId>" for a per-tenant scope. */
    scope: { type: 'string', required: true },
    value: { type: 'string', required: true },
    ownerId: { type: 'string', required: true },
  },
  indexes: {
    byValue: { pk: { field: 'pk', composite: ['scope', 'value'] }, sk: { field: 'sk', composite: [] } },
  },
});

export type UniqueValueItem = EntityItem<typeof UniqueValue>;
export type CreateUniqueValue = CreateEntityItem<typeof UniqueValue>;
export type UpdateUniqueValue = UpdateEntityItem<typeof UniqueValue>;
export type UniqueValueIds = EntityIdentifiers<typeof UniqueValue>;
