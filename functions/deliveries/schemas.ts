import { z } from 'zod';
import { DELIVERY_ACTIONS } from '../../shared/deliveries.js';

/** The API's inputs for release deliveries (spec 2 §7 "Deliveries and quality control"). */
const id = z.string().min(1).max(80);

const newDelivery = z.strictObject({
  dsp_id: id,
  release_id: id.optional(),
  action: z.enum(DELIVERY_ACTIONS).optional(),
  // New deliveries always start created (spec 2 §3); the field is accepted as the spec sends it.
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
