import {
  getDeliveryRelease,
  getReleaseDelivery,
  listDeliveriesOnTheirWay,
  requeueStuckDelivery,
} from '../data/access/deliveries.js';
import type { JobResumer } from '../jobs/job-kinds.js';
import { staleQueuedBefore } from './lease.js';
import { queueDelivery } from './queue.js';

/**
 * Deliveries as a resumable job. The local queue keeps its messages in memory only, so a restart
 * loses the message of a delivery queued or under way: on start each one is queued again in the
 * batch it began, and its worker carries that batch on (uploads it again, BatchComplete last, or
 * finds it complete). In AWS a message re-delivered after its worker died takes the lapsed lease
 * over; the admins' Resume and the label's Deliver again do the same by hand, and leave a delivery
 * a live worker holds alone.
 */
export const deliveryJobs: JobResumer = {
  kind: 'delivery',
  expectedSeconds: 30 * 60,
  async listUnfinished() {
    const items = await listDeliveriesOnTheirWay();
    return Promise.all(
      items.map(async (item) => {
        const release = await getDeliveryRelease(item.tenantId, item.release_id);
        return {
          kind: 'delivery' as const,
          tenantId: item.tenantId,
          id: item.id,
          what: release ? `${release.title}${release.upc ? ` (${release.upc})` : ''}` : 'A release',
          state: item.status === 'queued' ? 'Waiting to be delivered' : 'Delivering',
          since: String(item.queued_at ?? item.updatedAt ?? item.createdAt ?? ''),
          ...(item.created_by ? { startedBy: item.created_by } : {}),
        };
      }),
    );
  },
  async resume({ tenantId, id }, { onStart }) {
    const item = await getReleaseDelivery(tenantId, id);
    if (!item) return;
    const requeued = await requeueStuckDelivery(tenantId, id, { queuedBefore: staleQueuedBefore(), anyClaim: onStart });
    if (!requeued?.batch_id) return;
    await queueDelivery({
      tenantId,
      deliveryId: id,
      batchId: requeued.batch_id,
      ...(item.created_by ? { userId: item.created_by } : {}),
    });
  },
};
