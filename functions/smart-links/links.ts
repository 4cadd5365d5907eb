import { randomInt } from 'node:crypto';
import { ulid } from 'ulid';
import type { SmartLinkStoreInput } from '../../shared/schemas/smart-links.js';
import { listReleaseDeliveries, getDsps } from '../data/access/deliveries.js';
import * as data from '../data/access/smart-links.js';
import type { SmartLinkItem, SmartLinkStore } from '../data/entities/smart-link.js';
import { InvalidField, NotFound } from '../lib/errors.js';
import { KNOWN_STORES, knownStore, storeKey } from './store-urls.js';
import { linkAnalytics } from './clicks.js';
import { fanCounts } from './fans.js';
import { forgetLink } from './link-cache.js';

const SLUG_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
/** 8 random letters: about 10^14 addresses, so a link cannot be found by trying addresses one after another. */
const newSlug = () => Array.from({ length: 8 }, () => SLUG_LETTERS[randomInt(SLUG_LETTERS.length)]).join('');

const NO_UPC = 'The release needs a UPC before it can have a smart link';
const NO_ISRC = 'The recording needs an ISRC before it can have a smart link';
const NOT_ON_RELEASE = 'The recording is not on this release';
const UNKNOWN_REDIRECT = 'Auto-redirect must name one of the link’s stores';

/** Stores as kept: each key once (a second store of the same name gets its own key), addresses as entered. */
function keepStores(input: readonly SmartLinkStoreInput[]): SmartLinkStore[] {
  const used = new Set<string>();
  return input.map((store) => {
    const base = store.key ?? storeKey(store.name);
    let key = base;
    for (let n = 2; used.has(key); n++) key = `${base.slice(0, 36)}-${n}`;
    used.add(key);
    return {
      key,
      name: store.name,
      ...(store.dsp_id ? { dsp_id: store.dsp_id } : {}),
      url: store.url || null,
      territory_urls: store.territory_urls ?? [],
    };
  });
}

/**
 * The stores a new link starts with: the stores the release is delivered to (any delivery, in the order
 * made), else the stores whose search finds a release by its code. Each finds its address from its known
 * pattern until one is entered.
 */
async function startingStores(tenantId: string, releaseId: string): Promise<SmartLinkStoreInput[]> {
  const deliveries = await listReleaseDeliveries(tenantId, releaseId);
  const dsps = await getDsps(deliveries.map((d) => d.dsp_id));
  if (dsps.length) return dsps.map((dsp) => ({ name: knownStore(dsp.name)?.name ?? dsp.name, dsp_id: dsp.id }));
  return KNOWN_STORES.map((store) => ({ name: store.name }));
}

function checkRedirect(stores: readonly SmartLinkStore[], redirect: string | null | undefined) {
  if (redirect && !stores.some((store) => store.key === redirect))
    throw new InvalidField('smart_link.auto_redirect', UNKNOWN_REDIRECT);
}

type CreateInput = {
  release_id: string;
  recording_id?: string;
  title?: string;
  stores?: SmartLinkStoreInput[];
  auto_redirect?: string | null;
};

/** Makes a link for a company's release (its UPC) or one of its recordings (its ISRC). */
export async function createSmartLink(tenantId: string, input: CreateInput) {
  const release = await data.getLinkRelease(tenantId, input.release_id);
  if (!release) throw new InvalidField('smart_link.release_id', 'Release not found');
  let title = release.title;
  let artists = release.display_artists;
  let code = release.upc && /^\d{12,14}$/.test(release.upc) ? release.upc : '';
  if (input.recording_id) {
    const onRelease = ((release.release_recordings as { recording_id?: string }[] | undefined) ?? []).some(
      (row) => row.recording_id === input.recording_id,
    );
    const recording = onRelease ? await data.getLinkRecording(tenantId, input.recording_id) : null;
    if (!recording) throw new InvalidField('smart_link.recording_id', NOT_ON_RELEASE);
    if (!recording.isrc) throw new InvalidField('smart_link.recording_id', NO_ISRC);
    ({ title } = recording);
    artists = (recording.display_artists as string | undefined) ?? artists;
    code = recording.isrc;
  } else if (!code) throw new InvalidField('smart_link.release_id', NO_UPC);
  const stores = keepStores(input.stores ?? (await startingStores(tenantId, release.id)));
  checkRedirect(stores, input.auto_redirect);
  const id = ulid();
  await data.createSmartLink(tenantId, id, {
    slug: newSlug(),
    release_id: release.id,
    ...(input.recording_id ? { recording_id: input.recording_id } : {}),
    ...(release.label_id ? { label_id: release.label_id } : {}),
    title: input.title || title,
    ...(artists ? { artists } : {}),
    code,
    ...(release.release_date ? { release_date: release.release_date } : {}),
    ...(input.auto_redirect ? { auto_redirect: input.auto_redirect } : {}),
    stores,
  });
  return { smart_link: present(await required(tenantId, id)), message: 'Smart link created' };
}

async function required(tenantId: string, id: string): Promise<SmartLinkItem> {
  const link = await data.getSmartLink(tenantId, id);
  if (!link) throw new NotFound('Smart link');
  return link;
}

/** A link as the API answers it: its public path beside its fields. */
function present(link: SmartLinkItem) {
  return {
    id: link.id,
    slug: link.slug,
    path: `/l/${link.slug}`,
    release_id: link.release_id,
    recording_id: link.recording_id ?? null,
    label_id: link.label_id ?? null,
    title: link.title,
    artists: link.artists ?? null,
    code: link.code,
    release_date: link.release_date ?? null,
    auto_redirect: link.auto_redirect ?? null,
    stores: link.stores as SmartLinkStore[],
    created_at: link.createdAt,
  };
}

export async function listSmartLinks(tenantId: string, releaseId?: string) {
  const links = (await data.listSmartLinks(tenantId))
    .filter((link) => !releaseId || link.release_id === releaseId)
    .sort((a, b) => (b.createdAt ?? '').localeCompare(a.createdAt ?? ''));
  return { smart_links: links.map(present), total_count: links.length };
}

/** One link with its clicks. */
export async function getSmartLink(tenantId: string, id: string) {
  const link = await required(tenantId, id);
  const [analytics, fans] = await Promise.all([linkAnalytics(link), fanCounts(link)]);
  return { smart_link: present(link), analytics, fans };
}

export async function updateSmartLink(
  tenantId: string,
  id: string,
  input: { title?: string; stores?: SmartLinkStoreInput[]; auto_redirect?: string | null },
) {
  const link = await required(tenantId, id);
  const stores = input.stores ? keepStores(input.stores) : (link.stores as SmartLinkStore[]);
  const redirect = input.auto_redirect === undefined ? link.auto_redirect : input.auto_redirect;
  checkRedirect(stores, redirect);
  const changed = await data.patchSmartLink(
    tenantId,
    id,
    {
      title: input.title || link.title,
      ...(input.stores ? { stores } : {}),
      ...(redirect ? { auto_redirect: redirect } : {}),
    },
    redirect ? [] : ['auto_redirect'],
  );
  if (!changed) throw new NotFound('Smart link');
  forgetLink(link.slug);
  return { smart_link: present(await required(tenantId, id)), message: 'Smart link updated' };
}

export async function deleteSmartLink(tenantId: string, id: string) {
  const link = await required(tenantId, id);
  await data.deleteSmartLink(tenantId, id);
  forgetLink(link.slug);
  return { message: 'Smart link deleted' };
}
