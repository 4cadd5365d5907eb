import type { ReleaseDeliveryView } from '../../shared/deliveries.js';
import type { ReleaseDeliveryItem } from '../data/entities/deliveries.js';

/**
 * A delivery as the browser sees it: its own fields and the store's name. Built field by field,
 * so nothing of the store's technical specification (its server password) can ever reach an answer.
 */
export function deliveryView(item: ReleaseDeliveryItem, dspName?: string): ReleaseDeliveryView {
  return {
    id: item.id,
    release_id: item.release_id,
    dsp_id: item.dsp_id,
    ...(dspName ? { dsp_name: dspName } : {}),
    action: item.action,
    status: item.status,
    ...(item.reason ? { reason: item.reason } : {}),
    ...(item.batch_id ? { batch_id: item.batch_id } : {}),
    ...(item.queued_at ? { queued_at: item.queued_at } : {}),
    ...(item.files ? { files: item.files } : {}),
    ...(item.delivered_at ? { delivered_at: item.delivered_at } : {}),
    attempts: item.attempts,
    ...(item.created_by ? { created_by: item.created_by } : {}),
    ...(item.createdAt ? { created_at: item.createdAt } : {}),
    ...(item.updatedAt ? { updated_at: item.updatedAt } : {}),
  };
}
