import { Entity, type EntityItem } from 'electrodb';
import { SERVICE } from './service-name.js';

/**
 * What the platform admin's dashboard needs of one company (its counts, currency, what its
 * statements still owe, its revenue totals by pay period), kept under the versions of the lists
 * it was computed from. Derived data: a missing or stale item is recomputed, never trusted.
 * `summary` is the JSON of functions/money/finances/company-summary.ts (money as exact decimal strings).
 */
export const CompanySummary = new Entity({
  model: { entity: 'companySummary', version: '1', service: SERVICE },
  attributes: {
    companyId: { type: 'string', required: true },
    versions: { type: 'string', required: true },
    summary: { type: 'string', required: true },
    computedAt: { type: 'string', required: true },
  },
  indexes: {
    byCompany: { pk: { field: 'pk', composite: ['companyId'] }, sk: { field: 'sk', composite: [] } },
  },
});

export type CompanySummaryItem = EntityItem<typeof CompanySummary>;
