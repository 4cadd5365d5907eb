import { Entity } from 'electrodb';
import { SERVICE } from './service-name.js';
import { timestamps } from './timestamps.js';

/**
 * What changes royalties after import (DESIGN.md §3: paid/adjustment overlays): the ledger's
 * Parquet lines are never rewritten for a user's change; readers apply these on top.
 *
 * - RoyaltyStateRule: "mark as paid / unpaid / artist paid / artist unpaid", for listed line
 *   ids or for every line a filter selects. Rules apply in `seq` order, the newest winning, so
 *   marking a whole period paid is one item however many lines it covers.
 * - RoyaltyEdit: one line's edited fields, or its deletion.
 * - ManualRoyalty: a sale entered by hand ("new sale"), with the ledger's columns.
 */

export const RoyaltyStateRule = new Entity({
  model: { entity: 'royaltyStateRule', version: '1', service: SERVICE },
  attributes: {
    tenantId: { type: 'string', required: true },
    /** A ULID: rules apply in this order. */
    seq: { type: 'string', required: true },
    /** 'paid' | 'artist_paid'. */
    flag: { type: 'string', required: true },
    value: { type: 'boolean', required: true },
    ids: { type: 'list', items: { type: 'string' } },
    /** A RoyaltyFilter (functions/royalties/ledger/filter.ts). */
    filter: { type: 'any' },
    userId: { type: 'string' },
    ...timestamps,
  },
  indexes: { byTenant: { pk: { field: 'pk', composite: ['tenantId'] }, sk: { field: 'sk', composite: ['seq'] } } },
});

export const RoyaltyEdit = new Entity({
  model: { entity: 'royaltyEdit', version: '1', service: SERVICE },
  attributes: {
    tenantId: { type: 'string', required: true },
    /** The line id: {import_id}-{line}. */
    id: { type: 'string', required: true },
    deleted: { type: 'boolean', default: false },
    /** Edited ledger columns and their new values (money as exact decimal strings). */
    fields: { type: 'any' },
    /** Columns the edit emptied (shared/constants.ts CLEARABLE_ROYALTY_FIELDS). */
    cleared: { type: 'list', items: { type: 'string' } },
    userId: { type: 'string' },
    ...timestamps,
  },
  indexes: { byTenant: { pk: { field: 'pk', composite: ['tenantId'] }, sk: { field: 'sk', composite: ['id'] } } },
});

export const ManualRoyalty = new Entity({
  model: { entity: 'manualRoyalty', version: '1', service: SERVICE },
  attributes: {
    tenantId: { type: 'string', required: true },
    id: { type: 'string', required: true },
    /** Ledger columns (functions/royalties/ledger/schema.ts), money as exact decimal strings. */
    fields: { type: 'any', required: true },
    userId: { type: 'string' },
    ...timestamps,
  },
  indexes: { byTenant: { pk: { field: 'pk', composite: ['tenantId'] }, sk: { field: 'sk', composite: ['id'] } } },
});
