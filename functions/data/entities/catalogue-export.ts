import {
  Entity,
  type CreateEntityItem,
  type EntityIdentifiers,
  type EntityItem,
  type UpdateEntityItem,
} from 'electrodb';
import {
  EXPORT_FORMATS,
  EXPORT_MODELS,
  EXPORT_STATUSES,
  EXPORT_UNFINISHED,
} from '../../../shared/catalogue-exchange/exports.js';
import { inStatesIndex } from './in-states-index.js';
import { SERVICE } from './service-name.js';

/**
 * One catalogue export a user asked for: what was chosen, in which
 * format, how far the worker got, what it left out (the c/p line rule) and where the file is in
 * the uploads bucket (exports/{tenantId}/…). Keyed by the company, so another company's export
 * is never found; listed per user within the company (gsi3), and while it is queued or being written
 * in the unfinished exports of every company (gsi4), which the jobs' resume reads.
 */
export const CatalogueExport = new Entity({
  model: { entity: 'catalogueExport', version: '1', service: SERVICE },
  attributes: {
    tenantId: { type: 'string', required: true },
    id: { type: 'string', required: true },
    userId: { type: 'string', required: true },
    model: { type: EXPORT_MODELS, required: true },
    format: { type: EXPORT_FORMATS, required: true },
    /** `{ all: true } | { ids, model } | { label_id }` (functions/catalogue-exchange/exports/types.ts). */
    selection: { type: 'any', required: true },
    /** Fields left out of the file. */
    strip: { type: 'list', items: { type: 'string' } },
    status: { type: EXPORT_STATUSES, required: true, default: 'queued' },
    done: { type: 'number', default: 0 },
    total: { type: 'number', default: 0 },
    rows: { type: 'number', default: 0 },
    /** Releases left out and why: `{ release_id, release, reasons[] }[]`. */
    skipped: { type: 'any' },
    file_key: { type: 'string' },
    filename: { type: 'string', required: true },
    size: { type: 'number', default: 0 },
    error: { type: 'string' },
    createdAt: { type: 'string', readOnly: true, default: () => new Date().toISOString() },
    /** The last write: a worker writing the file marks it when it starts, so a run older than its time limit is dead. */
    updatedAt: { type: 'string', watch: '*', set: () => new Date().toISOString() },
    finishedAt: { type: 'string' },
  },
  indexes: {
    byTenant: { pk: { field: 'pk', composite: ['tenantId'] }, sk: { field: 'sk', composite: ['id'] } },
    byUser: {
      index: 'gsi3',
      pk: { field: 'gsi3pk', composite: ['tenantId', 'userId'] },
      sk: { field: 'gsi3sk', composite: ['id'] },
    },
    unfinished: inStatesIndex('gsi4', 'status', EXPORT_UNFINISHED),
  },
});

export type CatalogueExportItem = EntityItem<typeof CatalogueExport>;
export type CreateCatalogueExport = CreateEntityItem<typeof CatalogueExport>;
export type UpdateCatalogueExport = UpdateEntityItem<typeof CatalogueExport>;
export type CatalogueExportIds = EntityIdentifiers<typeof CatalogueExport>;
