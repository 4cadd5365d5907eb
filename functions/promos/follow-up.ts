import type { z } from 'zod';
import { today } from './today.js';
import { formatCount } from '../../shared/format.js';
import {
  type FollowUpAudience,
  MAX_FOLLOW_UPS,
  type PromoFollowUp,
  type promoFollowUpInput,
} from '../../shared/schemas/promos.js';
import * as data from '../data/access/promos.js';
import type { PromoRecipientItem } from '../data/entities/promo.js';
import type { Caller } from '../lib/auth-context.js';
import { Conflict, InvalidField } from '../lib/errors.js';
import { loadPromo } from './promos.js';
import { queuePromoSend } from './queue.js';

/**
 * A follow-up: the promo mailed again, as a reminder, to the people it was mailed to who have not opened it (or have
 * left no feedback), at most twice a promo. It is numbered on the promo in one conditional write that also sets the
 * promo sending, so the send job (and a restart's resume of it) mails it: each recipient is claimed for the
 * follow-up's number before their mail, so nobody gets the same follow-up twice. Their new mail carries a new link,
 * and the links of their earlier mails keep working.
 */

/** Who a follow-up reaches: mailed, their link not withdrawn, not unsubscribed (or bounced), and in its audience. */
export function followUpRecipients(
  recipients: readonly PromoRecipientItem[],
  audience: FollowUpAudience,
  suppressed: ReadonlyMap<string, string>,
): PromoRecipientItem[] {
  return recipients.filter(
    (r) =>
      r.status === 'mailed' &&
      !r.revoked &&
      !suppressed.has(r.email) &&
      (audience === 'not_opened' ? !r.opened_at : !r.feedback),
  );
}

const NOBODY: Record<FollowUpAudience, string> = {
  not_opened: 'Everyone it was mailed to has opened it: there is nobody to follow up',
  no_feedback: 'Everyone it was mailed to has left feedback: there is nobody to follow up',
};

export async function followUpPromo(
  tenantId: string,
  promoId: string,
  input: z.output<typeof promoFollowUpInput>,
  caller: Caller,
) {
  const promo = await loadPromo(tenantId, promoId);
  if (promo.status === 'draft')
    throw new Conflict('Send the promo first: a follow-up goes to the people it was sent to');
  if (promo.status === 'sending') throw new Conflict('The promo is still being sent: follow it up once it is sent');
  if (promo.expiry_date < today()) throw new Conflict('This promo has expired: its links no longer work');
  const earlier = promo.follow_ups ?? [];
  if (earlier.length >= MAX_FOLLOW_UPS) throw new Conflict('A promo is followed up at most twice');
  const [recipients, suppressed] = await Promise.all([
    data.listRecipients(tenantId, promoId),
    data.suppressedAddresses(tenantId),
  ]);
  const reached = followUpRecipients(recipients, input.audience, suppressed).length;
  if (!reached) throw new InvalidField('audience', NOBODY[input.audience]);
  const followUp: PromoFollowUp = {
    number: earlier.length + 1,
    audience: input.audience,
    at: new Date().toISOString(),
    user_id: caller.user.userId,
  };
  if (!(await data.startFollowUp(tenantId, promoId, followUp, earlier)))
    throw new Conflict('The promo changed meanwhile (another follow-up or send): reload it and try again');
  await queuePromoSend({ tenantId, promoId });
  return {
    message: `Follow-up sending to ${formatCount(reached)} ${reached === 1 ? 'person' : 'people'}`,
    queued: reached,
  };
}
