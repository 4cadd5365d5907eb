import { findSmartLinkBySlug } from '../data/access/smart-links.js';
import type { SmartLinkItem } from '../data/entities/smart-link.js';

/**
 * The links this process read lately, by slug: a redirect is answered from memory for a few seconds after
 * the first read, as an edge redirect is, so a burst of clicks costs the table one read every `FRESH_MS`. This
 * process forgets a link as soon as it changes or is deleted; another instance follows within `FRESH_MS` and the
 * time of one read.
 */
const FRESH_MS = 5_000;
const MAX_LINKS = 5_000;
const cache = new Map<string, { link: SmartLinkItem | null; until: number }>();
/** The read on its way per slug: the redirects that arrive meanwhile share it instead of each reading the table. */
const reading = new Map<string, Promise<SmartLinkItem | null>>();

function readLink(slug: string): Promise<SmartLinkItem | null> {
  const read = findSmartLinkBySlug(slug)
    .then((link) => {
      // A link changed here while this read was on its way was forgotten: what the read found may be older.
      if (reading.get(slug) !== read) return link;
      // The oldest entry goes first (a Map keeps insertion order), so memory stays bounded.
      if (cache.size >= MAX_LINKS) cache.delete(cache.keys().next().value as string);
      cache.delete(slug);
      cache.set(slug, { link, until: Date.now() + FRESH_MS });
      return link;
    })
    .finally(() => {
      if (reading.get(slug) === read) reading.delete(slug);
    });
  reading.set(slug, read);
  return read;
}

/**
 * A link by its slug. Once its few seconds are over, the next redirect reads it again and the redirects arriving
 * during that read are answered from what was read before, so a burst never waits for the table (when the read
 * fails, the link is read afresh by the next redirect).
 */
export async function linkBySlug(slug: string): Promise<SmartLinkItem | null> {
  const hit = cache.get(slug);
  if (hit && hit.until > Date.now()) return hit.link;
  const read = reading.get(slug) ?? readLink(slug);
  if (!hit) return read;
  read.catch(() => cache.delete(slug));
  return hit.link;
}

export function forgetLink(slug: string): void {
  cache.delete(slug);
  reading.delete(slug);
}
