import { Entity, type CreateEntityItem, type EntityIdentifiers, type EntityItem } from 'electrodb';
import { inStatesIndex } from './in-states-index.js';
import { DELIVERY_ACTIONS, DELIVERY_STATUSES } from '../../../shared/deliveries.js';
import { SERVICE } from './service-name.js';
import { timestamps } from './timestamps.js';

/** A delivery's states between being queued and delivered or failed. */
export const DELIVERY_ON_ITS_WAY = ['queued', 'delivering'] as const;

/**
 * A release's delivery to one store. Keyed by
 * company, so another company's delivery is never found; a release's deliveries share gsi1.
 * `lease_until` is the worker's claim while it uploads: a message re-delivered during the claim
 * does nothing, one after it (a worker that died) takes it over.
 */
export const ReleaseDelivery = new Entity({
  model: { entity: 'releaseDelivery', version: '1', service: SERVICE },
  attributes: {
    tenantId: { type: 'string', required: true },
    id: { type: 'string', required: true },
    release_id: { type: 'string', required: true },
    dsp_id: { type: 'string', required: true },
    action: { type: DELIVERY_ACTIONS, required: true, default: 'insert' },
    status: { type: DELIVERY_STATUSES, required: true, default: 'created' },
    reason: { type: 'string' },
    batch_id: { type: 'string' },
    files: { type: 'list', items: { type: 'string' } },
    delivered_at: { type: 'string' },
    queued_at: { type: 'string' },
    lease_until: { type: 'string' },
    attempts: { type: 'number', required: true, default: 0 },
    created_by: { type: 'string' },
    ...timestamps,
  },
  indexes: {
    /** Deliveries on their way: the admins' Jobs page and the local cloud's start. */
    unfinished: inStatesIndex('gsi3', 'status', DELIVERY_ON_ITS_WAY),
    byTenant: { pk: { field: 'pk', composite: ['tenantId'] }, sk: { field: 'sk', composite: ['id'] } },
    byRelease: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['tenantId', 'release_id'] },
      sk: { field: 'gsi1sk', composite: ['id'] },
    },
  },
});

export type ReleaseDeliveryItem = EntityItem<typeof ReleaseDelivery>;
export type CreateReleaseDelivery = CreateEntityItem<typeof ReleaseDelivery>;
export type ReleaseDeliveryIds = EntityIdentifiers<typeof ReleaseDelivery>;

/**
 * A distribution record: what a distributor reports having sent
 * to a store, imported from CSV in the distribution area (admin only). Kept across all companies:
 * `company_id` names the company when known.
 */
export const DistributionDelivery = new Entity({
  model: { entity: 'distributionDelivery', version: '1', service: SERVICE },
  attributes: {
    id: { type: 'string', required: true },
    artist_name: { type: 'string' },
    csv_data: { type: 'string' },
    delivery_time: { type: 'string' },
    distributor_name: { type: 'string' },
    label_name: { type: 'string' },
    product_name: { type: 'string' },
    recipient: { type: 'string' },
    release_date: { type: 'string' },
    sender: { type: 'string' },
    status: { type: 'string' },
    upc: { type: 'string' },
    artist_id: { type: 'string' },
    distributor_id: { type: 'string' },
    label_id: { type: 'string' },
    ref_id: { type: 'string' },
    release_id: { type: 'string' },
    ...timestamps,
  },
  indexes: {
    all: { pk: { field: 'pk', composite: [] }, sk: { field: 'sk', composite: ['id'] } },
  },
});

export type DistributionDeliveryItem = EntityItem<typeof DistributionDelivery>;
export type CreateDistributionDelivery = CreateEntityItem<typeof DistributionDelivery>;
