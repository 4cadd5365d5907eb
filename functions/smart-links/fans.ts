import { createHash } from 'node:crypto';
import { suppressAddress } from '../data/access/promos.js';
import * as fans from '../data/access/smart-link-fans.js';
import { getLinkRelease } from '../data/access/smart-links.js';
import type { SmartLinkFanItem, SmartLinkItem } from '../data/entities/smart-link.js';
import { BadRequest, HttpError, NotFound } from '../lib/errors.js';
import { readAccessToken, secretMatches } from '../lib/secret-links.js';
import { linkBySlug } from './link-cache.js';

/**
 * "Notify me" on a pre-release smart link: a fan leaves an address with their explicit consent, and on
 * release day the fan-notices job mails each of them once (fan-notices.ts). One-click unsubscribe from that
 * mail also puts the address on the company's do-not-mail list, the one its promos obey.
 */

/** Sign-ups one link takes per minute: a script filling the form with made-up addresses stops here. */
const SIGNUPS_PER_MINUTE = 30;
const THANKS = 'Thanks: we will e-mail you when it is out.';
const ALREADY_OUT = 'This release is out already: choose a store to listen';
const TOO_MANY = 'Too many sign-ups on this link just now: try again in a minute';
const WRONG_LINK = 'This unsubscribe link is not valid';

const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);

/** A fan's id on a link: the hash of their address, so the same address asking twice is one fan. */
const fanId = (email: string) => createHash('sha256').update(email).digest('hex').slice(0, 40);

/** The release day a link waits for, as the release says now (it may have moved since the link was made). */
export async function releaseDayOf(link: SmartLinkItem): Promise<string | null> {
  const release = await getLinkRelease(link.tenantId, link.release_id);
  const day = release?.release_date?.slice(0, 10);
  return day && /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : null;
}

/** Whether the link's page offers "notify me": a release link whose release day is still to come. */
export const offersNotifyMe = (link: SmartLinkItem, releaseDay: string | null) =>
  !link.recording_id && Boolean(releaseDay && releaseDay > todayUtc());

/**
 * Keeps a fan's address and consent for the link's release day. The same address again changes nothing
 * and answers the same (the page tells no one whether an address was there). Refused once the release is
 * out, and past the link's sign-ups per minute.
 */
export async function captureFan(slug: string, email: string) {
  const link = await linkBySlug(slug);
  if (!link) throw NotFound.saying('This smart link does not exist');
  if (!offersNotifyMe(link, await releaseDayOf(link))) throw new BadRequest(ALREADY_OUT);
  const minute = new Date().toISOString().slice(0, 16);
  if (!(await fans.takeSignupSlot(link.tenantId, link.id, minute, SIGNUPS_PER_MINUTE)))
    throw new HttpError(429, TOO_MANY);
  const added = await fans.addFan(link.tenantId, link.id, {
    id: fanId(email),
    email,
    consent_at: new Date().toISOString(),
  });
  if (added) await fans.markNoticeDue(link.tenantId, link.id);
  return { message: THANKS };
}

/**
 * One-click unsubscribe (POST only): the fan is marked unsubscribed and their address joins the company's
 * do-not-mail list. A replay answers the same; leaving always works, before or after the mail.
 */
export async function unsubscribeFan(slug: string, accessToken: string) {
  const token = readAccessToken(accessToken);
  const link = token ? await linkBySlug(slug) : null;
  const fan = link && token ? await fans.getFan(link.tenantId, link.id, token.recipientId) : null;
  if (!link || !token || !fan || !secretMatches(token.secret, fan.token_hash)) throw NotFound.saying(WRONG_LINK);
  await fans.moveFan(link.tenantId, link.id, fan.id, ['waiting', 'sending', 'mailed', 'skipped'], {
    status: 'unsubscribed',
  });
  await suppressAddress(link.tenantId, fan.email, 'unsubscribed');
  return { message: 'You are unsubscribed: this label will not e-mail you again.' };
}

/** How many fans asked on a link, and where their mail is: the link's page shows it. */
export async function fanCounts(link: SmartLinkItem) {
  const all = await fans.listFans(link.tenantId, link.id);
  const count = (...statuses: SmartLinkFanItem['status'][]) => all.filter((f) => statuses.includes(f.status)).length;
  return {
    total: all.length,
    waiting: count('waiting', 'sending'),
    mailed: count('mailed'),
    unsubscribed: count('unsubscribed', 'skipped'),
  };
}
