import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { call, cloudUrl, demo, signIn } from '../support/api.js';
import { openManagerSession, screenshotIfAsked, sidewaysScrollers, JOURNEY } from '../support/browser.js';
import { pickOption } from '../support/pick-option.js';

/**
 * The catalogue end to end in Chromium: an artist, a release with two recordings and a
 * product, the metadata checker's findings, fixing them, and duplicating the release.
 */
let browser: Browser;
let page: Page;
let errors: string[];
let company: { id: string; name: string };
let token: string;
const stamp = Date.now();
const artistName = `Journey Artist ${stamp}`;
const releaseTitle = `Journey Album ${stamp}`;
const trackTitles = [`Opening ${stamp}`, `Closing ${stamp}`];

beforeAll(async () => {
  ({ browser, page, errors, company, token } = await openManagerSession('Release journey'));
});

afterAll(async () => {
  await browser?.close();
});

const notice = () => page.getByTestId('notification-message').textContent();
const api = (method: string, path: string, body?: object) =>
  call(method, `/api/v1${path}`, { token, company: company.id, body });

const pick = (testId: string, text: string, option: string | RegExp) => pickOption(page, testId, text, option);

describe('release journey in the browser', JOURNEY, () => {
  it('creates an artist and two recordings credited to it', async () => {
    await page.goto(`${cloudUrl()}/user/artists/new`);
    await page.getByTestId('ref-field-name').fill(artistName);
    await page.getByTestId('ref-submit').click();
    await expect.poll(notice).toContain('Artist Added');

    for (const title of trackTitles) {
      await page.goto(`${cloudUrl()}/user/recordings/new`);
      await page.getByTestId('ref-field-title').fill(title);
      // A new recording's form starts with its defaults.
      expect(await page.getByTestId('ref-field-length').inputValue()).toBe('00:00:00');
      expect(await page.getByTestId('ref-field-copyright_year').inputValue()).toBe('2020');
      await page.getByTestId('ref-rows-artist_recordings-add').click();
      expect(await page.getByTestId('ref-rows-artist_recordings-payee_share-0').inputValue()).toBe('100');
      await pick('ref-rows-artist_recordings-artist_id-0', artistName, artistName);
      await page.getByTestId('ref-submit').click();
      await expect.poll(notice).toContain('Recording Added');
      await page.waitForURL(`${cloudUrl()}/user/recordings`);
    }
  });

  it('builds a release with the artist, a product and both recordings, and sees the checker’s findings', async () => {
    await page.goto(`${cloudUrl()}/user/releases/new`);
    // The guided tour walks the form in 17 steps, outlining the control of each.
    await page.getByTestId('tour-start').click();
    await expect.poll(() => page.getByTestId('guided-tour').textContent()).toContain('Step 1 of 17');
    await page.getByTestId('tour-next').click();
    await expect.poll(() => page.getByTestId('guided-tour').textContent()).toContain('Step 2 of 17: Label');
    expect(await page.locator('.tour-highlight').getAttribute('data-testid')).toBe('ref-field-label_id');
    await page.getByRole('button', { name: 'End the tour' }).click();
    expect(await page.getByTestId('guided-tour').count()).toBe(0);
    await page.getByTestId('ref-field-title').fill(releaseTitle);
    await page.getByTestId('ref-rows-artist_releases-add').click();
    await pick('ref-rows-artist_releases-artist_id-0', artistName, artistName);
    await page.getByTestId('ref-rows-products-add').click();
    // An empty section says how to fill it, with the button right under it.
    expect(await page.getByTestId('ref-rows-release_recordings-empty').textContent()).toBe(
      'No recordings yet: choose Add recording to add one',
    );
    for (const [index, title] of trackTitles.entries()) {
      await page.getByTestId('ref-rows-release_recordings-add').click();
      await pick(`ref-rows-release_recordings-recording_id-${index}`, title, title);
    }
    await page.getByTestId('ref-field-upc').fill('123');
    await page.getByTestId('ref-submit').click();
    await expect.poll(() => page.locator('main').first().textContent()).toContain('UPC invalid');
    await page.getByTestId('ref-field-upc').fill('assign later');
    await page.getByTestId('ref-submit').click();
    await expect.poll(notice).toContain('Release Successfully Added');
    // A new release opens its edit form.
    await page.waitForURL(/\/user\/releases\/[0-9A-Z]{26}\/edit$/);
    const releasePage = page.url().replace(/\/edit$/, '');

    await page.goto(releasePage);
    const problems = page.getByTestId('release-check-problems');
    await expect.poll(() => problems.textContent()).toContain('Release date is required');
    const text = (await problems.textContent()) ?? '';
    expect(text).toContain(`Recording ${trackTitles[0]}`);
    expect(text).toContain('Needs a contributor credited as Writer or Composer');
    expect(text).not.toContain('Distributed releases need at least one product');
    // An empty section of the release page says how to fill it: the form's button, behind Edit.
    expect(await page.getByTestId('ref-rows-urls-empty').textContent()).toBe(
      'No links yet: choose Edit, then Add link, to add one',
    );
    // At 1,400 pixels the page fits its width: no table (the products' many fields) scrolls sideways.
    await page.getByTestId('ref-rows-products-table').waitFor();
    await screenshotIfAsked(page, '/tmp/shots/release-page.png', true);
    expect(await sidewaysScrollers(page)).toEqual([]);
    // The release page links to its recordings (shown as cards unless the release was switched to a table).
    const tracks = page.getByTestId('ref-rows-release_recordings-cards');
    const trackPage = await tracks.getByRole('link', { name: trackTitles[0], exact: true }).getAttribute('href');
    expect(trackPage).toMatch(/^\/user\/recordings\/[0-9A-Z]{26}$/);
    // The release's own pages are reached from it, in the row under its heading: its contracts as well as its
    // products and promos.
    expect(await page.getByTestId('ref-page-links-contracts').getAttribute('href')).toBe(
      `${new URL(releasePage).pathname}/contracts`,
    );
    // The release's page shows its artists as the artist rows make them.
    expect(await page.getByTestId('ref-value-display_artists').textContent()).toBe(artistName);
    // Each finding links to the field to fix: the recording's edit form, scrolled to its contributors.
    const fix = problems.getByTestId('release-check-fix-recording-contributor_recordings').first();
    expect(await fix.textContent()).toBe('Edit contributors');
    await fix.click();
    await page.waitForURL(/\/user\/recordings\/[0-9A-Z]{26}\/edit#field-contributor_recordings$/);
    await page.locator('#field-contributor_recordings').waitFor();
    await expect.poll(() => page.locator('#field-contributor_recordings').isVisible()).toBe(true);
    await expect
      .poll(() => page.locator('#field-contributor_recordings').evaluate((el) => el.getBoundingClientRect().top))
      .toBeLessThan(900);
    // A recording's page says where it stands and who it is by, as its list does.
    await page.goto(`${cloudUrl()}${trackPage}`);
    await expect.poll(() => page.getByTestId('ref-value-status').textContent()).toBe('Drafted');
    expect(await page.getByTestId('ref-value-display_artists').textContent()).toBe(artistName);
    await page.goto(releasePage);
  });

  it('fixes the findings until the check passes', async () => {
    const admin = await signIn(demo.admin.email, demo.admin.password);
    const genre = (await call('GET', '/api/v1/genres?selectable=true&q=jazz', { token: admin })).body.genres[0];
    const instrumental = (await call('GET', '/api/v1/languages?all=true', { token: admin })).body.languages[0];
    const composer = (await api('POST', '/contributors', { name: `Journey Composer ${stamp}` })).body.contributor;
    const publisher = (
      await call('POST', '/api/v1/publishers', { token: admin, body: { name: `Journey Publishing ${stamp}` } })
    ).body.publisher;
    const release = (await api('GET', `/releases?q=${encodeURIComponent(releaseTitle)}`)).body.releases[0];
    for (const row of release.release_recordings) {
      const fixed = await api('PATCH', `/recordings/${row.recording_id}`, {
        primary_genre_id: genre.id,
        audio_language_id: instrumental.id,
        contributor_recordings_attributes: [{ contributor_id: composer.id, roles: ['Composer'] }],
        publisher_recordings_attributes: [{ publisher_id: publisher.id }],
      });
      expect(fixed.status).toBe(200);
    }
    // The release's own findings are fixed in its edit form.
    await page.goto(`${cloudUrl()}/user/releases/${release.id}/edit`);
    await page.getByTestId('ref-field-release_date').locator('input').fill('11/12/2026');
    await page.getByTestId('ref-field-original_release_date').locator('input').fill('11/12/2026');
    await pick('ref-field-primary_genre_id', 'jazz', /^Jazz$/);
    await page.getByTestId('ref-submit').click();
    await expect.poll(notice).toContain('Release Updated');
    await page.waitForURL(`${cloudUrl()}/user/releases/${release.id}`);
    await expect.poll(() => page.getByTestId('release-check-ok').count()).toBe(1);
  });

  it('duplicates the release: a draft with the artists and title, without catalogue number, UPC, products or recordings', async () => {
    await page.getByTestId('release-duplicate').click();
    await page.waitForURL(/\/user\/releases\/new\?duplicate=/);
    expect(await page.getByTestId('ref-field-title').inputValue()).toBe(releaseTitle);
    expect(await page.getByTestId('ref-field-upc').inputValue()).toBe('');
    await page.getByTestId('ref-field-title').fill(`${releaseTitle} (Deluxe)`);
    await page.getByTestId('ref-submit').click();
    await expect.poll(notice).toContain('Release Successfully Added');
    const copy = (await api('GET', `/releases?q=${encodeURIComponent(`${releaseTitle} (Deluxe)`)}`)).body.releases[0];
    expect(copy).toMatchObject({
      status: 'drafted',
      products: [],
      release_recordings: [],
      display_artists: artistName,
    });
    expect(copy.upc ?? '').toBe('');
    expect(errors).toEqual([]);
  });
});
