import { Entity, type CreateEntityItem, type EntityItem } from 'electrodb';
import { inStatesIndex } from './in-states-index.js';
import { SERVICE } from './service-name.js';
import { timestamps } from './timestamps.js';

/** A catalogue import's states until it is done or failed. */
export const CATALOGUE_IMPORT_UNFINISHED = ['queued', 'planning', 'writing'] as const;

/**
 * One catalogue import job: the file a member uploaded into a model, its column
 * map, and how far the import worker has got. Keyed by company first, so another company's job
 * cannot be read (it answers 404). When it finishes, the imports history gets an ImportRecord
 * with the same id.
 * Its state, not the queue message, says which step comes next (lease.ts), so any message for it
 * carries the job on from where it stopped.
 */
export const CatalogueImport = new Entity({
  model: { entity: 'catalogueImport', version: '1', service: SERVICE },
  attributes: {
    tenantId: { type: 'string', required: true },
    importId: { type: 'string', required: true },
    userId: { type: 'string', required: true },
    model: { type: 'string', required: true },
    fileKey: { type: 'string', required: true },
    filename: { type: 'string', required: true },
    filesize: { type: 'number', required: true },
    /** The file's header → attribute name, as JSON (a map's keys are the user's own headers). */
    columnMap: { type: 'string' },
    /** queued → planning → writing → done | failed. */
    status: { type: 'string', required: true },
    /** Records to write (the planned ones without errors and not duplicates). */
    total: { type: 'number', default: 0 },
    /** Records the worker has finished (written, or found written by an earlier try). */
    done: { type: 'number', default: 0 },
    /** Planned records' catalogue records created, as the chunks count them (a release with 12 recordings: 13). */
    added: { type: 'number', default: 0 },
    /** Records made besides the planned ones (a release's new artists and writers), counted once when it is done. */
    named: { type: 'number', default: 0 },
    invalid: { type: 'number', default: 0 },
    duplicates: { type: 'number', default: 0 },
    /** Records whose write was refused after the plan (a UPC another import took meanwhile). */
    failed: { type: 'number', default: 0 },
    chunks: { type: 'number', default: 0 },
    /** Why it failed, in the user's words. */
    message: { type: 'string' },
    /**
     * The lease of the worker running one of its steps: until when it holds the job, and which run
     * holds it (so only that run lets go). A message that finds a live lease leaves the job alone;
     * one that finds a lapsed lease (its worker died) takes the job over.
     */
    lease_until: { type: 'string' },
    lease_owner: { type: 'string' },
    ...timestamps,
  },
  indexes: {
    /** Imports under way: the admins' Jobs page and the local cloud's start. */
    unfinished: inStatesIndex('gsi3', 'status', CATALOGUE_IMPORT_UNFINISHED),
    byTenant: { pk: { field: 'pk', composite: ['tenantId'] }, sk: { field: 'sk', composite: ['importId'] } },
  },
});

export type CatalogueImportItem = EntityItem<typeof CatalogueImport>;
export type CreateCatalogueImport = CreateEntityItem<typeof CatalogueImport>;
