import { findLabelAnyTenant } from '../data/access/labels.js';
import * as data from '../data/access/smart-links.js';
import type { ReleaseArtwork } from '../data/entities/catalogue.js';
import type { SmartLinkItem, SmartLinkStore } from '../data/entities/smart-link.js';
import { NotFound } from '../lib/errors.js';
import { reply } from '../lib/http.js';
import { presignDownload } from '../uploads/presign.js';
import { linkBySlug } from './link-cache.js';
import { offersNotifyMe, releaseDayOf } from './fans.js';
import { clickFacts, countClickAfterAnswer, visitorCountry } from './clicks.js';
import { storeUrl } from './store-urls.js';

type Headers = Record<string, string | undefined>;
const LINK_NOT_FOUND = 'This smart link does not exist';
/** A redirect is never cached: each visit must reach us to be counted and to follow the link's latest stores. */
const NO_STORE = { 'Cache-Control': 'no-store' };

async function linkOf(slug: string): Promise<SmartLinkItem> {
  const link = await linkBySlug(slug);
  if (!link) throw NotFound.saying(LINK_NOT_FOUND);
  return link;
}

/** The button address of a store: the redirect that counts the click. */
const clickPath = (slug: string, key: string) => `/api/v1/go/${slug}/${key}`;

async function coverUrl(tenantId: string, releaseId: string): Promise<string | null> {
  const artwork = (await data.getLinkRelease(tenantId, releaseId))?.artwork as ReleaseArtwork | undefined;
  return artwork ? presignDownload(artwork.medium_key, 'image/jpeg') : null;
}

/**
 * The public landing page's data: the cover, the title, one button per store that has an address for the
 * visitor's country, and the store to go to at once when the link auto-redirects. Viewing it counts nothing;
 * a click is counted when a button's redirect is followed.
 */
export async function landingPage(slug: string, headers: Headers) {
  const link = await linkOf(slug);
  const country = visitorCountry(headers);
  const buttons = (link.stores as SmartLinkStore[])
    .filter((store) => storeUrl(store, link.code, country))
    .map((store) => ({ key: store.key, name: store.name, href: clickPath(link.slug, store.key) }));
  const redirect = buttons.find((button) => button.key === link.auto_redirect);
  const [cover, releaseDay] = await Promise.all([coverUrl(link.tenantId, link.release_id), releaseDayOf(link)]);
  return reply(
    200,
    {
      smart_link: {
        title: link.title,
        artists: link.artists ?? null,
        release_date: releaseDay ?? link.release_date ?? null,
        cover_url: cover,
        buttons,
        auto_redirect: redirect?.href ?? null,
        // Before release day the page offers to mail the fan when it is out.
        notify_me: offersNotifyMe(link, releaseDay),
      },
    },
    NO_STORE,
  );
}

/**
 * A store button: answers the redirect to the store's address for the visitor's country at once, and counts
 * the click after the answer (bots are sent on but not counted). An unknown store or one without an address
 * for this country answers 404 rather than a guess.
 */
export async function followStore(slug: string, key: string, headers: Headers, ref: string | undefined) {
  const link = await linkOf(slug);
  const store = (link.stores as SmartLinkStore[]).find((candidate) => candidate.key === key);
  const url = store ? storeUrl(store, link.code, visitorCountry(headers)) : null;
  if (!store || !url) throw NotFound.saying('This store is not on the smart link');
  const facts = clickFacts(headers, store.key, ref);
  if (facts) countClickAfterAnswer(link, facts);
  return reply(302, { location: url }, { ...NO_STORE, Location: url });
}

/** The link's own short address: straight to its auto-redirect store when it has one, else its landing page. */
export async function followLink(slug: string, headers: Headers, ref: string | undefined) {
  const link = await linkOf(slug);
  if (link.auto_redirect) return followStore(slug, link.auto_redirect, headers, ref);
  const page = `/l/${link.slug}`;
  return reply(302, { location: page }, { ...NO_STORE, Location: page });
}

/**
 * A label's public store page: the label's releases that have a smart link, newest release first, each
 * with its cover and its link's address. Shown only while the label's settings open the store.
 */
export async function labelStore(labelId: string) {
  const label = await findLabelAnyTenant(labelId);
  if (!label?.store) throw NotFound.saying('This label has no store page');
  const links = (await data.listSmartLinks(label.tenantId)).filter(
    (link) => link.label_id === label.labelId && !link.recording_id,
  );
  const releases = await Promise.all(
    links.map(async (link) => ({
      title: link.title,
      artists: link.artists ?? null,
      release_date: link.release_date ?? null,
      cover_url: await coverUrl(label.tenantId, link.release_id),
      path: `/l/${link.slug}`,
    })),
  );
  releases.sort((a, b) => (b.release_date ?? '').localeCompare(a.release_date ?? '') || a.title.localeCompare(b.title));
  return reply(200, { store: { name: label.name, biog: label.short_biog ?? null, releases } }, NO_STORE);
}
