import { createHash, randomBytes } from 'node:crypto';
import ical from 'ical-generator';
import { getCompany } from '../data/access/companies.js';
import { deleteCalendarFeed, feedByToken, feedsOfUser, saveCalendarFeed } from '../data/access/label-requests.js';
import { NotFound } from '../lib/errors.js';
import { appLink } from '../lib/mail.js';
import { CALENDAR_KIND_WORDS } from '../../shared/calendar-kinds.js';
import { calendarEvents } from './calendar.js';
import { addDays, todayUtc } from './dates.js';

/**
 * A user's calendar feed: a secret link a calendar app (Google, Apple, Outlook) polls without signing in. Only the
 * secret's hash is stored, so the link is shown once, when it is made; making a new one or revoking ends the old.
 */

const hash = (token: string) => createHash('sha256').update(token).digest('hex');
const feedLink = (token: string) => appLink(`/api/v1/calendar_feeds/${token}`);

/** Whether the user has a live feed link in this company (the link itself cannot be shown again). */
export async function feedState(userId: string, tenantId: string) {
  const feeds = await feedsOfUser(userId, tenantId);
  const latest = feeds.sort((a, b) => (a.createdAt ?? '').localeCompare(b.createdAt ?? '')).at(-1);
  return { active: Boolean(latest), created_at: latest?.createdAt ?? null };
}

/** A new secret link; any earlier link of the user in the company stops working. */
export async function makeFeed(userId: string, tenantId: string) {
  await revokeFeeds(userId, tenantId);
  const token = randomBytes(24).toString('base64url');
  await saveCalendarFeed({ tokenHash: hash(token), userId, tenantId });
  return { url: feedLink(token) };
}

export async function revokeFeeds(userId: string, tenantId: string) {
  const feeds = await feedsOfUser(userId, tenantId);
  await Promise.all(feeds.map((f) => deleteCalendarFeed(f.tokenHash)));
  return feeds.length;
}

/** How far the feed reaches: the last three months and the next year. */
const PAST_DAYS = 92;
const FUTURE_DAYS = 365;

/** The feed's iCalendar text; an unknown or revoked link is 404. */
export async function feedCalendar(token: string): Promise<string> {
  const feed = token.length <= 100 ? await feedByToken(hash(token)) : null;
  if (!feed) throw new NotFound('Calendar feed');
  const today = todayUtc();
  const [events, company] = await Promise.all([
    calendarEvents(feed.tenantId, { from: addDays(today, -PAST_DAYS), to: addDays(today, FUTURE_DAYS) }),
    getCompany(feed.tenantId),
  ]);
  const calendar = ical({
    name: `${company?.name ?? 'Label'} calendar`,
    prodId: { company: 'Label Platform', product: 'calendar' },
  });
  for (const e of events) {
    calendar.createEvent({
      id: `${e.id}@label-platform`,
      start: new Date(`${e.date}T00:00:00Z`),
      allDay: true,
      summary: `${CALENDAR_KIND_WORDS[e.kind]}: ${e.title}`,
      url: appLink(e.href),
    });
  }
  return calendar.toString();
}
