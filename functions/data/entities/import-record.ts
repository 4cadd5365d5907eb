import {
  Entity,
  type CreateEntityItem,
  type EntityIdentifiers,
  type EntityItem,
  type UpdateEntityItem,
} from 'electrodb';
import { SERVICE } from './service-name.js';

/**
 * One file a user imported (catalogue importer, royalty reports): the imports history
 * (user_id, filename, filesize, records, type). The import's own data lives elsewhere.
 */
export const ImportRecord = new Entity({
  model: { entity: 'importRecord', version: '1', service: SERVICE },
  attributes: {
    importId: { type: 'string', required: true },
    userId: { type: 'string', required: true },
    filename: { type: 'string', required: true },
    filesize: { type: 'number', required: true },
    records: { type: 'number', required: true, default: 0 },
    /** What was imported: releases, recordings, royalties, … */
    type: { type: 'string', required: true },
    createdAt: { type: 'string', readOnly: true, default: () => new Date().toISOString() },
  },
  indexes: {
    byId: { pk: { field: 'pk', composite: ['importId'] }, sk: { field: 'sk', composite: [] } },
    all: { index: 'gsi1', pk: { field: 'gsi1pk', composite: [] }, sk: { field: 'gsi1sk', composite: ['importId'] } },
    byUser: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['userId'] },
      sk: { field: 'gsi2sk', composite: ['importId'] },
    },
  },
});

export type ImportRecordItem = EntityItem<typeof ImportRecord>;
export type CreateImportRecord = CreateEntityItem<typeof ImportRecord>;
export type UpdateImportRecord = UpdateEntityItem<typeof ImportRecord>;
export type ImportRecordIds = EntityIdentifiers<typeof ImportRecord>;
