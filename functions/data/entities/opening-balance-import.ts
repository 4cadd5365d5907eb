import { Entity, type EntityItem } from 'electrodb';
import { SERVICE } from './service-name.js';
import { timestamps } from './timestamps.js';

/**
 * One file of payees' opening balances a company imported, keyed by the file's content hash: the guard that
 * writes a file's balances once. Its first batch of account entries creates it (only if absent) in the same
 * transaction; every later batch moves `batches_done` on by one, only if it still says what the writer read, and
 * the last one marks it complete. An import stopped between batches is carried on from `batches_done` (with the
 * batch size and default day it started with); a complete one refuses the file.
 */
export const OpeningBalanceImport = new Entity({
  model: { entity: 'openingBalanceImport', version: '1', service: SERVICE },
  attributes: {
    tenantId: { type: 'string', required: true },
    /** SHA-256 of the file's bytes, in hex. */
    hash: { type: 'string', required: true },
    filename: { type: 'string', required: true },
    userId: { type: 'string', required: true },
    status: { type: ['importing', 'complete'] as const, required: true },
    /** Entries per batch, fixed when the import starts so a resumed import cuts the same batches. */
    batch_size: { type: 'number', required: true },
    batches_done: { type: 'number', required: true },
    batches: { type: 'number', required: true },
    /** How many entries the file writes, and their exact sum (the company's currency). */
    entries: { type: 'number', required: true },
    total: { type: 'string', required: true },
    currency: { type: 'string', required: true },
    /** The day a row without a date is dated, fixed when the import starts. */
    default_date: { type: 'string', required: true },
    completed_at: { type: 'string' },
    ...timestamps,
  },
  indexes: {
    byHash: { pk: { field: 'pk', composite: ['tenantId'] }, sk: { field: 'sk', composite: ['hash'] } },
  },
});

export type OpeningBalanceImportItem = EntityItem<typeof OpeningBalanceImport>;
