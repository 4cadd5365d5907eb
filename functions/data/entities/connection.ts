import {
  Entity,
  type CreateEntityItem,
  type EntityIdentifiers,
  type EntityItem,
  type UpdateEntityItem,
} from 'electrodb';
import { SERVICE } from './service-name.js';

/** An open WebSocket connection of a user; pushes go to every connection of the user. */
export const Connection = new Entity({
  model: { entity: 'connection', version: '1', service: SERVICE },
  attributes: {
    userId: { type: 'string', required: true },
    connectionId: { type: 'string', required: true },
    /** Epoch seconds; DynamoDB's TTL sweeps connections API Gateway dropped without a $disconnect. */
    expiresAt: { type: 'number', required: true },
  },
  indexes: {
    byUser: { pk: { field: 'pk', composite: ['userId'] }, sk: { field: 'sk', composite: ['connectionId'] } },
    byConnection: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['connectionId'] },
      sk: { field: 'gsi1sk', composite: [] },
    },
  },
});

export type ConnectionItem = EntityItem<typeof Connection>;
export type CreateConnection = CreateEntityItem<typeof Connection>;
export type UpdateConnection = UpdateEntityItem<typeof Connection>;
export type ConnectionIds = EntityIdentifiers<typeof Connection>;
