import { CustomAttributeType, Entity, type CreateEntityItem, type EntityIdentifiers, type EntityItem } from 'electrodb';
import type { LedgerColumn } from '../../royalties/ledger/schema.js';
import type { RoyaltyFilter } from '../../royalties/ledger/filter.js';
import { SERVICE } from './service-name.js';
import { timestamps } from './timestamps.js';

/**
 * What changes royalties after import (paid/adjustment overlays): the ledger's
 * Parquet lines are never rewritten for a user's change; readers apply these on top.
 *
 * - RoyaltyStateRule: "mark as paid / unpaid / artist paid / artist unpaid", for listed line
 *   ids or for every line a filter selects. Rules apply in `seq` order, the newest winning, so
 *   marking a whole period paid is one item however many lines it covers.
 * - RoyaltyEdit: one line's edited fields, or its deletion.
 * - ManualRoyalty: a sale entered by hand ("new sale"), with the ledger's columns.
 *
 * The ledger-column bags and the filter stay plain maps as stored (typed through
 * CustomAttributeType): a typed ElectroDB map drops an empty object, and an empty filter is
 * "every line", an empty edit a line whose changes were all undone.
 */
/** A manual line's id: this prefix and a ULID (imported lines are `{import_id}-{line}`). */
export const MANUAL_PREFIX = 'manual-';

/** Ledger columns with their values, money as exact decimal strings; null: a column left empty. */
export type LedgerFields = Partial<Record<LedgerColumn, string | number | boolean | null>>;
export const STATE_FLAGS = ['paid', 'artist_paid'] as const;

export const RoyaltyStateRule = new Entity({
  model: { entity: 'royaltyStateRule', version: '1', service: SERVICE },
  attributes: {
    tenantId: { type: 'string', required: true },
    /** A ULID: rules apply in this order. */
    seq: { type: 'string', required: true },
    flag: { type: STATE_FLAGS, required: true },
    value: { type: 'boolean', required: true },
    ids: { type: 'list', items: { type: 'string' } },
    /** A RoyaltyFilter (functions/royalties/ledger/filter.ts). */
    filter: { type: CustomAttributeType<RoyaltyFilter>('any') },
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
    fields: { type: CustomAttributeType<LedgerFields>('any') },
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
    fields: { type: CustomAttributeType<LedgerFields>('any'), required: true },
    /** The licence whose paid fee this line is (functions/licensing/), when it came from one. */
    license_id: { type: 'string' },
    /**
     * The licence whose refund took this line back, or whose refund this line is: from then on neither the line nor
     * its reversal changes (no edit, no delete), so the pair nets to nothing for good.
     */
    licence_refund: { type: 'string' },
    userId: { type: 'string' },
    ...timestamps,
  },
  indexes: { byTenant: { pk: { field: 'pk', composite: ['tenantId'] }, sk: { field: 'sk', composite: ['id'] } } },
});

export type RoyaltyStateRuleItem = EntityItem<typeof RoyaltyStateRule>;
export type CreateRoyaltyStateRule = CreateEntityItem<typeof RoyaltyStateRule>;
export type RoyaltyStateRuleIds = EntityIdentifiers<typeof RoyaltyStateRule>;
export type RoyaltyEditItem = EntityItem<typeof RoyaltyEdit>;
export type CreateRoyaltyEdit = CreateEntityItem<typeof RoyaltyEdit>;
export type RoyaltyEditIds = EntityIdentifiers<typeof RoyaltyEdit>;
export type ManualRoyaltyItem = EntityItem<typeof ManualRoyalty>;
export type CreateManualRoyalty = CreateEntityItem<typeof ManualRoyalty>;
export type ManualRoyaltyIds = EntityIdentifiers<typeof ManualRoyalty>;
