import {
  Entity,
  type CreateEntityItem,
  type EntityIdentifiers,
  type EntityItem,
  type UpdateEntityItem,
} from 'electrodb';
import { SERVICE } from './service-name.js';
import { timestamps } from './timestamps.js';

const flag = { type: 'boolean', default: false } as const;
/** A limit is a whole number; an absent limit means unlimited (DynamoDB maps cannot hold a typed null). */
const limit = { type: 'number' } as const;

/**
 * A subscription plan (shared/plans.ts PlanView): its price as the card provider counts
 * it, whether managers may choose it themselves, and its entitlements. Admins maintain them
 * (/admin/subscriptions); the seeded ones (SEEDED_PLAN_IDS) exist on every fresh cloud.
 */
export const Plan = new Entity({
  model: { entity: 'plan', version: '1', service: SERVICE },
  attributes: {
    planId: { type: 'string', required: true },
    name: { type: 'string', required: true },
    amount: { type: 'number', required: true },
    currency: { type: 'string', required: true },
    interval: { type: ['month', 'year'] as const, required: true },
    interval_count: { type: 'number', default: 1 },
    trial_period_days: { type: 'number', default: 0 },
    statement_descriptor: { type: 'string' },
    stripe_id: { type: 'string' },
    livemode: { type: 'boolean', default: false },
    public: { type: 'boolean', default: false },
    rank: { type: 'number', default: 0 },
    features: {
      type: 'map',
      properties: {
        dashboard: flag,
        catalogue_management: flag,
        bulk_catalogue_importing: flag,
        royalty_dashboard: flag,
        bulk_royalty_importing: flag,
        statement_generator: flag,
        label_pipelines: flag,
        release_accounting: flag,
        promo_system: flag,
      },
    },
    limits: {
      type: 'map',
      properties: { file_storage_capacity: limit, max_users: limit, max_labels: limit, free_promos: limit },
    },
    ...timestamps,
  },
  indexes: {
    byId: { pk: { field: 'pk', composite: ['planId'] }, sk: { field: 'sk', composite: [] } },
    /** Every plan (the admin list, the plans page). */
    all: { index: 'gsi1', pk: { field: 'gsi1pk', composite: [] }, sk: { field: 'gsi1sk', composite: ['planId'] } },
  },
});

/**
 * What a company has used of its plan's counted limits: the declared bytes of the files it uploaded
 * (added atomically at each presign, with a condition that keeps it within the plan's capacity).
 */
export const CompanyUsage = new Entity({
  model: { entity: 'companyUsage', version: '1', service: SERVICE },
  attributes: {
    companyId: { type: 'string', required: true },
    storage_bytes: { type: 'number', default: 0 },
  },
  indexes: {
    byCompany: { pk: { field: 'pk', composite: ['companyId'] }, sk: { field: 'sk', composite: [] } },
  },
});

export type PlanItem = EntityItem<typeof Plan>;
export type CreatePlan = CreateEntityItem<typeof Plan>;
export type UpdatePlan = UpdateEntityItem<typeof Plan>;
export type PlanIds = EntityIdentifiers<typeof Plan>;
export type CompanyUsageItem = EntityItem<typeof CompanyUsage>;
