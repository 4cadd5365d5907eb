import { Entity } from 'electrodb';
import { SERVICE } from './service-name.js';

/**
 * What DynamoDB keeps of royalties (DESIGN.md §3): sources with their column maps, imports
 * with their state and control totals, and aggregates per import. The lines themselves are
 * Parquet files in the ledger bucket.
 */
const timestamps = {
  createdAt: { type: 'string', readOnly: true, default: () => new Date().toISOString() },
  updatedAt: { type: 'string', watch: '*', set: () => new Date().toISOString() },
} as const;

/** Where reports come from (a distributor, a store) and the column map its reports are read with. */
export const RoyaltySource = new Entity({
  model: { entity: 'royaltySource', version: '1', service: SERVICE },
  attributes: {
    tenantId: { type: 'string', required: true },
    id: { type: 'string', required: true },
    name: { type: 'string', required: true },
    /** The RoyaltyMap (functions/royalties/mapping.ts). */
    map: { type: 'any', required: true },
    ...timestamps,
  },
  indexes: { byTenant: { pk: { field: 'pk', composite: ['tenantId'] }, sk: { field: 'sk', composite: ['id'] } } },
});

/** One report's import: its file, state and control totals; the id follows from the file, so a redelivered event finds it. */
export const RoyaltyImport = new Entity({
  model: { entity: 'royaltyImport', version: '1', service: SERVICE },
  attributes: {
    tenantId: { type: 'string', required: true },
    id: { type: 'string', required: true },
    source_id: { type: 'string', required: true },
    source_key: { type: 'string', required: true },
    filename: { type: 'string', required: true },
    size: { type: 'number' },
    /** processing → done, or failed with `error`. */
    status: { type: 'string', required: true },
    error: { type: 'string' },
    /** ControlTotals (functions/royalties/read-report.ts). */
    totals: { type: 'any' },
    ledger_key: { type: 'string' },
    aggregates: { type: 'number' },
    ...timestamps,
  },
  indexes: { byTenant: { pk: { field: 'pk', composite: ['tenantId'] }, sk: { field: 'sk', composite: ['id'] } } },
});

/** The sums of one import's lines for one pay period, currency, store, territory, sales category and recording/release. */
export const RoyaltyAggregate = new Entity({
  model: { entity: 'royaltyAggregate', version: '1', service: SERVICE },
  attributes: {
    tenantId: { type: 'string', required: true },
    importId: { type: 'string', required: true },
    key: { type: 'string', required: true },
    pay_period: { type: 'string' },
    currency: { type: 'string' },
    retailer: { type: 'string' },
    territory: { type: 'string' },
    sales_category: { type: 'string' },
    isrc: { type: 'string' },
    upc: { type: 'string' },
    lines: { type: 'number', required: true },
    quantity: { type: 'number' },
    /** An exact decimal string: money never becomes a float. */
    amount: { type: 'string', required: true },
  },
  indexes: { byImport: { pk: { field: 'pk', composite: ['tenantId', 'importId'] }, sk: { field: 'sk', composite: ['key'] } } },
});
