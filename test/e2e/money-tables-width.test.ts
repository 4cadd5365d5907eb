import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { cloudUrl } from '../support/api.js';
import { JOURNEY, launchChromium, screenshotIfAsked, signedInPage } from '../support/browser.js';
import { ownCompany, type OwnCompany } from '../support/own-company.js';
import { importReport, storeMap } from '../support/royalty-report.js';
import { cutOffColumns } from '../support/table-columns.js';

/**
 * The royalties page's lines in a window 1,400 px wide (a laptop's): every column is on screen, none cut off at the
 * right to be scrolled to sideways, with the lines' long songs, albums and stores as the reports give them; and the
 * finances page's top labels and releases in a narrower window (1,000 px).
 */
let browser: Browser;
let page: Page;
let errors: string[];
let own: OwnCompany;
const stamp = Date.now();
const WIDTH = 1400;
const song = `A Rather Long Song Title (Extended Club Remix) ${stamp}`;

beforeAll(async () => {
  own = await ownCompany('Money tables width');
  await importReport(own.api, {
    mapName: `Width store ${stamp}`,
    map: storeMap({ album: 'Album', territory: 'Country' }),
    filename: `width-${stamp}.csv`,
    report: [
      'Store,Period,ISRC,Track,Artist,Album,Country,Units,Net,Currency',
      `Amazon Music Unlimited,2026-09,GBAAA2600101,${song},Aurora Vale and the Night Orchestra,The Longest Album Name in the Catalogue,GB,123456,1234.56,GBP`,
    ].join('\n'),
  });
  browser = await launchChromium();
  ({ page, errors } = await signedInPage(browser, cloudUrl(), own.manager, {
    company: { id: own.companyId, name: own.name },
    viewport: { width: WIDTH, height: 900 },
  }));
}, 180_000);

afterAll(async () => {
  await browser?.close();
});

describe('money tables at 1,400 px', JOURNEY, () => {
  it("shows every column of the royalties page's lines", async () => {
    await page.goto(`${cloudUrl()}/user/royalties`);
    const cut = await cutOffColumns(page, 'royalties-table', song, WIDTH);
    await screenshotIfAsked(page, '/tmp/shots/royalty-lines-1400.png', true);
    expect(cut).toEqual([]);
    // What shares a cell is still there: the report's line, the artist, the ISRC, the territory; units as counts.
    const row = await page.getByTestId('royalties-table').locator('tbody tr').filter({ hasText: song }).innerText();
    for (const shown of ['Line 2', 'Aurora Vale and the Night Orchestra', 'GBAAA2600101', 'GB', '123,456', '£1,234.56'])
      expect(row).toContain(shown);
    expect(errors).toEqual([]);
  }, 120_000);

  it("keeps the finances page's top labels and releases whole in a 1,000 px window", async () => {
    // Opened at that width, as a person with a narrower window sees it (the side menu open).
    const narrow = await signedInPage(browser, cloudUrl(), own.manager, {
      company: { id: own.companyId, name: own.name },
      viewport: { width: 1000, height: 900 },
      path: '/user/finances',
    });
    // Side by side they cut off their last columns ('Label share', 'Lines'): one above the other, each shows all.
    for (const table of ['finances-labels', 'finances-releases'])
      expect(await cutOffColumns(narrow.page, table, 'Other', 1000)).toEqual([]);
    await screenshotIfAsked(narrow.page, '/tmp/shots/finances-1000.png', true);
    expect(narrow.errors).toEqual([]);
  }, 120_000);
});
