import { Entity, type CreateEntityItem, type EntityItem } from 'electrodb';
import { SERVICE } from './service-name.js';
import { timestamps } from './timestamps.js';

/**
 * A saved column map: which attribute of `model_type` each header of a
 * source's files fills, for whom (`mapable_type` + `mapable_id`: a company, a distributor …), from
 * which service to which, and the year of the layout. Admin data, not a company's: listed through
 * one partition of gsi1. The map is kept as ordered pairs, so a header may be any text the source
 * writes and the pairs keep the file's order.
 */
export const MetadataMap = new Entity({
  model: { entity: 'metadataMap', version: '1', service: SERVICE },
  attributes: {
    id: { type: 'string', required: true },
    map: {
      type: 'list',
      required: true,
      items: {
        type: 'map',
        properties: { column: { type: 'string', required: true }, attribute: { type: 'string', required: true } },
      },
    },
    model_type: { type: 'string', required: true },
    mapable_type: { type: 'string' },
    mapable_id: { type: 'string' },
    notes: { type: 'string' },
    source_service: { type: 'string' },
    target_service: { type: 'string' },
    type: { type: 'string' },
    year: { type: 'number' },
    ...timestamps,
  },
  indexes: {
    byId: { pk: { field: 'pk', composite: ['id'] }, sk: { field: 'sk', composite: [] } },
    all: { index: 'gsi1', pk: { field: 'gsi1pk', composite: [] }, sk: { field: 'gsi1sk', composite: ['id'] } },
  },
});

export type MetadataMapItem = EntityItem<typeof MetadataMap>;
export type CreateMetadataMap = CreateEntityItem<typeof MetadataMap>;
