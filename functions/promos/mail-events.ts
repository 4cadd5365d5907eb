import { createHash } from 'node:crypto';
import { z } from 'zod';
import * as data from '../data/access/promos.js';
import type { MailEventEffect } from '../data/access/promos.js';

/**
 * What the mail service tells us about a promo mail after sending it. In AWS, SES's configuration set
 * publishes each event (delivery, bounce, complaint, open, click) to SNS, which puts it on the mail
 * events queue; locally the outbox's event route puts the same shape there. A permanent bounce or a
 * complaint suppresses the address for the company (never mailed again); every event is also written
 * on the recipient's row, once: the event's id is recorded in the same transaction.
 */
const tagValue = z.array(z.string().max(256)).max(5).optional();
const addresses = z
  .array(z.object({ emailAddress: z.string().max(320) }).passthrough())
  .max(50)
  .default([]);

const sesMailEvent = z
  .object({
    eventType: z.enum(['Send', 'Delivery', 'Bounce', 'Complaint', 'Open', 'Click', 'Reject', 'DeliveryDelay']),
    mail: z
      .object({
        messageId: z.string().min(1).max(200),
        timestamp: z.string().max(64).optional(),
        destination: z.array(z.string().max(320)).max(50).default([]),
        tags: z.object({ tenant: tagValue, promo: tagValue, recipient: tagValue }).passthrough().default({}),
      })
      .passthrough(),
    bounce: z
      .object({
        bounceType: z.string().max(32),
        bouncedRecipients: addresses,
        feedbackId: z.string().max(200).optional(),
        timestamp: z.string().max(64).optional(),
      })
      .passthrough()
      .optional(),
    complaint: z
      .object({
        complainedRecipients: addresses,
        feedbackId: z.string().max(200).optional(),
        timestamp: z.string().max(64).optional(),
      })
      .passthrough()
      .optional(),
    delivery: z
      .object({ timestamp: z.string().max(64).optional() })
      .passthrough()
      .optional(),
    open: z
      .object({ timestamp: z.string().max(64).optional() })
      .passthrough()
      .optional(),
    click: z
      .object({ timestamp: z.string().max(64).optional(), link: z.string().optional() })
      .passthrough()
      .optional(),
  })
  .passthrough();

/** SNS wraps the event in a notification (its `Message`, a JSON string) unless raw delivery is on: both are read. */
export const mailEventMessage = z.preprocess((body) => {
  const envelope = body as { Type?: unknown; Message?: unknown } | null;
  if (envelope?.Type !== 'Notification' || typeof envelope.Message !== 'string') return body;
  try {
    return JSON.parse(envelope.Message);
  } catch {
    return envelope.Message;
  }
}, sesMailEvent);
type MailEvent = z.output<typeof sesMailEvent>;

/** When the event happened, by the mail service's clock. */
const happenedAt = (event: MailEvent) =>
  event.bounce?.timestamp ??
  event.complaint?.timestamp ??
  event.delivery?.timestamp ??
  event.open?.timestamp ??
  event.click?.timestamp ??
  event.mail.timestamp ??
  '';

/**
 * An event's id: SES gives none of its own, so it is made of the mail, the kind of event and the
 * event's own id (a bounce's or complaint's feedback id) or time. SNS delivering one notification
 * twice, or SES publishing the same event again, gives the same id.
 */
const mailEventId = (event: MailEvent) =>
  createHash('sha256')
    .update(
      [
        event.mail.messageId,
        event.eventType,
        event.bounce?.feedbackId ?? event.complaint?.feedbackId ?? '',
        happenedAt(event),
      ].join('\n'),
    )
    .digest('hex')
    .slice(0, 40);

function effectOf(event: MailEvent): MailEventEffect | null {
  const at = happenedAt(event) || new Date().toISOString();
  switch (event.eventType) {
    case 'Delivery':
      return { set: { delivered_at: at }, add: {} };
    case 'Bounce':
      return { set: { bounced_at: at, bounce_type: event.bounce?.bounceType ?? 'Undetermined' }, add: {} };
    case 'Complaint':
      return { set: { complained_at: at }, add: {} };
    case 'Open':
      return { set: {}, add: { mail_opens: 1 } };
    case 'Click':
      return { set: {}, add: { mail_clicks: 1 } };
    default:
      return null;
  }
}

/**
 * Who to suppress for the event: every address a complaint names, and every address a bounce names
 * unless the bounce is transient (a full mailbox, a server down: SES retried already; the next promo
 * may reach them). Falls back to the mail's destination when the event names nobody.
 */
function toSuppress(event: MailEvent): { emails: string[]; reason: 'bounced' | 'complained' } | null {
  if (event.eventType === 'Complaint') {
    const named = event.complaint?.complainedRecipients.map((r) => r.emailAddress) ?? [];
    return { emails: named.length ? named : event.mail.destination, reason: 'complained' };
  }
  if (event.eventType === 'Bounce' && event.bounce?.bounceType !== 'Transient') {
    const named = event.bounce?.bouncedRecipients.map((r) => r.emailAddress) ?? [];
    return { emails: named.length ? named : event.mail.destination, reason: 'bounced' };
  }
  return null;
}

export type MailEventOutcome = 'applied' | 'replayed' | 'not a promo mail' | 'ignored';

/**
 * Applies one event. The suppression comes first and is itself written once per address, so a worker
 * that dies after it and before the event's record leaves the address suppressed, and the event's
 * re-delivery finds it so and writes the rest.
 */
export async function applyMailEvent(event: MailEvent): Promise<MailEventOutcome> {
  const tenantId = event.mail.tags.tenant?.[0];
  const promoId = event.mail.tags.promo?.[0];
  const recipientId = event.mail.tags.recipient?.[0];
  if (!tenantId || !promoId || !recipientId) return 'not a promo mail';
  const effect = effectOf(event);
  if (!effect) return 'ignored';
  const suppress = toSuppress(event);
  for (const email of suppress?.emails ?? [])
    await data.suppressAddress(tenantId, email.trim().toLowerCase(), suppress?.reason ?? 'bounced');
  const applied = await data.applyMailEvent(
    tenantId,
    { id: mailEventId(event), type: event.eventType, promoId, recipientId },
    effect,
  );
  return applied ? 'applied' : 'replayed';
}
