import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloudUrl } from '../support/api.js';
import { launchChromium, screenshotIfAsked, sidewaysScrollers, signedInPage } from '../support/browser.js';
import { type OwnCompany, ownCompany } from '../support/own-company.js';

/**
 * A release's page and the catalogue's empty lists, at 1,400 pixels: the release's own pages are linked in a row under
 * its heading, and each of those pages shows the same row with itself marked as the page the reader is on; its
 * recordings show as cards (their facts read in one call, not one per recording) until the user picks table, and the
 * release keeps the choice; an empty list page says what to do, with the button it names, and says only that it is
 * empty to a reader who may not add.
 */
let browser: Browser;
let own: OwnCompany;
let releaseId: string;
let page: Page;
let errors: string[];
const titles = ['First Light', 'Second Wind', 'Third Time'];

beforeAll(async () => {
  browser = await launchChromium();
  own = await ownCompany('Release page views');
  const label = await own.label('Views Records');
  const artist = (await own.api.post('/artists', { name: 'Vera Views' })).body.artist;
  const recordings = [];
  for (const title of titles)
    recordings.push(
      (
        await own.api.post('/recordings', {
          title,
          artist_recordings_attributes: [{ artist_id: artist.id, role: 'Main' }],
        })
      ).body.recording,
    );
  const release = await own.api.post('/releases', {
    title: 'Views EP',
    label_id: label.id,
    release_recordings_attributes: recordings.map((r, i) => ({ recording_id: r.id, position: String(i + 1) })),
  });
  expect(release.status, JSON.stringify(release.body)).toBe(201);
  releaseId = release.body.release.id;
  ({ page, errors } = await signedInPage(browser, cloudUrl(), own.manager, {
    company: { id: own.companyId, name: own.name },
  }));
});
afterAll(async () => {
  await browser?.close();
});

describe('a release’s page', () => {
  it('links its own pages in a row under its heading', async () => {
    await page.goto(`${cloudUrl()}/user/releases/${releaseId}`);
    const row = page.getByTestId('ref-page-links');
    await row.waitFor();
    expect(await row.getByRole('link').allTextContents()).toEqual([
      'Products',
      'Assets',
      'Contracts',
      'Promos',
      'Distribution',
      'Expenses',
    ]);
    expect(await row.getByRole('link', { name: 'Contracts' }).getAttribute('href')).toBe(
      `/user/releases/${releaseId}/contracts`,
    );
    // The row sits under the heading, above the page's first section.
    const headingBottom = await page.getByTestId('ref-title').evaluate((el) => el.getBoundingClientRect().bottom);
    const rowTop = await row.evaluate((el) => el.getBoundingClientRect().top);
    const detailsTop = await page.getByTestId('ref-detail').evaluate((el) => el.getBoundingClientRect().top);
    expect(rowTop).toBeGreaterThanOrEqual(headingBottom);
    expect(rowTop).toBeLessThan(detailsTop);
    await screenshotIfAsked(page, '/tmp/shots/cat-release-page-links.png');
    await row.getByRole('link', { name: 'Products' }).click();
    await page.waitForURL(`${cloudUrl()}/user/releases/${releaseId}/products`);
    expect(errors).toEqual([]);
  });

  it('shows the same row on each of those pages, naming the page the reader is on without a link', async () => {
    const pages = ['Products', 'Assets', 'Contracts', 'Promos', 'Distribution', 'Expenses'];
    const pathOf = (name: string) =>
      name === 'Expenses' ? '/user/labels/finances/expenses' : `/user/releases/${releaseId}/${name.toLowerCase()}`;
    // Each page reached from the row on the one before, as a reader moves between them.
    await page.goto(`${cloudUrl()}/user/releases/${releaseId}/products`);
    for (const [index, name] of pages.entries()) {
      const row = page.getByTestId('release-page-links');
      const current = row.getByTestId(`release-page-links-${name.toLowerCase()}`);
      await expect.poll(() => current.locator('[aria-current="page"]').count(), { message: name }).toBe(1);
      expect(await current.textContent()).toBe(name);
      expect(await row.getByRole('link').allTextContents()).toEqual(pages.filter((other) => other !== name));
      // Whose page it is, linking back to the release.
      expect(await page.getByTestId('parent-record-link').textContent()).toBe('Release Views EP');
      for (const width of [1400, 1000]) {
        await page.setViewportSize({ width, height: 1000 });
        await screenshotIfAsked(page, `/tmp/shots/release-pages-row-${name.toLowerCase()}-${width}.png`);
      }
      await page.setViewportSize({ width: 1400, height: 1000 });
      expect(await sidewaysScrollers(page), name).toEqual([]);
      const next = pages[index + 1];
      if (!next) break;
      await row.getByRole('link', { name: next }).click();
      await page.waitForURL((url) => url.pathname === pathOf(next));
    }
    // The last, the label's expenses narrowed to the release, is the one the release's page links.
    expect(new URL(page.url()).searchParams.get('release_id')).toBe(releaseId);
    await page.getByTestId('release-page-links').getByRole('link', { name: 'Products' }).click();
    await page.waitForURL(`${cloudUrl()}/user/releases/${releaseId}/products`);
    expect(errors).toEqual([]);
  });

  it('reads what its recordings’ cards show in one call, not one per recording', async () => {
    const asked: string[] = [];
    const listen = (request: { url: () => string }) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/v1/recordings')) asked.push(`${url.pathname}${url.search}`);
    };
    page.on('request', listen);
    await page.goto(`${cloudUrl()}/user/releases/${releaseId}`);
    const cards = page.getByTestId('ref-rows-release_recordings-cards');
    // Every card has its recording's facts (its artists), so every read the cards need has been made.
    await expect.poll(async () => (await cards.textContent())?.split('Vera Views').length ?? 0).toBe(titles.length + 1);
    page.off('request', listen);
    expect(asked.filter((path) => /^\/api\/v1\/recordings\/[^/?]+/.test(path))).toEqual([]);
    expect(asked.filter((path) => path.includes(`release_id=${releaseId}`))).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  it('shows its recordings as cards, then as a table once chosen, and opens as last shown', async () => {
    await page.goto(`${cloudUrl()}/user/releases/${releaseId}`);
    const section = page.getByTestId('release-recordings');
    const cards = page.getByTestId('ref-rows-release_recordings-cards');
    await cards.waitFor();
    expect(await page.getByTestId('ref-rows-release_recordings-table').count()).toBe(0);
    // Each card names its recording (a link to it), its artists and its place.
    await expect.poll(() => cards.textContent()).toContain('Vera Views');
    expect(await cards.getByRole('link').allTextContents()).toEqual(titles);
    expect(await cards.textContent()).toContain('Disc 1, track 2');
    // A section of rows of many fields with none yet says so without a row of column headers too wide for the page.
    const products = page.getByTestId('ref-rows-products-table');
    expect(await products.textContent()).toBe('No products yet: choose Edit, then Add product, to add one');
    expect(await products.locator('table').count()).toBe(0);
    await section.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await screenshotIfAsked(page, '/tmp/shots/cat-release-recordings-cards.png');
    expect(await sidewaysScrollers(page)).toEqual([]);

    await page.getByTestId('release-recordings-display').getByRole('button', { name: 'Table' }).click();
    const table = page.getByTestId('ref-rows-release_recordings-table');
    await table.waitFor();
    expect(await cards.count()).toBe(0);
    // Kept on the release: the page opens as a table from now on.
    await expect
      .poll(async () => (await own.api.get(`/releases/${releaseId}`)).body.release.recordings_display_type)
      .toBe('table');
    await page.reload();
    await page.getByTestId('ref-rows-release_recordings-table').waitFor();
    await section.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await screenshotIfAsked(page, '/tmp/shots/cat-release-recordings-table.png');
    expect(
      await page
        .getByTestId('release-recordings-display')
        .getByRole('button', { name: 'Table' })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    expect(errors).toEqual([]);
  });
});

describe('an empty list page', () => {
  it('says what to do, with the button it names', async () => {
    await page.goto(`${cloudUrl()}/user/contributors`);
    const empty = page.getByTestId('ref-table-empty');
    await expect
      .poll(() => empty.textContent(), { timeout: 15_000 })
      .toContain('No contributors yet: choose Add contributor to add one');
    await screenshotIfAsked(page, '/tmp/shots/cat-empty-contributors.png');
    await empty.getByRole('button', { name: 'Add contributor' }).click();
    await page.waitForURL(`${cloudUrl()}/user/contributors/new`);
    expect(errors).toEqual([]);
  });

  it('tells a reader who may not add only that it is empty', async () => {
    const intern = await own.member('intern', 'Ivy Views');
    const reader = await signedInPage(browser, cloudUrl(), intern, {
      company: { id: own.companyId, name: own.name },
      path: '/user/contributors',
    });
    const empty = reader.page.getByTestId('ref-table-empty');
    await expect.poll(() => empty.textContent(), { timeout: 15_000 }).toBe('No contributors yet');
    expect(await empty.getByRole('button').count()).toBe(0);
    expect(reader.errors).toEqual([]);
    await reader.page.close();
  });
});
