import { z } from 'zod';
import { DELIVERY_ACTIONS, DELIVERY_STATUSES } from '../../shared/deliveries.js';
import { listQuerySchema } from '../lib/list-query.js';

/** The API's inputs for release deliveries. */
const id = z.string().min(1).max(80);

const newDelivery = z.strictObject({
  dsp_id: id,
  release_id: id.optional(),
  action: z.enum(DELIVERY_ACTIONS).optional(),
  // New deliveries always start created; the field is accepted as the API sends it.
  status: z.literal('created').optional(),
});

const deliveryRows = z
  .array(newDelivery)
  .min(1, 'Choose at least one DSP')
  .max(100, 'At most 100 DSPs at once')
  .refine((rows) => new Set(rows.map((r) => `${r.dsp_id} ${r.action ?? 'insert'}`)).size === rows.length, {
    message: 'Each DSP is listed once per action',
  });

export const bulkCreateBody = z.strictObject({ release_deliveries: deliveryRows });
export const releaseBulkCreateBody = z.strictObject({ id, release_deliveries: deliveryRows });
export const deliveryPatch = z.strictObject({
  release_delivery: z.strictObject({ action: z.enum(DELIVERY_ACTIONS) }),
});
export const bulkDeliverBody = z.strictObject({
  ids: z.array(id).max(500).optional(),
  release_id: id.optional(),
});
export const importBody = z.strictObject({ file: z.string().min(1, 'Choose a CSV file').max(5_000_000) });

/** A delivery naming its release (release_deliveries/new and /bulk). */
const companyDelivery = z.strictObject({
  release_id: id,
  dsp_id: id,
  action: z.enum(DELIVERY_ACTIONS).optional(),
  status: z.literal('created').optional(),
});
export const newCompanyDeliveryBody = z.strictObject({ release_delivery: companyDelivery });
export const bulkCompanyDeliveriesBody = z.strictObject({
  release_deliveries: z
    .array(companyDelivery)
    .min(1, 'Choose at least one release and DSP')
    .max(500, 'At most 500 deliveries at once')
    .refine(
      (rows) => new Set(rows.map((r) => `${r.release_id} ${r.dsp_id} ${r.action ?? 'insert'}`)).size === rows.length,
      { message: 'Each release is listed once per DSP and action' },
    ),
  /** Queue them at once (bulk_deliver) instead of leaving them created. */
  deliver: z.boolean().optional(),
});
/** GET release/deliveries?id=: one release's deliveries (the product's release/deliveries). */
export const releaseDeliveriesQuery = z.strictObject({ id });
/** How the company's deliveries list may sort (created_at first: the default, newest first). */
export const COMPANY_DELIVERY_SORTS = ['created_at', 'updated_at', 'status', 'release_title', 'dsp_name'] as const;
export const companyDeliveriesQuery = listQuerySchema(COMPANY_DELIVERY_SORTS, {
  status: z.enum(DELIVERY_STATUSES).optional(),
  release_id: id.optional(),
  dsp_id: id.optional(),
});
