import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { cloudUrl, newPlatformAdmin } from '../support/api.js';
import { JOURNEY, launchChromium, screenshotIfAsked, signedInPage } from '../support/browser.js';
import { ownCompany, type OwnCompany } from '../support/own-company.js';
import { importReport, storeMap } from '../support/royalty-report.js';

/**
 * One heading per page: a page that is a list has the list's title as its heading, and a record's page has the
 * record's name, with no section or table heading under it saying the same words again.
 */
let browser: Browser;
let own: OwnCompany;
const stamp = Date.now();

beforeAll(async () => {
  own = await ownCompany('Page headings');
  await importReport(own.api, {
    mapName: `Headings store ${stamp}`,
    map: storeMap(),
    filename: `headings-${stamp}.csv`,
    report: [
      'Store,Period,ISRC,Track,Artist,Units,Net,Currency',
      `HeadingStore,2026-09,GBAAA2600101,Heading Song ${stamp},Ann,10,1.25,GBP`,
    ].join('\n'),
  });
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
});

/** A heading's words, without a table's counter ("(3)") or case. */
const words = (text: string) =>
  text
    .replace(/\s*\(\d+\)\s*$/, '')
    .trim()
    .toLowerCase();

/** The page's headings by level, once the page's first heading is there. */
async function headings(page: Page) {
  await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 60_000 });
  const level = async (n: number) => (await page.getByRole('heading', { level: n }).allInnerTexts()).map(words);
  return { h1: await level(1), below: [...(await level(2)), ...(await level(3))] };
}

/** Opens `path` and expects one page heading, `title`, that no heading under it says again. */
async function expectOneHeading(page: Page, path: string, title: RegExp, shot: string) {
  await page.goto(`${cloudUrl()}${path}`);
  await expect.poll(async () => (await headings(page)).h1.length, { timeout: 30_000 }).toBe(1);
  const { h1, below } = await headings(page);
  expect(h1[0]).toMatch(title);
  expect(below.filter((h) => h === h1[0] || h1[0].includes(h) || h.includes(h1[0]))).toEqual([]);
  await screenshotIfAsked(page, `/tmp/shots/headings-${shot}.png`);
}

describe('one heading per page', JOURNEY, () => {
  it("gives the profile's pages and data management one heading", async () => {
    const { page, errors } = await signedInPage(browser, cloudUrl(), own.manager, {
      company: { id: own.companyId, name: own.name },
    });
    await expectOneHeading(page, '/user/profile/bug_reports', /^your bug reports$/, 'profile-bug-reports');
    await expectOneHeading(page, '/user/profile/logs', /^your activity log$/, 'profile-logs');
    await expectOneHeading(page, '/user/profile/imports', /^your imports$/, 'profile-imports');
    // An import's page is named by its file, with no 'Import' heading under it.
    await page.getByRole('link', { name: `headings-${stamp}.csv` }).click();
    await page.waitForURL('**/user/profile/imports/*');
    await expectOneHeading(
      page,
      page.url().replace(cloudUrl(), ''),
      new RegExp(`^headings-${stamp}\\.csv$`),
      'profile-import',
    );
    expect(await page.locator('main').getByRole('heading', { level: 2 }).count()).toBe(0);
    // The file as it was uploaded and its type in words: no stored id before the name, no 'royalties'.
    expect(await page.getByTestId('profile-import').textContent()).toContain('TypeRoyalties');
    await expectOneHeading(page, '/user/data_management', /^data management$/, 'data-management');
    await expect(page.getByRole('heading', { level: 2, name: /^Imports/ }).count()).resolves.toBe(1);
    expect(errors).toEqual([]);
  }, 120_000);

  it('gives the royalties and statement run pages one heading', async () => {
    const { page, errors } = await signedInPage(browser, cloudUrl(), own.manager, {
      company: { id: own.companyId, name: own.name },
    });
    // The imports list and the column map form are sections under their pages' headings.
    await expectOneHeading(page, '/user/royalties/bulk_import', /^import reports$/, 'royalty-imports');
    await expect(page.getByRole('heading', { level: 2, name: /^Imports/ }).count()).resolves.toBe(1);
    await expectOneHeading(page, '/user/royalties/map_import', /^column maps$/, 'column-maps');
    await expect(page.getByRole('heading', { level: 2, name: 'New map' }).count()).resolves.toBe(1);
    await expectOneHeading(page, '/user/finances/statement_run', /^statement run$/, 'statement-run');
    expect(errors).toEqual([]);
  }, 120_000);

  it("gives an admin's royalty line and the coupons one heading", async () => {
    const admin = await signedInPage(browser, cloudUrl(), await newPlatformAdmin('Headings admin'), {
      path: '/admin/royalties',
    });
    const line = (await own.api.get('/royalties?per_page=5')).body.royalties[0];
    await expectOneHeading(
      admin.page,
      `/admin/royalties/${line.id}?company=${own.companyId}`,
      /heading song/,
      'admin-royalty',
    );
    await expectOneHeading(admin.page, '/billing/coupons', /^coupons$/, 'coupons');
    expect(admin.errors).toEqual([]);
  }, 120_000);
});
