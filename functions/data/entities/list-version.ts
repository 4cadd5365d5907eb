import {
  Entity,
  type CreateEntityItem,
  type EntityIdentifiers,
  type EntityItem,
  type UpdateEntityItem,
} from 'electrodb';
import { SERVICE } from './service-name.js';

/**
 * The version of a cached list (e.g. one tenant's labels). Every write to the list changes
 * the version in the same transaction, so a reader that holds the list in memory knows with
 * one GetItem whether its copy is still current.
 */
export const ListVersion = new Entity({
  model: { entity: 'listVersion', version: '1', service: SERVICE },
  attributes: {
    list: { type: 'string', required: true },
    version: { type: 'string', required: true },
  },
  indexes: {
    byList: { pk: { field: 'pk', composite: ['list'] }, sk: { field: 'sk', composite: [] } },
  },
});

export type ListVersionItem = EntityItem<typeof ListVersion>;
export type CreateListVersion = CreateEntityItem<typeof ListVersion>;
export type UpdateListVersion = UpdateEntityItem<typeof ListVersion>;
export type ListVersionIds = EntityIdentifiers<typeof ListVersion>;
