import { isbot } from 'isbot';
import { addClicks, clickDays } from '../data/access/smart-links.js';
import type { SmartLinkItem, SmartLinkStore } from '../data/entities/smart-link.js';
import { log } from '../lib/logger.js';

/** What a click is counted by. `country` comes from the CDN (CloudFront's viewer country header). */
export type ClickFacts = { store: string; country: string; device: 'mobile' | 'tablet' | 'desktop'; referrer: string };
type Headers = Record<string, string | undefined>;

const UNKNOWN_COUNTRY = 'unknown';
const DIRECT = 'direct';

/** The visitor's country (2 letters, upper case) as CloudFront tells it; null when unknown. */
export function visitorCountry(headers: Headers): string | null {
  const country = headers['cloudfront-viewer-country']?.trim().toUpperCase();
  return country && /^[A-Z]{2}$/.test(country) ? country : null;
}

function deviceOf(userAgent: string): ClickFacts['device'] {
  if (/iPad|Tablet|PlayBook|Silk|Kindle/i.test(userAgent)) return 'tablet';
  if (/Mobi|Android|iPhone|iPod|Opera Mini|IEMobile/i.test(userAgent)) return 'mobile';
  return 'desktop';
}

/** A referrer as the host name it came from (bounded, only letters, digits, dots and dashes); "direct" when none. */
function referrerHost(value: string | undefined): string | null {
  if (!value) return null;
  let host = value.trim().toLowerCase();
  try {
    host = new URL(host.includes('://') ? host : `https://${host}`).hostname;
  } catch {
    return null;
  }
  host = host.replace(/^www\./, '').replace(/[^a-z0-9.-]/g, '');
  return host ? host.slice(0, 60) : null;
}

/**
 * Whether a user agent is a bot, judged once per user agent: isbot's list is one large pattern, and a burst
 * of clicks comes from a handful of browsers. At most `KNOWN_AGENTS` are kept (all forgotten when full).
 */
const KNOWN_AGENTS = 2_000;
const botAgents = new Map<string, boolean>();
function isBotAgent(userAgent: string): boolean {
  let bot = botAgents.get(userAgent);
  if (bot === undefined) {
    if (botAgents.size >= KNOWN_AGENTS) botAgents.clear();
    bot = isbot(userAgent);
    botAgents.set(userAgent, bot);
  }
  return bot;
}

/**
 * What a click is counted by, or null for a bot (crawlers, link unfurlers, monitors: a maintained list, isbot),
 * which is sent on but never counted. The landing page passes its own referrer as `ref`, since the button's
 * request names the landing page itself.
 */
export function clickFacts(headers: Headers, store: string, ref: string | undefined): ClickFacts | null {
  const userAgent = headers['user-agent'] ?? '';
  if (!userAgent || isBotAgent(userAgent)) return null;
  const ownHost = referrerHost(headers.host);
  const fromHeader = referrerHost(headers.referer);
  const referrer = referrerHost(ref) ?? (fromHeader && fromHeader !== ownHost ? fromHeader : null) ?? DIRECT;
  return { store, country: visitorCountry(headers) ?? UNKNOWN_COUNTRY, device: deviceOf(userAgent), referrer };
}

const today = () => new Date().toISOString().slice(0, 10);

/**
 * How long a click waits in memory before it is written. Every click of a link and day that arrives within
 * that second goes into one UpdateItem: a burst of a thousand clicks a second costs the table one write a
 * second instead of hundreds (the write, its signing and DynamoDB's own work cost more than the redirect).
 * An AWS Lambda instance answers one request at a time, so it has nothing to gather: its write starts as soon
 * as the answer is on its way, before the instance may be frozen.
 */
const GATHER_MS = process.env.AWS_LAMBDA_FUNCTION_NAME ? 0 : 1_000;

type Batch = { tenantId: string; linkId: string; day: string; counts: Map<string, number> };
/** Clicks not written yet, by link-day; the writes on their way (a flush waits for them too). */
const waiting = new Map<string, Batch>();
const writing = new Set<Promise<void>>();
let gatherTimer: NodeJS.Timeout | undefined;

/**
 * Writes every waiting click now, one UpdateItem of ADDs per link-day, and resolves once those and the writes
 * already on their way have landed. A batch leaves `waiting` before its write starts, so each click is in
 * exactly one write (counted once); clicks that arrive meanwhile wait for the next flush. The local cloud
 * calls this when it stops, so a stopped cloud has counted every click it answered.
 */
export async function flushClicks(): Promise<void> {
  clearTimeout(gatherTimer);
  gatherTimer = undefined;
  const batches = [...waiting.values()];
  waiting.clear();
  for (const batch of batches) {
    const write = addClicksWithinItemSize(batch)
      .catch((error: unknown) => log().error('Smart link clicks could not be written', { error }))
      .finally(() => writing.delete(write));
    writing.add(write);
  }
  await Promise.all(writing);
}

/**
 * A day item holds at most 400 KB, and referrers are whatever sites send fans (a flood of made-up ones could fill
 * it). When the item is full, the clicks are still counted, their referrers as "other".
 */
async function addClicksWithinItemSize({ tenantId, linkId, day, counts }: Batch) {
  try {
    await addClicks(tenantId, linkId, day, counts);
  } catch (error) {
    if ((error as { name?: string }).name !== 'ValidationException') throw error;
    const lumped = new Map([...counts].filter(([name]) => !name.startsWith('r#')));
    const referred = [...counts].filter(([name]) => name.startsWith('r#')).reduce((sum, [, n]) => sum + n, 0);
    if (referred) lumped.set('r#other', (lumped.get('r#other') ?? 0) + referred);
    await addClicks(tenantId, linkId, day, lumped);
  }
}

/**
 * Counts the click once, after the redirect has been answered: it joins its link-day's waiting counters, written
 * by the next flush (at most `GATHER_MS` later).
 */
export function countClickAfterAnswer(link: SmartLinkItem, facts: ClickFacts): void {
  const day = today();
  const key = `${link.tenantId}|${link.id}|${day}`;
  let batch = waiting.get(key);
  if (!batch) {
    batch = { tenantId: link.tenantId, linkId: link.id, day, counts: new Map() };
    waiting.set(key, batch);
  }
  for (const name of ['n', `s#${facts.store}`, `c#${facts.country}`, `d#${facts.device}`, `r#${facts.referrer}`])
    batch.counts.set(name, (batch.counts.get(name) ?? 0) + 1);
  gatherTimer ??= setTimeout(() => void flushClicks(), GATHER_MS);
}

type Slice = { key: string; clicks: number };

/** A link's clicks: in all, per day, per store (with its name), country, device and referrer, most first. */
export async function linkAnalytics(link: SmartLinkItem) {
  const days = await clickDays(link.tenantId, link.id);
  const sums = new Map<string, number>();
  for (const { counts } of days)
    for (const [name, count] of Object.entries(counts)) sums.set(name, (sums.get(name) ?? 0) + count);
  const slices = (prefix: string): Slice[] =>
    [...sums]
      .filter(([name]) => name.startsWith(prefix))
      .map(([name, clicks]) => ({ key: name.slice(prefix.length), clicks }))
      .sort((a, b) => b.clicks - a.clicks || a.key.localeCompare(b.key));
  const names = new Map((link.stores as SmartLinkStore[]).map((store) => [store.key, store.name]));
  return {
    clicks: sums.get('n') ?? 0,
    by_day: days.map(({ day, counts }) => ({ day, clicks: counts.n ?? 0 })).sort((a, b) => a.day.localeCompare(b.day)),
    by_store: slices('s#').map((slice) => ({ ...slice, name: names.get(slice.key) ?? slice.key })),
    by_country: slices('c#'),
    by_device: slices('d#'),
    by_referrer: slices('r#'),
  };
}
