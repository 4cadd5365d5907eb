import { z } from 'zod';
import { PLAN_FEATURES, PLAN_LIMITS, SUBSCRIPTION_STATUSES } from '../plans.js';
import { count, listResponse, recordResponse, recordRow, rowsResponse, savedResponse } from './responses.js';

/**
 * The answers of the platform's own pages: plans (what a company may use and what it pays, no card provider
 * involved), the admins' Jobs page and the help panel's texts, declared in the OpenAPI document and checked against
 * real answers by the response-schema tests.
 */

/** A plan: its price in the smallest currency unit (pence, cents), what it allows and its limits (null: unlimited). */
const planRow = recordRow({
  name: z.string(),
  amount: z.number().int().min(0),
  currency: z.string(),
  interval: z.enum(['month', 'year']),
  interval_count: z.number().int().min(1),
  trial_period_days: z.number().int().min(0),
  statement_descriptor: z.string().nullable(),
  stripe_id: z.string().nullable(),
  public: z.boolean(),
  rank: z.number().int(),
  features: z.looseObject(Object.fromEntries(PLAN_FEATURES.map((f) => [f, z.boolean()]))),
  limits: z.looseObject(Object.fromEntries(PLAN_LIMITS.map((l) => [l, z.number().int().min(0).nullable()]))),
}).meta({ id: 'Plan' });

export const planListResponse = rowsResponse('subscriptions', planRow);
export const planResponse = recordResponse('subscription', planRow);
export const planSavedResponse = savedResponse('subscription', planRow);

/** The plans as products, one per plan (the card provider's shape). */
export const planProductsResponse = z.looseObject({
  products: z.array(
    z.looseObject({ object: z.literal('product'), id: z.string(), name: z.string(), active: z.boolean() }),
  ),
});
/** The plans as the card provider prices them. */
export const planPricesResponse = z.looseObject({
  plans: z.array(
    z.looseObject({
      object: z.literal('plan'),
      id: z.string(),
      product: z.string(),
      nickname: z.string(),
      amount: z.number().int().min(0),
      currency: z.string(),
      interval: z.enum(['month', 'year']),
      active: z.boolean(),
    }),
  ),
});

/** The company's plan, its subscription's state, what it uses against the limits, and the plans to compare. */
export const companyPlanResponse = z.looseObject({
  plan: planRow,
  subscription: z.looseObject({
    status: z.enum(SUBSCRIPTION_STATUSES),
    provider: z.string().nullable(),
    current_period_end: z.string().nullable(),
    cancel_at_period_end: z.boolean(),
  }),
  usage: z.looseObject({ users: count, labels: count, storage_mib: z.number().min(0) }),
  plans: z.array(planRow),
});

/** The admins' Jobs page: background jobs past their expected time, named in words (company, starter). */
export const stuckJobsResponse = rowsResponse(
  'jobs',
  z.looseObject({
    kind: z.string(),
    kind_name: z.string(),
    company_id: z.string(),
    company_name: z.string().nullable(),
    id: z.string(),
    what: z.string(),
    state: z.string(),
    since: z.string(),
    expected_minutes: count,
    started_by: z.string().nullable(),
  }),
  { total_count: count, total_pages: count },
);

/** The help panel's texts an admin edited, per page (the other pages show the help that ships with the site). */
export const siteHelpResponse = z.looseObject({
  site_help: z.array(
    z.looseObject({
      page: z.string(),
      title: z.string(),
      topics: z.array(z.looseObject({ topic: z.string(), text: z.string() })),
      updated_at: z.string(),
    }),
  ),
});

/** The models the admin importer reads, with their titles. */
export const importerModelsResponse = z.looseObject({
  models: z.array(z.looseObject({ model: z.string(), title: z.string() })),
});
/** The attributes a model's file may fill. */
export const modelAttributesResponse = z.looseObject({ model: z.string(), attributes: z.array(z.unknown()) });

/** A metadata map: how a source's files' columns read as a model's attributes, for whom. */
const metadataMapRow = recordRow({
  model_type: z.string(),
  map: z.record(z.string(), z.string()),
  mapable: z.looseObject({ id: z.string(), name: z.string() }).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
}).meta({ id: 'MetadataMap' });
export const metadataMapListResponse = listResponse('metadata_maps', metadataMapRow.extend({ title: z.string() }));
export const metadataMapResponse = recordResponse('metadata_map', metadataMapRow);
export const metadataMapSavedResponse = savedResponse('metadata_map', metadataMapRow);
