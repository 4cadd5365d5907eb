import {
  Entity,
  type CreateEntityItem,
  type EntityIdentifiers,
  type EntityItem,
  type UpdateEntityItem,
} from 'electrodb';
import { DSP_CONNECTION_STATUSES, UPC_POOL_STATUSES } from '../../../shared/distribution.js';
import { SERVICE } from './service-name.js';
import { timestamps } from './timestamps.js';

/**
 * A company's link to one store (dsp_connections, requested_dsps): the company asks
 * (requested), an admin starts connecting it (pending) and connects it (connected), or declines
 * or later disconnects it. One item per company and DSP (the sort key is the DSP), so a company
 * can never hold two links to one store; `id` finds it for PATCH dsp_connections/{id}.
 */
export const DspConnection = new Entity({
  model: { entity: 'dspConnection', version: '1', service: SERVICE },
  attributes: {
    tenantId: { type: 'string', required: true },
    dspId: { type: 'string', required: true },
    id: { type: 'string', required: true },
    status: { type: DSP_CONNECTION_STATUSES, required: true },
    note: { type: 'string' },
    requested_by: { type: 'string' },
    requested_at: { type: 'string' },
    connected_by: { type: 'string' },
    connected_at: { type: 'string' },
    ...timestamps,
  },
  indexes: {
    byTenant: { pk: { field: 'pk', composite: ['tenantId'] }, sk: { field: 'sk', composite: ['dspId'] } },
    /** Every company's connections (the admin's connections and connection requests pages). */
    all: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: [] },
      sk: { field: 'gsi1sk', composite: ['tenantId', 'dspId'] },
    },
    byId: { index: 'gsi2', pk: { field: 'gsi2pk', composite: ['id'] }, sk: { field: 'gsi2sk', composite: [] } },
  },
});

/**
 * One code of a company's UPC pool: imported free, then linked
 * to exactly one release. The claim is a conditional write on `status = free`, so two links
 * running at once can never take the same code.
 */
export const DistributionUpc = new Entity({
  model: { entity: 'distributionUpc', version: '1', service: SERVICE },
  attributes: {
    tenantId: { type: 'string', required: true },
    upc: { type: 'string', required: true },
    status: { type: UPC_POOL_STATUSES, required: true },
    release_id: { type: 'string' },
    linked_at: { type: 'string' },
    import_id: { type: 'string' },
    imported_by: { type: 'string' },
    ...timestamps,
  },
  indexes: {
    byTenant: { pk: { field: 'pk', composite: ['tenantId'] }, sk: { field: 'sk', composite: ['upc'] } },
  },
});

export type DspConnectionItem = EntityItem<typeof DspConnection>;
export type CreateDspConnection = CreateEntityItem<typeof DspConnection>;
export type UpdateDspConnection = UpdateEntityItem<typeof DspConnection>;
export type DspConnectionIds = EntityIdentifiers<typeof DspConnection>;
export type DistributionUpcItem = EntityItem<typeof DistributionUpc>;
export type CreateDistributionUpc = CreateEntityItem<typeof DistributionUpc>;
export type DistributionUpcIds = EntityIdentifiers<typeof DistributionUpc>;
