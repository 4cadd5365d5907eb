import * as data from '../data/access/promos.js';
import type { PromoRecipientItem } from '../data/entities/promo.js';
import { NotFound } from '../lib/errors.js';
import { downloadName } from '../lib/download-name.js';
import { safeCsv } from '../lib/safe-csv.js';
import { loadPromo } from './promos.js';
import { formatPercent } from '../../shared/format.js';

/**
 * What a promo's recipients did: delivered (mailed), opened (the page was opened — unreliable, as mail
 * apps open links and pixels by themselves), played (which tracks, how often), downloaded, and their
 * feedback. Plays, downloads and feedback are the measures that count.
 */
const row = (r: PromoRecipientItem) => ({
  id: r.id,
  email: r.email,
  name: r.name ?? null,
  role: r.role ?? null,
  status: r.status,
  revoked: r.revoked ?? false,
  mailed_at: r.mailed_at ?? null,
  /** When a follow-up last reminded them (follow-up.ts). */
  followed_up_at: r.followed_up_at ?? null,
  opened: Boolean(r.opened_at),
  plays: (r.plays as Record<string, number> | undefined) ?? {},
  play_count: r.play_count ?? 0,
  downloads: r.downloads ?? 0,
  feedback: r.feedback ?? null,
  // What the mail service reported (SES events): delivered to the mailbox, bounced, marked as spam.
  delivered_at: r.delivered_at ?? null,
  bounced: Boolean(r.bounced_at),
  bounce_type: r.bounce_type ?? null,
  complained: Boolean(r.complained_at),
  mail_opens: r.mail_opens ?? 0,
  mail_clicks: r.mail_clicks ?? 0,
});

/**
 * A share of the mails handed to the mail service, as a percentage with one decimal ("2.5%"); null
 * before any was. Mail services watch these two: above about 5% bounces or 0.1% complaints they
 * start holding a sender's mail back.
 */
const rate = (part: number, whole: number) => (whole ? formatPercent(((part * 100) / whole).toFixed(1)) : null);

export async function promoRecipients(tenantId: string, promoId: string) {
  await loadPromo(tenantId, promoId);
  const recipients = (await data.listRecipients(tenantId, promoId)).map(row);
  const count = (test: (r: ReturnType<typeof row>) => boolean) => recipients.filter(test).length;
  const ratings = recipients.flatMap((r) => (r.feedback ? [r.feedback.rating] : []));
  const mailed = count((r) => r.status === 'mailed');
  const bounced = count((r) => r.bounced);
  const complained = count((r) => r.complained);
  return {
    recipients,
    summary: {
      recipients: recipients.length,
      delivered: mailed,
      bounced,
      complained,
      bounce_rate: rate(bounced, mailed),
      complaint_rate: rate(complained, mailed),
      opened: count((r) => r.opened),
      played: count((r) => r.play_count > 0),
      downloaded: count((r) => r.downloads > 0),
      feedback: ratings.length,
      // Shown to one decimal; a mean of whole ratings needs no money rules.
      average_rating: ratings.length ? (ratings.reduce((a, b) => a + b, 0) / ratings.length).toFixed(1) : null,
    },
    total_count: recipients.length,
    total_pages: 1,
  };
}

/** The recipients as CSV, every typed cell made formula-safe (a comment may start with =). */
export async function recipientsCsv(tenantId: string, promoId: string) {
  const promo = await loadPromo(tenantId, promoId);
  const { recipients } = await promoRecipients(tenantId, promoId);
  const header = [
    'Email',
    'Name',
    'Delivered',
    'Bounced',
    'Complained',
    'Opened (unreliable)',
    'Plays',
    'Downloads',
    'Rating',
    'Support',
    'Favourite track',
    'Comment',
  ];
  const { recordings } = (await data.promoRelease(tenantId, promo.release_id)) ?? { recordings: [] };
  const titles = new Map(recordings.map((r) => [r.id, r.title]));
  const lines = recipients.map((r) => [
    r.email,
    r.name ?? '',
    r.status === 'mailed' ? 'yes' : 'no',
    r.bounced ? 'yes' : 'no',
    r.complained ? 'yes' : 'no',
    r.opened ? 'yes' : 'no',
    String(r.play_count),
    String(r.downloads),
    r.feedback ? String(r.feedback.rating) : '',
    r.feedback?.support ?? '',
    r.feedback?.favourite_recording_id ? (titles.get(r.feedback.favourite_recording_id) ?? '') : '',
    r.feedback?.comment ?? '',
  ]);
  const csv = safeCsv([header, ...lines], { windows: true });
  return { filename: downloadName(`${promo.title} — recipients`, 'csv'), csv };
}

export async function revokeRecipient(tenantId: string, promoId: string, recipientId: string) {
  await loadPromo(tenantId, promoId);
  if (!(await data.getRecipient(tenantId, promoId, recipientId))) throw new NotFound('Recipient');
  await data.patchRecipient(tenantId, promoId, recipientId, { revoked: true });
  return { message: 'Link revoked' };
}
