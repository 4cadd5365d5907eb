import { findSmartLinkBySlug } from '../data/access/smart-links.js';
import type { SmartLinkItem } from '../data/entities/smart-link.js';

/**
 * The links this process read lately, by slug: a redirect is answered from memory for a few seconds after
 * the first read, as an edge redirect is, so a burst of clicks costs the table one read. This process forgets
 * a link as soon as it changes or is deleted; another instance follows within `FRESH_MS`.
 */
const FRESH_MS = 5_000;
const MAX_LINKS = 5_000;
const cache = new Map<string, { link: SmartLinkItem | null; until: number }>();

export async function linkBySlug(slug: string): Promise<SmartLinkItem | null> {
  const now = Date.now();
  const hit = cache.get(slug);
  if (hit && hit.until > now) return hit.link;
  const link = await findSmartLinkBySlug(slug);
  // The oldest entry goes first (a Map keeps insertion order), so memory stays bounded.
  if (cache.size >= MAX_LINKS) cache.delete(cache.keys().next().value as string);
  cache.delete(slug);
  cache.set(slug, { link, until: now + FRESH_MS });
  return link;
}

export function forgetLink(slug: string): void {
  cache.delete(slug);
}
