import { Entity } from 'electrodb';
import { SERVICE } from './service-name.js';

/** A tenant: a label, publisher or distributor business (spec 3 §3.7). */
export const Company = new Entity({
  model: { entity: 'company', version: '1', service: SERVICE },
  attributes: {
    companyId: { type: 'string', required: true },
    name: { type: 'string', required: true },
    email: { type: 'string' },
    tags: { type: 'list', items: { type: 'string' }, default: () => [] },
    distributed: { type: 'boolean', default: false },
    deal_percentage: { type: 'number' },
    registration_number: { type: 'string' },
    vat_number: { type: 'string' },
    vat_registered: { type: 'boolean', default: false },
    currency: { type: 'string', default: 'GBP' },
    createdAt: { type: 'string', readOnly: true, default: () => new Date().toISOString() },
    updatedAt: { type: 'string', watch: '*', set: () => new Date().toISOString() },
  },
  indexes: {
    byId: { pk: { field: 'pk', composite: ['companyId'] }, sk: { field: 'sk', composite: [] } },
    /** Admin company list and pickers. */
    all: { index: 'gsi1', pk: { field: 'gsi1pk', composite: [] }, sk: { field: 'gsi1sk', composite: ['companyId'] } },
  },
});
