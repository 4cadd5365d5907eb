import { Entity, type EntityItem } from 'electrodb';
import { SERVICE } from './service-name.js';
import { timestamps } from './timestamps.js';

/**
 * One file of contracts a company imported, keyed by the file's content hash: the guard that refuses a file once it
 * was imported. Each row's contract has an id made of the hash and the row and is created only if absent, so the
 * record needs no count of what was written: an import stopped half-way is carried on by importing the file again,
 * which creates the rows still missing, and the last step marks the record complete.
 */
export const ContractImport = new Entity({
  model: { entity: 'contractImport', version: '1', service: SERVICE },
  attributes: {
    tenantId: { type: 'string', required: true },
    /** SHA-256 of the file's bytes, in hex. */
    hash: { type: 'string', required: true },
    filename: { type: 'string', required: true },
    userId: { type: 'string', required: true },
    status: { type: ['importing', 'complete'] as const, required: true },
    /** How many contracts the file makes. */
    contracts: { type: 'number', required: true },
    completed_at: { type: 'string' },
    ...timestamps,
  },
  indexes: {
    byHash: { pk: { field: 'pk', composite: ['tenantId'] }, sk: { field: 'sk', composite: ['hash'] } },
  },
});

export type ContractImportItem = EntityItem<typeof ContractImport>;
