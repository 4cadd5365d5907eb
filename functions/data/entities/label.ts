import {
  Entity,
  type CreateEntityItem,
  type EntityIdentifiers,
  type EntityItem,
  type UpdateEntityItem,
} from 'electrodb';
import { SERVICE } from './service-name.js';

/** A record label of a company. `tenantId` leads the key: a query cannot leave its tenant. */
export const Label = new Entity({
  model: { entity: 'label', version: '1', service: SERVICE },
  attributes: {
    tenantId: { type: 'string', required: true },
    labelId: { type: 'string', required: true },
    name: { type: 'string', required: true },
    active: { type: 'boolean', default: true },
    distributed: { type: 'boolean', default: false },
    /** Requested labels wait for approval (scope requested). */
    requested: { type: 'boolean', default: false },
    /** Who asked for a requested label, and why (POST /label_requests; told when an admin answers). */
    requested_by: { type: 'string' },
    request_notes: { type: 'string' },
    biog: { type: 'string' },
    short_biog: { type: 'string' },
    email: { type: 'string' },
    deal_percentage: { type: 'number' },
    fulfilment: { type: 'boolean', default: false },
    store: { type: 'boolean', default: false },
    referred: { type: 'boolean', default: false },
    referrer: { type: 'string' },
    pseudonyms: { type: 'list', items: { type: 'string' }, default: () => [] },
    country_id: { type: 'string' },
    urls: {
      type: 'list',
      default: () => [],
      items: {
        type: 'map',
        properties: { id: { type: 'string' }, link: { type: 'string', required: true }, link_text: { type: 'string' } },
      },
    },
    label_identifiers: {
      type: 'list',
      default: () => [],
      items: {
        type: 'map',
        properties: {
          id: { type: 'string' },
          type_of: { type: 'string', required: true },
          ref: { type: 'string', required: true },
        },
      },
    },
    /** Statement settings; unset, graphs are on for a label and the rest empty. */
    statement_settings: {
      type: 'map',
      properties: {
        default_summaries: { type: 'list', items: { type: 'string' } },
        formats: { type: 'list', items: { type: 'string' } },
        frequency: { type: 'string' },
        graphs: { type: 'boolean' },
      },
    },
    logo: {
      type: 'map',
      properties: {
        key: { type: 'string' },
        content_type: { type: 'string' },
        size: { type: 'number' },
        filename: { type: 'string' },
      },
    },
    /** The label's contract document (uploaded through contract_upload). */
    contract: {
      type: 'map',
      properties: {
        key: { type: 'string' },
        content_type: { type: 'string' },
        size: { type: 'number' },
        filename: { type: 'string' },
      },
    },
    /** Rows as the label schema validated them (distributor, term, notes): kept whole. */
    distribution_agreements: { type: 'any' },
    fulfilment_agreements: { type: 'any' },
    /**
     * The label's tools: its to-do list (with the same task rows a release keeps: id, body, done,
     * due_date, assignee_id) and its notebook (note rows: id, title, content, tags, dates).
     * `tools_revision` grows with every change to them, so two writers cannot overwrite each other.
     */
    todo_list: { type: 'any' },
    todo_tasks: { type: 'any' },
    notebook: { type: 'any' },
    notes: { type: 'any' },
    tools_revision: { type: 'number' },
    /** The label's settings: what a new release of the label starts with where its form leaves a field empty. */
    release_defaults: { type: 'any' },
    createdAt: { type: 'string', readOnly: true, default: () => new Date().toISOString() },
    updatedAt: { type: 'string', watch: '*', set: () => new Date().toISOString() },
  },
  indexes: {
    byTenant: { pk: { field: 'pk', composite: ['tenantId'] }, sk: { field: 'sk', composite: ['labelId'] } },
    /** LabelsAdmin: every tenant's labels, through their own index. */
    all: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: [] },
      sk: { field: 'gsi1sk', composite: ['tenantId', 'labelId'] },
    },
    /** LabelAdmin: one label by id whatever its tenant. */
    byId: { index: 'gsi2', pk: { field: 'gsi2pk', composite: ['labelId'] }, sk: { field: 'gsi2sk', composite: [] } },
  },
});

export type LabelItem = EntityItem<typeof Label>;
export type CreateLabel = CreateEntityItem<typeof Label>;
export type UpdateLabel = UpdateEntityItem<typeof Label>;
export type LabelIds = EntityIdentifiers<typeof Label>;
