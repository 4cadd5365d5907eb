import { Entity, type EntityItem } from 'electrodb';
import { SERVICE } from './service-name.js';

/**
 * A file kept beside a release or a label (booklets, press shots,
 * contracts). One item per file, keyed by company and owner, so one company's query can never
 * reach another's files, and a record's answer does not grow with its files.
 */
export const CatalogueAsset = new Entity({
  model: { entity: 'catalogueAsset', version: '1', service: SERVICE },
  attributes: {
    tenantId: { type: 'string', required: true },
    /** `releases#{id}` or `labels#{id}`. */
    owner: { type: 'string', required: true },
    id: { type: 'string', required: true },
    key: { type: 'string', required: true },
    filename: { type: 'string', required: true },
    content_type: { type: 'string' },
    size: { type: 'number' },
    uploaded_by: { type: 'string' },
    uploaded_at: { type: 'string', required: true },
  },
  indexes: {
    byOwner: { pk: { field: 'pk', composite: ['tenantId', 'owner'] }, sk: { field: 'sk', composite: ['id'] } },
  },
});

export type CatalogueAssetItem = EntityItem<typeof CatalogueAsset>;
