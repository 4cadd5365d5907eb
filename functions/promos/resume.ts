import { listPromosSending } from '../data/access/promos.js';
import type { JobResumer } from '../jobs/job-kinds.js';
import { queuePromoSend } from './queue.js';

/**
 * Promo sends as a resumable job. A promo stays `sending` until its worker found nobody left queued;
 * resuming queues its message again, and the worker mails only recipients still queued (each claimed by
 * a conditional write), so nobody is mailed twice. A recipient claimed by a worker that died before its
 * mail went stays "sending" in the analysis rather than risk a second mail.
 */
export const promoSendJobs: JobResumer = {
  kind: 'promo_send',
  expectedSeconds: 15 * 60,
  async listUnfinished() {
    return (await listPromosSending()).map((promo) => ({
      kind: 'promo_send' as const,
      tenantId: promo.tenantId,
      id: promo.id,
      what: promo.title,
      state: 'Sending',
      since: String(promo.sent_at ?? promo.updatedAt ?? promo.createdAt ?? ''),
    }));
  },
  async resume({ tenantId, id }) {
    await queuePromoSend({ tenantId, promoId: id });
  },
};
