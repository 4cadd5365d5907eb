import { CustomAttributeType, Entity, type EntityItem } from 'electrodb';
import type { PromoFollowUp } from '../../../shared/schemas/promos.js';
import { SERVICE } from './service-name.js';
import { timestamps } from './timestamps.js';
import { inStatesIndex } from './in-states-index.js';

const PROMO_SENDING = ['sending'] as const;
export const SENDS_TO_START = ['scheduled', 'starting'] as const;

/**
 * Promos: a label's mailing lists of DJs, press and radio, the promos it makes from its releases,
 * one recipient row per person a promo was sent to (their secret link's hash, what they did), the
 * addresses that asked never to be mailed again, and the promos sent per month (the plan's free_promos).
 * Every partition key starts with the company, so another company's id finds nothing.
 */
export const MailingList = new Entity({
  model: { entity: 'mailingList', version: '1', service: SERVICE },
  attributes: {
    tenantId: { type: 'string', required: true },
    id: { type: 'string', required: true },
    label_id: { type: 'string' },
    name: { type: 'string', required: true },
    description: { type: 'string' },
    tags: { type: 'list', items: { type: 'string' } },
    active: { type: 'boolean', default: true },
    ...timestamps,
  },
  indexes: {
    byTenant: { pk: { field: 'pk', composite: ['tenantId'] }, sk: { field: 'sk', composite: ['id'] } },
  },
});

/** A list member, keyed by the lower-cased address: the same address added twice is one member. */
export const MailingMember = new Entity({
  model: { entity: 'mailingMember', version: '1', service: SERVICE },
  attributes: {
    tenantId: { type: 'string', required: true },
    list_id: { type: 'string', required: true },
    email: { type: 'string', required: true },
    name: { type: 'string' },
    role: { type: ['dj', 'press', 'radio', 'other'] as const, default: 'dj' },
    country: { type: 'string' },
    tags: { type: 'list', items: { type: 'string' } },
    /** False once the label took them off (pruning: they never played its last promos); sends leave them out. */
    active: { type: 'boolean', default: true },
    ...timestamps,
  },
  indexes: {
    byList: {
      pk: { field: 'pk', composite: ['tenantId', 'list_id'] },
      sk: { field: 'sk', composite: ['email'] },
    },
  },
});

/** An address the company must never mail again: it unsubscribed, bounced or complained. */
export const PromoSuppression = new Entity({
  model: { entity: 'promoSuppression', version: '1', service: SERVICE },
  attributes: {
    tenantId: { type: 'string', required: true },
    email: { type: 'string', required: true },
    reason: { type: ['unsubscribed', 'bounced', 'complained'] as const, required: true },
    ...timestamps,
  },
  indexes: {
    byTenant: { pk: { field: 'pk', composite: ['tenantId'] }, sk: { field: 'sk', composite: ['email'] } },
  },
});

export const Promo = new Entity({
  model: { entity: 'promo', version: '1', service: SERVICE },
  attributes: {
    tenantId: { type: 'string', required: true },
    id: { type: 'string', required: true },
    release_id: { type: 'string', required: true },
    title: { type: 'string', required: true },
    artists: { type: 'string' },
    subject: { type: 'string', required: true },
    biog: { type: 'string' },
    release_date: { type: 'string' },
    start_date: { type: 'string', required: true },
    expiry_date: { type: 'string', required: true },
    access: { type: ['stream', 'download'] as const, required: true },
    download_limit: { type: 'number', required: true },
    feedback_required: { type: 'boolean', required: true },
    /** The release's recordings the promo carries, in the release's order. */
    recording_ids: { type: 'list', items: { type: 'string' }, required: true },
    /** draft → sending (the send job is mailing) → sent. Editable only while a draft. */
    status: { type: ['draft', 'sending', 'sent'] as const, required: true },
    sent_at: { type: 'string' },
    /** The billing month (YYYY-MM) the promo was counted in against the plan's free promos. */
    counted_month: { type: 'string' },
    /**
     * A send chosen for later: when, to whom, and how far it got. scheduled → starting (the schedule
     * claimed it; a restart carries on) → started, or cancelled (only while scheduled), or failed (why).
     */
    send_at: { type: 'string' },
    scheduled_lists: { type: 'list', items: { type: 'string' } },
    scheduled_emails: { type: 'list', items: { type: 'string' } },
    schedule: { type: ['scheduled', 'starting', 'started', 'cancelled', 'failed'] as const },
    /** When the schedule run that holds the `starting` send took it (its lease; functions/promos/scheduled-send.ts). */
    schedule_lease_at: { type: 'string' },
    schedule_error: { type: 'string' },
    /** The label's mail template the send renders (absent: the plain default template). */
    template_id: { type: 'string' },
    /**
     * Reminders mailed again to recipients who did not open the promo, or gave no feedback (follow-up.ts), oldest
     * first; the last one is the one the send job mails while the promo is sending.
     */
    follow_ups: { type: CustomAttributeType<PromoFollowUp[]>('any') },
    /** How many follow-ups were started: the next one is numbered after it, in a write conditional on it. */
    follow_up_count: { type: 'number' },
    ...timestamps,
  },
  indexes: {
    byTenant: { pk: { field: 'pk', composite: ['tenantId'] }, sk: { field: 'sk', composite: ['id'] } },
    byRelease: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['tenantId', 'release_id'] },
      sk: { field: 'gsi1sk', composite: ['id'] },
    },
    /** The public promo page knows only the promo's id (and the recipient's link): this finds its company. */
    byId: { index: 'gsi2', pk: { field: 'gsi2pk', composite: ['id'] }, sk: { field: 'gsi2sk', composite: [] } },
    /** Promos sending now: the admins' Jobs page. */
    sending: inStatesIndex('gsi4', 'status', PROMO_SENDING),
    /** Sends to start later or starting: the minute's promo schedule. */
    scheduledSends: inStatesIndex('gsi3', 'schedule', SENDS_TO_START),
  },
});

/**
 * One person a promo went to. Only the hash of their link's secret is kept. Status: queued (waiting
 * for the send job) → sending (claimed; the mail is on its way) → mailed, or failed; revoked ends the link.
 */
export const PromoRecipient = new Entity({
  model: { entity: 'promoRecipient', version: '1', service: SERVICE },
  attributes: {
    tenantId: { type: 'string', required: true },
    promo_id: { type: 'string', required: true },
    id: { type: 'string', required: true },
    email: { type: 'string', required: true },
    name: { type: 'string' },
    role: { type: 'string' },
    list_id: { type: 'string' },
    status: { type: ['queued', 'sending', 'mailed', 'failed'] as const, required: true },
    token_hash: { type: 'string' },
    /** The hashes of the links of earlier mails (before a follow-up mailed a new one): every link they got works. */
    earlier_token_hashes: { type: 'list', items: { type: 'string' } },
    /** The last follow-up claimed for this recipient (its number, 1 for the first): each is mailed at most once. */
    follow_up: { type: 'number' },
    followed_up_at: { type: 'string' },
    revoked: { type: 'boolean', default: false },
    mailed_at: { type: 'string' },
    opened_at: { type: 'string' },
    opens: { type: 'number', default: 0 },
    /** Plays per recording id. */
    plays: { type: 'any' },
    play_count: { type: 'number', default: 0 },
    downloads: { type: 'number', default: 0 },
    /** What the mail service reported back (SES events): delivered, bounced, complained, opens and clicks of the mail. */
    delivered_at: { type: 'string' },
    bounced_at: { type: 'string' },
    /** Permanent (the address does not exist) or Transient (a full mailbox); only a permanent bounce suppresses. */
    bounce_type: { type: 'string' },
    complained_at: { type: 'string' },
    mail_opens: { type: 'number', default: 0 },
    mail_clicks: { type: 'number', default: 0 },
    feedback: {
      type: 'map',
      properties: {
        rating: { type: 'number', required: true },
        favourite_recording_id: { type: 'string' },
        comment: { type: 'string' },
        support: { type: ['yes', 'maybe', 'no'] as const, required: true },
        given_at: { type: 'string', required: true },
      },
    },
    ...timestamps,
  },
  indexes: {
    byPromo: {
      pk: { field: 'pk', composite: ['tenantId', 'promo_id'] },
      sk: { field: 'sk', composite: ['id'] },
    },
  },
});

/**
 * A mail service event (delivery, bounce, complaint, open, click) applied to a recipient, kept by its
 * id: written in the same transaction that applies it, on the condition that it is new, so a replayed
 * event changes nothing a second time.
 */
export const PromoMailEvent = new Entity({
  model: { entity: 'promoMailEvent', version: '1', service: SERVICE },
  attributes: {
    tenantId: { type: 'string', required: true },
    event_id: { type: 'string', required: true },
    type: { type: 'string', required: true },
    promo_id: { type: 'string', required: true },
    recipient_id: { type: 'string', required: true },
    ...timestamps,
  },
  indexes: {
    byId: { pk: { field: 'pk', composite: ['tenantId'] }, sk: { field: 'sk', composite: ['event_id'] } },
  },
});

/** Promos a company sent in a month: counted in the same transaction that marks a promo sent. */
export const PromoUsage = new Entity({
  model: { entity: 'promoUsage', version: '1', service: SERVICE },
  attributes: {
    tenantId: { type: 'string', required: true },
    month: { type: 'string', required: true },
    sent: { type: 'number', default: 0 },
    ...timestamps,
  },
  indexes: {
    byTenant: { pk: { field: 'pk', composite: ['tenantId'] }, sk: { field: 'sk', composite: ['month'] } },
  },
});

/**
 * A file a recipient downloaded, made for them: its SHA-256 (the "Whose file is this?" lookup) and
 * who, which promo and which track it was made for.
 */
export const PromoDownload = new Entity({
  model: { entity: 'promoDownload', version: '1', service: SERVICE },
  attributes: {
    tenantId: { type: 'string', required: true },
    sha256: { type: 'string', required: true },
    promo_id: { type: 'string', required: true },
    recipient_id: { type: 'string', required: true },
    recording_id: { type: 'string', required: true },
    ...timestamps,
  },
  indexes: {
    byHash: { pk: { field: 'pk', composite: ['tenantId'] }, sk: { field: 'sk', composite: ['sha256'] } },
  },
});

/**
 * A label's promo mail template: its blocks as validated JSON (shared/schemas/promo-templates.ts),
 * rendered to HTML at each send.
 */
export const PromoTemplate = new Entity({
  model: { entity: 'promoTemplate', version: '1', service: SERVICE },
  attributes: {
    tenantId: { type: 'string', required: true },
    id: { type: 'string', required: true },
    name: { type: 'string', required: true },
    accent_colour: { type: 'string', required: true },
    /** Stored as validated; not an ElectroDB list of maps, which would drop the fields it does not list. */
    blocks: { type: 'any', required: true },
    ...timestamps,
  },
  indexes: {
    byTenant: { pk: { field: 'pk', composite: ['tenantId'] }, sk: { field: 'sk', composite: ['id'] } },
  },
});

export type MailingListItem = EntityItem<typeof MailingList>;
export type MailingMemberItem = EntityItem<typeof MailingMember>;
export type PromoItem = EntityItem<typeof Promo>;
export type PromoRecipientItem = EntityItem<typeof PromoRecipient>;
export type PromoTemplateItem = EntityItem<typeof PromoTemplate>;
