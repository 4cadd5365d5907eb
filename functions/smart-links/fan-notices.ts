import { suppressedAddresses } from '../data/access/promos.js';
import * as fans from '../data/access/smart-link-fans.js';
import { getSmartLink } from '../data/access/smart-links.js';
import type { SmartLinkFanItem, SmartLinkItem, SmartLinkStore } from '../data/entities/smart-link.js';
import { log } from '../lib/logger.js';
import { pacer } from '../lib/pacer.js';
import { sendRate } from '../promos/send-rate.js';
import { appLink, type Mail, type MailSender, sendMail } from '../lib/mail.js';
import { companyMailSender } from '../data/access/companies.js';
import { oneClickHeaders } from '../lib/one-click-unsubscribe.js';
import { newAccessToken } from '../lib/secret-links.js';
import { releaseDayOf } from './fans.js';
import { storeUrl } from './store-urls.js';

/**
 * The release-day mail to the fans who asked for it. The fan-notices schedule (hourly; locally on a timer
 * and on demand) looks at each link with fans waiting; once its release day has come (UTC, as the release
 * says now) it mails each waiting fan after claiming them with a conditional write (waiting → sending, with
 * the hash of their unsubscribe link), so two runs at once, or a re-delivered schedule event, mail nobody
 * twice. A run killed between a claim and its mail leaves that fan unmailed rather than risk a second
 * mail; a run killed anywhere else is carried on by the next one, which finds the link still due.
 */
export async function mailFansOnReleaseDay(now: Date): Promise<{ links: number; mailed: number }> {
  const today = now.toISOString().slice(0, 10);
  let links = 0;
  let mailed = 0;
  for (const due of await fans.listNoticesDue()) {
    const link = await getSmartLink(due.tenantId, due.link_id);
    const day = link ? await releaseDayOf(link) : null;
    if (link && (!day || day > today)) continue;
    const run = link ? await mailWaitingFans(link) : { mailed: 0, left: 0 };
    links += link ? 1 : 0;
    mailed += run.mailed;
    // Deleted links, and links whose fans all had their turn, leave the schedule's list.
    if (!run.left) await fans.clearNoticeDue(due.tenantId, due.link_id);
  }
  return { links, mailed };
}

/** Mails the link's waiting fans; how many it mailed and how many still wait (the mail service refused them). */
async function mailWaitingFans(link: SmartLinkItem): Promise<{ mailed: number; left: number }> {
  const doNotMail = await suppressedAddresses(link.tenantId);
  // Paced like a promo send: a release with thousands of fans must keep within the mail service's sending rate.
  const nextMail = pacer(sendRate());
  const label = await companyMailSender(link.tenantId);
  let mailed = 0;
  let left = 0;
  for (const fan of await fans.listFans(link.tenantId, link.id)) {
    if (fan.status !== 'waiting') continue;
    if (doNotMail.has(fan.email)) {
      await fans.moveFan(link.tenantId, link.id, fan.id, ['waiting'], { status: 'skipped' });
      continue;
    }
    // Before the claim: a fan is claimed (sending) only for the moment its mail goes out.
    await nextMail();
    const { token, hash } = newAccessToken(fan.id);
    if (!(await fans.moveFan(link.tenantId, link.id, fan.id, ['waiting'], { status: 'sending', token_hash: hash })))
      continue;
    try {
      await sendMail(fanMail(link, fan, token, label));
    } catch (error) {
      // The mail service refused it: nothing went out, so the fan waits for the next run.
      log().warn('release-day mail not sent', { linkId: link.id, error: (error as Error).message });
      await fans.moveFan(link.tenantId, link.id, fan.id, ['sending'], { status: 'waiting' });
      left += 1;
      continue;
    }
    await fans.moveFan(link.tenantId, link.id, fan.id, ['sending'], {
      status: 'mailed',
      mailed_at: new Date().toISOString(),
    });
    mailed += 1;
  }
  return { mailed, left };
}

/**
 * The mail: the release is out, one line per store (each through the counted redirect), and how to leave. It comes
 * in the artists' name (the fan signed up on their release's page), and a reply goes to the label.
 */
export function fanMail(
  link: SmartLinkItem,
  fan: Pick<SmartLinkFanItem, 'email'>,
  token: string,
  label: MailSender,
): Mail {
  const unsubscribe = appLink(`/api/v1/link_pages/${link.slug}/unsubscribe/${token}`);
  const stores = (link.stores as SmartLinkStore[])
    .filter((store) => storeUrl(store, link.code, null))
    .map((store) => `${store.name}: ${appLink(`/api/v1/go/${link.slug}/${store.key}?ref=email`)}`);
  const name = `${link.artists ? `${link.artists} – ` : ''}${link.title}`;
  return {
    to: fan.email,
    sender: { name: link.artists || label.name, replyTo: label.replyTo },
    subject: `${name} is out now`,
    text: [
      'Hi,',
      '',
      `${name} is out today. Listen on:`,
      '',
      ...stores,
      '',
      `All the stores: ${appLink(`/l/${link.slug}`)}`,
      '',
      'You get this one mail because you asked for it on the release’s page.',
      `Unsubscribe: ${appLink(`/l/${link.slug}/unsubscribe/${token}`)}`,
    ].join('\n'),
    // RFC 8058 one-click unsubscribe: mail clients POST to the address; a GET there changes nothing.
    headers: oneClickHeaders(unsubscribe),
  };
}
