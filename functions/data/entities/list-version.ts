import { Entity } from 'electrodb';
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
