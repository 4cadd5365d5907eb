import { beforeAll, describe, expect, it } from 'vitest';
import { call, cloudUrl } from '../support/api.js';
import { daysSince, utcDay } from '../support/days.js';
import { ownCompany, type OwnCompany } from '../support/own-company.js';

/**
 * Smart links: made from a release’s UPC, the public landing page, the store redirects that count each
 * click once (bots sent on, never counted), the analytics, another company’s links; a label’s settings
 * filling a new release and its public store page.
 */
let own: OwnCompany;
let other: OwnCompany;
let labelId: string;
let releaseId: string;

const BROWSER = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/** Follows a store button as a browser would, without following the redirect itself. */
async function click(path: string, headers: Record<string, string>) {
  const response = await fetch(`${cloudUrl()}${path}`, { redirect: 'manual', headers });
  await response.arrayBuffer();
  return { status: response.status, location: response.headers.get('location') };
}

async function analytics(id: string) {
  return (await own.api.get(`/smart_links/${id}`)).body.analytics;
}

beforeAll(async () => {
  own = await ownCompany('Smart links');
  other = await ownCompany('Smart links elsewhere');
  labelId = (await own.label('Link Records')).id;
  const release = await own.api.post('/releases', {
    title: 'Linked Album',
    upc: '036000291452',
    label_id: labelId,
    release_date: '2027-05-01',
  });
  expect(release.status, JSON.stringify(release.body)).toBe(201);
  releaseId = release.body.release.id;
});

describe('smart links', () => {
  it('is made from the release’s UPC with the stores’ known addresses, and refuses a release without one', async () => {
    const made = await own.api.post('/smart_links', { smart_link: { release_id: releaseId } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.message).toBe('Smart link created');
    const link = made.body.smart_link;
    expect(link).toMatchObject({ title: 'Linked Album', code: '036000291452', label_id: labelId });
    expect(link.path).toBe(`/l/${link.slug}`);
    expect(link.stores.map((s: { key: string }) => s.key)).toContain('spotify');

    const page = await call('GET', `/api/v1/link_pages/${link.slug}`, {
      headers: { 'cloudfront-viewer-country': 'GB' },
    });
    expect(page.status).toBe(200);
    expect(page.body.smart_link.title).toBe('Linked Album');
    const apple = page.body.smart_link.buttons.find((b: { key: string }) => b.key === 'apple-music');
    expect(apple.href).toBe(`/api/v1/go/${link.slug}/apple-music`);
    const redirect = await click(apple.href, { 'user-agent': BROWSER, 'cloudfront-viewer-country': 'GB' });
    expect(redirect.status).toBe(302);
    expect(redirect.location).toBe('https://music.apple.com/gb/search?term=036000291452');

    const bare = await own.api.post('/releases', { title: 'No code yet', label_id: labelId });
    const refused = await own.api.post('/smart_links', { smart_link: { release_id: bare.body.release.id } });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({
      'smart_link.release_id': ['The release needs a UPC before it can have a smart link'],
    });
    const badUrl = await own.api.post('/smart_links', {
      smart_link: { release_id: releaseId, stores: [{ name: 'Shop', url: 'javascript:alert(1)' }] },
    });
    expect(badUrl.status).toBe(400);
    expect(Object.keys(badUrl.body.errors)).toEqual(['smart_link.stores.0.url']);
  });

  it('counts each click once, by store, country, device and referrer, and never a bot’s', async () => {
    const link = (
      await own.api.post('/smart_links', {
        smart_link: {
          release_id: releaseId,
          stores: [
            { name: 'Spotify' },
            {
              name: 'Bandcamp',
              url: 'https://linkrecords.example/album',
              territory_urls: [{ territory: 'de', url: 'https://linkrecords.example/de/album' }],
            },
          ],
        },
      })
    ).body.smart_link;
    const clicks = [
      { store: 'spotify', headers: { 'user-agent': BROWSER, 'cloudfront-viewer-country': 'GB' }, ref: 'instagram.com' },
      { store: 'spotify', headers: { 'user-agent': DESKTOP, 'cloudfront-viewer-country': 'US' }, ref: '' },
      { store: 'bandcamp', headers: { 'user-agent': DESKTOP, 'cloudfront-viewer-country': 'DE' }, ref: '' },
    ];
    // Ten rounds at once: concurrent clicks must all be counted (ADD, never read-then-write).
    const clickedFrom = utcDay();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        clicks.map((c) => click(`/api/v1/go/${link.slug}/${c.store}${c.ref ? `?ref=${c.ref}` : ''}`, c.headers)),
      ).flat(),
    );
    expect(answers.every((a) => a.status === 302)).toBe(true);
    expect(answers.filter((a) => a.location === 'https://linkrecords.example/de/album')).toHaveLength(10);
    const bot = await click(`/api/v1/go/${link.slug}/spotify`, { 'user-agent': GOOGLEBOT });
    expect(bot.status).toBe(302);

    await expect.poll(async () => (await analytics(link.id)).clicks).toBe(30);
    const seen = await analytics(link.id);
    expect(seen.by_store).toEqual([
      { key: 'spotify', name: 'Spotify', clicks: 20 },
      { key: 'bandcamp', name: 'Bandcamp', clicks: 10 },
    ]);
    expect(seen.by_country).toEqual([
      { key: 'DE', clicks: 10 },
      { key: 'GB', clicks: 10 },
      { key: 'US', clicks: 10 },
    ]);
    expect(seen.by_device).toEqual([
      { key: 'desktop', clicks: 20 },
      { key: 'mobile', clicks: 10 },
    ]);
    expect(seen.by_referrer).toEqual([
      { key: 'direct', clicks: 20 },
      { key: 'instagram.com', clicks: 10 },
    ]);
    // Each click on the UTC day it came: today's, unless the clicks ran across midnight and are split between two days.
    const clickDays = daysSince(clickedFrom);
    if (clickDays.length === 1) expect(seen.by_day).toEqual([{ day: clickedFrom, clicks: 30 }]);
    else {
      const byDay = seen.by_day as { day: string; clicks: number }[];
      expect(byDay.map((d) => d.day)).toEqual(clickDays.filter((day) => byDay.some((d) => d.day === day)));
      expect(byDay.reduce((sum, d) => sum + d.clicks, 0)).toBe(30);
    }
    // Opening the landing page is not a click.
    await call('GET', `/api/v1/link_pages/${link.slug}`, { headers: { 'user-agent': BROWSER } });
    expect((await analytics(link.id)).clicks).toBe(30);
  });

  it('redirects its short address straight to a store when it says so, else to its landing page', async () => {
    const link = (await own.api.post('/smart_links', { smart_link: { release_id: releaseId } })).body.smart_link;
    const toPage = await click(`/api/v1/go/${link.slug}`, { 'user-agent': DESKTOP });
    expect(toPage).toEqual({ status: 302, location: `/l/${link.slug}` });
    const refused = await own.api.patch(`/smart_links/${link.id}`, { smart_link: { auto_redirect: 'nowhere' } });
    expect(refused.body.errors).toEqual({
      'smart_link.auto_redirect': ['Auto-redirect must name one of the link’s stores'],
    });
    const changed = await own.api.patch(`/smart_links/${link.id}`, { smart_link: { auto_redirect: 'deezer' } });
    expect(changed.status).toBe(200);
    expect(changed.body.message).toBe('Smart link updated');
    const toStore = await click(`/api/v1/go/${link.slug}`, { 'user-agent': DESKTOP });
    expect(toStore).toEqual({ status: 302, location: 'https://www.deezer.com/search/036000291452' });
    const page = await call('GET', `/api/v1/link_pages/${link.slug}`);
    expect(page.body.smart_link.auto_redirect).toBe(`/api/v1/go/${link.slug}/deezer`);
    await expect
      .poll(async () => (await analytics(link.id)).by_store)
      .toEqual([{ key: 'deezer', name: 'Deezer', clicks: 1 }]);
    expect((await click(`/api/v1/go/${link.slug}/nowhere`, { 'user-agent': DESKTOP })).status).toBe(404);
    expect((await click('/api/v1/go/nosuchlink', { 'user-agent': DESKTOP })).status).toBe(404);
  });

  it('is another company’s business: 404 to read, change or delete, and its release cannot be linked', async () => {
    const link = (await own.api.post('/smart_links', { smart_link: { release_id: releaseId } })).body.smart_link;
    expect((await other.api.get(`/smart_links/${link.id}`)).status).toBe(404);
    expect((await other.api.patch(`/smart_links/${link.id}`, { smart_link: { title: 'Taken' } })).status).toBe(404);
    expect((await other.api.del(`/smart_links/${link.id}`)).status).toBe(404);
    const theirs = await other.api.post('/smart_links', { smart_link: { release_id: releaseId } });
    expect(theirs.status).toBe(400);
    expect(theirs.body.errors).toEqual({ 'smart_link.release_id': ['Release not found'] });
    const listed = (await other.api.get('/smart_links')).body.smart_links;
    expect(listed).toEqual([]);
    const deleted = await own.api.del(`/smart_links/${link.id}`);
    expect(deleted.body.message).toBe('Smart link deleted');
    expect((await call('GET', `/api/v1/link_pages/${link.slug}`)).status).toBe(404);
  });
});

describe('a label’s settings and store page', () => {
  it('fills a new release of the label with its defaults, leaving what the form sent', async () => {
    const genre = (await own.api.get('/genres?all=true')).body.genres[0];
    const language = (await own.api.get('/languages?all=true')).body.languages[0];
    const saved = await own.api.patch(`/labels/${labelId}/settings`, {
      release_defaults: {
        primary_genre_id: genre.id,
        metadata_language_id: language.id,
        c_line: 'Link Records Ltd',
        p_line: 'Link Records Ltd',
        price_tier: 'Mid',
        territories: ['gb', 'IE'],
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.message).toBe('Label settings saved');
    const read = (await own.api.get(`/labels/${labelId}/settings`)).body.settings;
    expect(read.release_defaults).toMatchObject({ price_tier: 'Mid', territories: ['GB', 'IE'] });

    const made = await own.api.post('/releases', { title: 'Defaulted', label_id: labelId, p_line: 'Our own line' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const release = (await own.api.get(`/releases/${made.body.release.id}`)).body.release;
    expect(release).toMatchObject({
      primary_genre_id: genre.id,
      metadata_language_id: language.id,
      c_line: 'Link Records Ltd',
      p_line: 'Our own line',
      territories: ['GB', 'IE'],
    });
    expect(release.products).toEqual([
      expect.objectContaining({ format: 'Digital', price_tier: 'Mid', product_territories: ['GB', 'IE'] }),
    ]);
    const elsewhere = await own.api.post('/releases', { title: 'No label' });
    expect((await own.api.get(`/releases/${elsewhere.body.release.id}`)).body.release.c_line ?? '').toBe('');

    const badGenre = await own.api.patch(`/labels/${labelId}/settings`, {
      release_defaults: { primary_genre_id: 'no-such-genre' },
    });
    expect(badGenre.body.errors).toEqual({ 'release_defaults.primary_genre_id': ['Genre not found'] });
    const badTier = await own.api.patch(`/labels/${labelId}/settings`, { release_defaults: { price_tier: 'Cheap' } });
    expect(Object.keys(badTier.body.errors)).toEqual(['release_defaults.price_tier']);
    expect((await other.api.get(`/labels/${labelId}/settings`)).status).toBe(404);
  });

  it('shows the label’s releases with their smart links publicly only once its store is opened', async () => {
    // What the store shows and keeps is set here, not left by the other tests: a smart link of the label's
    // release, and the label's release defaults, which opening the store leaves as they are.
    const link = await own.api.post('/smart_links', { smart_link: { release_id: releaseId } });
    expect(link.status, JSON.stringify(link.body)).toBe(201);
    const defaults = await own.api.patch(`/labels/${labelId}/settings`, { release_defaults: { price_tier: 'Mid' } });
    expect(defaults.status, JSON.stringify(defaults.body)).toBe(200);
    expect((await call('GET', `/api/v1/label_stores/${labelId}`)).status).toBe(404);
    const opened = await own.api.patch(`/labels/${labelId}/settings`, { store: true });
    expect(opened.body.settings).toMatchObject({ store: true, release_defaults: { price_tier: 'Mid' } });
    const store = await call('GET', `/api/v1/label_stores/${labelId}`);
    expect(store.status).toBe(200);
    expect(store.body.store.name).toBe('Link Records');
    const links = (await own.api.get(`/smart_links?release_id=${releaseId}`)).body.smart_links;
    expect(store.body.store.releases.map((r: { path: string }) => r.path).sort()).toEqual(
      links.map((l: { path: string }) => l.path).sort(),
    );
  });
});
