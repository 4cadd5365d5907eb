import { createHash } from 'node:crypto';
import { today } from './today.js';
import type { z } from 'zod';
import { MAX_RECIPIENTS_PER_SEND, type promoSendInput } from '../../shared/schemas/promos.js';
import * as data from '../data/access/promos.js';
import type { PromoItem, PromoRecipientItem } from '../data/entities/promo.js';
import { Conflict, InvalidField } from '../lib/errors.js';
import { appLink, type Mail, type MailSender, sendMail } from '../lib/mail.js';
import { companyMailSender } from '../data/access/companies.js';
import { freePromos } from '../plans/limits.js';
import { loadPromo } from './promos.js';
import { queuePromoAudio, queuePromoSend } from './queue.js';
import { oneClickHeaders } from '../lib/one-click-unsubscribe.js';
import { newAccessToken } from '../lib/secret-links.js';
import { pacer, sendRate } from './send-rate.js';
import type { MailContent, TemplateDesign } from './template-render.js';
import { renderPromoMail } from './template-render.js';
import { designForPromo, senderOf } from './templates.js';
import { followUpRecipients } from './follow-up.js';
import { log } from '../lib/logger.js';
import { formatDate } from '../../shared/format.js';

/**
 * Sending a promo: the API works out who it goes to (the chosen lists' members and single addresses,
 * each address once, suppressed ones left out), queues one recipient row per person and a message to
 * the promo worker, which mails each of them their own link. The first send of a draft counts against
 * the plan's free promos for the month, in the transaction that marks the promo as sending.
 */
const thisMonth = () => new Date().toISOString().slice(0, 7);

/** The same address on the same promo is always the same recipient, so a second send adds nobody twice. */
const recipientId = (promoId: string, email: string) =>
  createHash('sha256').update(`${promoId}\n${email}`).digest('hex').slice(0, 32);

type Person = Pick<PromoRecipientItem, 'email' | 'name' | 'role' | 'list_id'>;

async function whoGetsIt(tenantId: string, send: z.output<typeof promoSendInput>) {
  const people = new Map<string, Person>();
  for (const listId of send.mailing_list_ids) {
    const list = await data.getMailingList(tenantId, listId);
    if (!list) throw new InvalidField('mailing_list_ids', 'Mailing list not found');
    if (list.active === false) throw new InvalidField('mailing_list_ids', `Mailing list ${list.name} is not active`);
    for (const member of await data.listMembers(tenantId, listId))
      if (member.active !== false && !people.has(member.email))
        people.set(member.email, { email: member.email, name: member.name, role: member.role, list_id: listId });
  }
  for (const email of send.emails) if (!people.has(email)) people.set(email, { email });
  if (people.size > MAX_RECIPIENTS_PER_SEND)
    throw new InvalidField('mailing_list_ids', `A send reaches at most ${MAX_RECIPIENTS_PER_SEND} people`);
  const suppressed = await data.suppressedAddresses(tenantId);
  const kept = [...people.values()].filter((person) => !suppressed.has(person.email));
  return { kept, suppressed: people.size - kept.length };
}

async function countFirstSend(tenantId: string, promo: PromoItem, isAdmin: boolean) {
  const { max, refusal } = await freePromos(tenantId, isAdmin);
  try {
    await data.startFirstSend(tenantId, promo.id, thisMonth(), max, 'free promos');
  } catch (error) {
    // The transaction names which write it refused: the month's count (the plan's limit) or the promo.
    if (error instanceof Conflict && error.errors?.promo) throw await refusal();
    throw error;
  }
}

/** What must hold for a send, now or later: a live promo with recordings, and someone to send it to. */
export async function checkSendable(tenantId: string, promo: PromoItem, send: z.output<typeof promoSendInput>) {
  if (promo.expiry_date < today()) throw new Conflict('This promo has expired; change its expiry date to send it');
  if (!promo.recording_ids.length) throw new InvalidField('recording_ids', 'Choose at least one recording to send');
  const { kept, suppressed } = await whoGetsIt(tenantId, send);
  if (!kept.length)
    throw new InvalidField('mailing_list_ids', 'Nobody to send to: every address unsubscribed, bounced or complained');
  return { kept, suppressed };
}

export async function sendPromo(
  tenantId: string,
  promoId: string,
  send: z.output<typeof promoSendInput>,
  isAdmin: boolean,
) {
  const promo = await loadPromo(tenantId, promoId);
  const { kept, suppressed } = await checkSendable(tenantId, promo, send);
  if (promo.status === 'draft') await countFirstSend(tenantId, promo, isAdmin);
  else await data.markSending(tenantId, promo.id);
  let queued = 0;
  for (const person of kept)
    if (await data.addRecipient(tenantId, promo.id, recipientId(promo.id, person.email), person)) queued += 1;
  await queuePromoSend({ tenantId, promoId: promo.id });
  // The download files are made beside the mailing; a send to more people finds them made (a no-op).
  if (promo.access === 'download') await queuePromoAudio({ tenantId, promoId: promo.id });
  return {
    message: `Promo sending to ${queued} ${queued === 1 ? 'person' : 'people'}`,
    queued,
    already_sent: kept.length - queued,
    suppressed,
  };
}

/** The public page's link and the one-click unsubscribe address of a recipient's token. */
const promoPageLink = (promoId: string, token: string) => appLink(`/promo/${promoId}/${token}`);
const unsubscribeLink = (promoId: string, token: string) => appLink(`/api/v1/promo_unsubscribe/${promoId}/${token}`);
/** The cover in the mail is fetched through the recipient's link (a presigned address would expire first). */
const coverLink = (promoId: string, token: string) => appLink(`/api/v1/promo_pages/${promoId}/${token}/cover`);

/** What every mail of one send shares: the promo, its template, its sender and whether it has a cover. */
type SendContext = {
  promo: PromoItem;
  design: TemplateDesign;
  label: MailContent['label'];
  sender: MailSender;
  hasCover: boolean;
};

function promoMail(
  { promo, design, label, sender, hasCover }: SendContext,
  recipient: PromoRecipientItem,
  token: string,
  reminder = false,
): Mail {
  const link = promoPageLink(promo.id, token);
  const unsubscribe = unsubscribeLink(promo.id, token);
  const { html, text } = renderPromoMail(design, {
    title: promo.title,
    artists: promo.artists ?? '',
    release_date: promo.release_date ?? null,
    expiry_date: promo.expiry_date,
    biog: promo.biog ?? '',
    recipient_name: recipient.name ?? null,
    cover_url: hasCover ? coverLink(promo.id, token) : null,
    page_link: link,
    feedback_link: `${link}#feedback`,
    unsubscribe_link: unsubscribe,
    label,
  });
  return {
    to: recipient.email,
    // In the label's name; a DJ's reply reaches the label.
    sender,
    subject: reminder ? `Reminder: ${promo.subject}` : promo.subject,
    text: `${text}\n\nThis link is yours alone and works until ${formatDate(promo.expiry_date)}.`,
    html,
    // RFC 8058 one-click unsubscribe: mail clients POST to the address; a GET there changes nothing.
    headers: oneClickHeaders(unsubscribe),
    // The mail service's events about this mail (bounced, complained …) come back naming these (mail-events.ts).
    tags: { tenant: promo.tenantId, promo: promo.id, recipient: recipient.id },
  };
}

async function sendContext(tenantId: string, promo: PromoItem): Promise<SendContext> {
  const [design, label, sender, release] = await Promise.all([
    designForPromo(tenantId, promo),
    senderOf(tenantId),
    companyMailSender(tenantId),
    data.promoRelease(tenantId, promo.release_id),
  ]);
  return { promo, design, label, sender, hasCover: Boolean(release?.release.artwork) };
}

/** One mail a run may send: to whom, whether it is a follow-up's reminder, its claim, and what is kept after. */
type DueMail = {
  recipient: PromoRecipientItem;
  reminder: boolean;
  /** Claims the mail once (a conditional write with the new link's hash): false when someone else has it. */
  claim: (hash: string) => Promise<boolean>;
  sent: () => Promise<void>;
  failed: (error: unknown) => Promise<void>;
};

/**
 * The mails a run of the promo's send still owes: each queued recipient's first mail, then its latest follow-up's
 * reminder to each of its audience not claimed for it yet (follow-up.ts). A reminder that fails to go leaves the
 * recipient as mailed (their first mail went): it is not tried again.
 */
async function dueMails(tenantId: string, promo: PromoItem): Promise<DueMail[]> {
  const recipients = await data.listRecipients(tenantId, promo.id);
  const firsts = recipients
    .filter((recipient) => recipient.status === 'queued')
    .map((recipient) => ({
      recipient,
      reminder: false,
      claim: (hash: string) => data.claimRecipient(tenantId, promo.id, recipient.id, hash),
      sent: () => data.finishRecipient(tenantId, promo.id, recipient.id, 'mailed'),
      failed: () => data.finishRecipient(tenantId, promo.id, recipient.id, 'failed'),
    }));
  const followUp = promo.follow_ups?.at(-1);
  if (!followUp) return firsts;
  const reminded = followUpRecipients(recipients, followUp.audience, await data.suppressedAddresses(tenantId));
  const reminders = reminded
    .filter((recipient) => (recipient.follow_up ?? 0) < followUp.number)
    .map((recipient) => ({
      recipient,
      reminder: true,
      claim: (hash: string) => data.claimFollowUp(tenantId, promo.id, recipient, followUp.number, hash),
      sent: () => data.followedUp(tenantId, promo.id, recipient.id),
      failed: async (error: unknown) => {
        log().warn('promo follow-up not sent', { recipient: recipient.id, error: String(error) });
      },
    }));
  return [...firsts, ...reminders];
}

/**
 * The worker's step: mails every queued recipient of the promo, then its latest follow-up's reminders (dueMails),
 * one mail per person (each has their own link), paced to the configured sending rate (send-rate.ts). Each is claimed first by a conditional
 * write (queued → sending, with their link's hash), so a re-delivered message or a second worker
 * mails nobody twice; once nobody is queued the promo is sent. A run that reaches `until` (before
 * its Lambda would be stopped) leaves the rest queued and queues the send again to carry on.
 */
export async function mailQueuedRecipients(
  tenantId: string,
  promoId: string,
  options: { until?: number; rate?: number } = {},
): Promise<{ mailed: number; unfinished: boolean }> {
  const promo = await data.getPromo(tenantId, promoId);
  if (!promo) return { mailed: 0, unfinished: false };
  const context = await sendContext(tenantId, promo);
  const nextMail = pacer(options.rate ?? sendRate());
  let mailed = 0;
  for (const due of await dueMails(tenantId, promo)) {
    if (options.until !== undefined && Date.now() >= options.until) {
      await queuePromoSend({ tenantId, promoId });
      return { mailed, unfinished: true };
    }
    await nextMail();
    const { token, hash } = newAccessToken(due.recipient.id);
    if (!(await due.claim(hash))) continue;
    try {
      await sendMail(promoMail(context, due.recipient, token, due.reminder));
      await due.sent();
      mailed += 1;
    } catch (error) {
      await due.failed(error);
    }
  }
  await data.markSent(tenantId, promoId);
  return { mailed, unfinished: false };
}
