import type { z } from 'zod';
import type { promoSendInput } from '../../shared/schemas/promos.js';
import * as data from '../data/access/promos.js';
import { Conflict, HttpError } from '../lib/errors.js';
import { log } from '../lib/logger.js';
import { loadPromo } from './promos.js';
import { checkSendable, sendPromo } from './send.js';

/**
 * Sends chosen for later. The send is checked now (someone to send to, a live promo) and stored on the
 * promo; the promo schedule (every minute; locally on a timer and on demand) starts each one that is
 * due, exactly as "Send now" would, after claiming it with a conditional write (scheduled → starting),
 * so two runs of the schedule start it once. A schedule run killed after the claim leaves it
 * `starting`, and the next run starts it again: the send itself adds nobody twice and mails nobody
 * twice (send.ts), so that is safe. It can be cancelled until it starts.
 */
type SendInput = z.output<typeof promoSendInput>;

export async function scheduleSend(tenantId: string, promoId: string, send: SendInput & { send_at: string }) {
  const promo = await loadPromo(tenantId, promoId);
  await checkSendable(tenantId, promo, send);
  // Kept in UTC, so "due by now" is a comparison of strings.
  const at = new Date(send.send_at).toISOString();
  const stored = await data.scheduleSend(tenantId, promoId, { ...send, send_at: at });
  if (!stored) throw new Conflict('The scheduled send has started; it can no longer be changed');
  return { message: `Promo scheduled to send at ${at.slice(0, 16).replace('T', ' ')} UTC`, send_at: at };
}

export async function cancelScheduledSend(tenantId: string, promoId: string) {
  await loadPromo(tenantId, promoId);
  if (!(await data.moveSchedule(tenantId, promoId, 'scheduled', 'cancelled')))
    throw new Conflict('There is no scheduled send to cancel: it has started or was cancelled');
  return { message: 'Scheduled send cancelled' };
}

/** Starts every scheduled send due by `now` (and carries on those a stopped run left starting); how many it started. */
export async function startDueSends(now: string): Promise<number> {
  let started = 0;
  for (const promo of await data.listScheduledSends()) {
    const { tenantId, id } = promo;
    // Whether this run moved the send to starting. A send found starting is carried on (its run may have stopped),
    // but it may as well be another run's, live: that run owns the outcome.
    const ours = promo.schedule === 'scheduled';
    if (ours) {
      if (!promo.send_at || promo.send_at > now) continue;
      if (!(await data.moveSchedule(tenantId, id, 'scheduled', 'starting', { dueBy: now }))) continue;
    }
    try {
      await sendPromo(
        tenantId,
        id,
        { mailing_list_ids: promo.scheduled_lists ?? [], emails: promo.scheduled_emails ?? [] },
        false,
      );
      await data.moveSchedule(tenantId, id, 'starting', 'started');
      started += 1;
    } catch (error) {
      // Refused for a reason a person must see (the plan's limit reached, everyone unsubscribed, the
      // promo expired): the send is marked failed with that reason. Anything else is tried again next run.
      if (!(error instanceof HttpError)) throw error;
      log().warn('scheduled promo send refused', { tenantId, promoId: id, reason: error.message, ours });
      // A send carried on beside its live run is refused because that run is sending it: not a failure.
      if (ours) await data.moveSchedule(tenantId, id, 'starting', 'failed', { error: error.message });
    }
  }
  return started;
}
