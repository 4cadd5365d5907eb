import { Entity } from 'electrodb';
import { SERVICE } from './service-name.js';
import { storedFile } from './stored-file.js';

/**
 * A company's catalogue records (spec 2 §3): artists, contributors, payees. `tenantId` leads
 * every tenant key, so a query cannot leave its tenant; admins reach all tenants through gsi1
 * (every record) and gsi2 (one record by id), so one generic tenant resource serves them all.
 */
const timestamps = {
  createdAt: { type: 'string', readOnly: true, default: () => new Date().toISOString() },
  updatedAt: { type: 'string', watch: '*', set: () => new Date().toISOString() },
} as const;

const keys = {
  byTenant: { pk: { field: 'pk', composite: ['tenantId'] }, sk: { field: 'sk', composite: ['id'] } },
  all: { index: 'gsi1', pk: { field: 'gsi1pk', composite: [] }, sk: { field: 'gsi1sk', composite: ['tenantId', 'id'] } },
  byId: { index: 'gsi2', pk: { field: 'gsi2pk', composite: ['id'] }, sk: { field: 'gsi2sk', composite: [] } },
} as const;

const owner = { tenantId: { type: 'string', required: true }, id: { type: 'string', required: true } } as const;

const urlRows = {
  type: 'list',
  items: { type: 'map', properties: { id: { type: 'string' }, link: { type: 'string' }, link_text: { type: 'string' } } },
} as const;

export const Artist = new Entity({
  model: { entity: 'artist', version: '1', service: SERVICE },
  attributes: {
    ...owner,
    name: { type: 'string', required: true },
    email: { type: 'string' },
    /** individual or band (spec 2 §3 Artist config). */
    config: { type: 'string', default: 'individual' },
    biog: { type: 'string' },
    image: storedFile,
    artist_identifiers: {
      type: 'list',
      items: { type: 'map', properties: { id: { type: 'string' }, service: { type: 'string' }, identifier: { type: 'string' }, new: { type: 'boolean' } } },
    },
    artist_members: {
      type: 'list',
      items: {
        type: 'map',
        properties: {
          id: { type: 'string' },
          contributor_id: { type: 'string' },
          membership_type: { type: 'string' },
          roles: { type: 'list', items: { type: 'string' } },
          payee_id: { type: 'string' },
          active: { type: 'boolean' },
        },
      },
    },
    urls: urlRows,
    ...timestamps,
  },
  indexes: keys,
});

export const Contributor = new Entity({
  model: { entity: 'contributor', version: '1', service: SERVICE },
  attributes: {
    ...owner,
    name: { type: 'string', required: true },
    email: { type: 'string' },
    society_id: { type: 'string' },
    ...timestamps,
  },
  indexes: keys,
});

export const Payee = new Entity({
  model: { entity: 'payee', version: '1', service: SERVICE },
  attributes: {
    ...owner,
    name: { type: 'string', required: true },
    email: { type: 'string' },
    /** Statement settings (spec 3 §3.3); graphs start off for payees, the rest empty. */
    statement_settings: {
      type: 'map',
      properties: {
        default_summaries: { type: 'list', items: { type: 'string' } },
        formats: { type: 'list', items: { type: 'string' } },
        frequency: { type: 'string' },
        graphs: { type: 'boolean' },
      },
    },
    ...timestamps,
  },
  indexes: keys,
});
