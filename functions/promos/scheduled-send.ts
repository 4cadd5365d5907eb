import type { z } from 'zod';
import type { promoSendInput } from '../../shared/schemas/promos.js';
import * as data from '../data/access/promos.js';
import type { PromoItem } from '../data/entities/promo.js';
import { Conflict, HttpError } from '../lib/errors.js';
import { log } from '../lib/logger.js';
import { loadPromo } from './promos.js';
import { checkSendable, sendPromo } from './send.js';

/**
 * Sends chosen for later. The send is checked now (someone to send to, a live promo) and stored on the
 * promo; the promo schedule (every minute; locally on a timer and on demand) starts each one that is
 * due, exactly as "Send now" would, after claiming it with a conditional write (scheduled → starting)
 * that also starts the run's lease on it, so two runs of the schedule start it once. It can be
 * cancelled until it starts.
 *
 * A schedule run killed after the claim leaves the send `starting`. Once its lease is over, the next
 * run takes it over (a conditional write that starts its own lease) and sends it again: the send adds
 * nobody twice and mails nobody twice (send.ts), so that is safe. The run holding the lease owns the
 * outcome: started, or failed with the reason the send was refused (the plan's free promos used up
 * meanwhile, everyone unsubscribed, the promo expired), which ends the retries. While the lease runs,
 * other runs leave the send alone, so a live run is never raced by a run that takes it for dead.
 */
type SendInput = z.output<typeof promoSendInput>;

/**
 * How long a run holds a `starting` send. Longer than the schedule job may run (its Lambda timeout is 5
 * minutes, infra/functions.ts), so a run whose lease is over has surely stopped.
 */
export const SCHEDULE_LEASE_MS = 6 * 60_000;

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
  if (!(await data.cancelSchedule(tenantId, promoId)))
    throw new Conflict('There is no scheduled send to cancel: it has started or was cancelled');
  return { message: 'Scheduled send cancelled' };
}

/** Starts every scheduled send due by `now` (and takes over those a stopped run left starting); how many it started. */
export async function startDueSends(now: string): Promise<number> {
  let started = 0;
  for (const promo of await data.listScheduledSends())
    if ((await startScheduledSend(promo, now)) === 'started') started += 1;
  return started;
}

/**
 * One promo's scheduled send at `now`: taken (due and still scheduled, or starting with its lease over),
 * sent, and ended started or failed. 'left' when it is not due, another run holds it, or it could not be
 * sent for a reason worth another try (an outage: thrown, the lease runs out and a later run tries again).
 */
export async function startScheduledSend(promo: PromoItem, now: string): Promise<'started' | 'failed' | 'left'> {
  const { tenantId, id } = promo;
  const taken =
    promo.schedule === 'scheduled'
      ? Boolean(promo.send_at && promo.send_at <= now) && (await data.claimScheduledSend(tenantId, id, now))
      : promo.schedule === 'starting' &&
        (await data.takeOverStartingSend(
          tenantId,
          id,
          now,
          new Date(Date.parse(now) - SCHEDULE_LEASE_MS).toISOString(),
        ));
  if (!taken) return 'left';
  if (promo.schedule === 'starting')
    log().info('scheduled promo send taken over after its lease', { tenantId, promoId: id });
  try {
    await sendPromo(
      tenantId,
      id,
      { mailing_list_ids: promo.scheduled_lists ?? [], emails: promo.scheduled_emails ?? [] },
      false,
    );
  } catch (error) {
    // Refused for a reason a person must see: the send is marked failed with it, and not tried again.
    if (!(error instanceof HttpError)) throw error;
    log().warn('scheduled promo send refused', { tenantId, promoId: id, reason: error.message });
    await data.endScheduledSend(tenantId, id, now, { to: 'failed', error: error.message });
    return 'failed';
  }
  await data.endScheduledSend(tenantId, id, now, { to: 'started' });
  return 'started';
}
