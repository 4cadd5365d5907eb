import { Entity } from 'electrodb';
import { SERVICE } from './service-name.js';

/**
 * Reference data admins maintain for every tenant (spec 1 §3). Each collection keys records by
 * `id` and lists them through one partition of gsi1, so one generic resource serves them all.
 */
const timestamps = {
  createdAt: { type: 'string', readOnly: true, default: () => new Date().toISOString() },
  updatedAt: { type: 'string', watch: '*', set: () => new Date().toISOString() },
} as const;

const keys = {
  byId: { pk: { field: 'pk', composite: ['id'] }, sk: { field: 'sk', composite: [] } },
  all: { index: 'gsi1', pk: { field: 'gsi1pk', composite: [] }, sk: { field: 'gsi1sk', composite: ['id'] } },
} as const;

export const Country = new Entity({
  model: { entity: 'country', version: '1', service: SERVICE },
  attributes: {
    id: { type: 'string', required: true },
    name: { type: 'string', required: true },
    iso_alpha_two: { type: 'string', required: true },
    iso_alpha_three: { type: 'string', required: true },
    iso_numeric: { type: 'string', required: true },
    ...timestamps,
  },
  indexes: keys,
});

export const Language = new Entity({
  model: { entity: 'language', version: '1', service: SERVICE },
  attributes: {
    id: { type: 'string', required: true },
    name: { type: 'string', required: true },
    family: { type: 'string' },
    native_name: { type: 'string' },
    iso_alpha_two: { type: 'string' },
    iso_alpha_three: { type: 'string' },
    english_iso_alpha_three: { type: 'string' },
    macro_iso_alpha_three: { type: 'string' },
    notes: { type: 'string' },
    ...timestamps,
  },
  indexes: keys,
});

export const Genre = new Entity({
  model: { entity: 'genre', version: '1', service: SERVICE },
  attributes: {
    id: { type: 'string', required: true },
    name: { type: 'string', required: true },
    active: { type: 'boolean', default: true },
    base_genre: { type: 'boolean', default: false },
    ...timestamps,
  },
  indexes: keys,
});

export const PerformerRole = new Entity({
  model: { entity: 'performerRole', version: '1', service: SERVICE },
  attributes: {
    id: { type: 'string', required: true },
    description: { type: 'string', required: true },
    /** PPL's code for the role; empty where no published code could be sourced. */
    ppl_code: { type: 'string' },
    active: { type: 'boolean', default: true },
    ...timestamps,
  },
  indexes: keys,
});
