import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { cloudUrl, demo } from '../support/api.js';
import { JOURNEY, launchChromium, screenshotIfAsked, signedInPage } from '../support/browser.js';
import { ownCompany, type OwnCompany } from '../support/own-company.js';
import { payeeWithEarnings } from '../support/payee-earnings.js';
import { importReport, storeMap } from '../support/royalty-report.js';
import { publishedRun } from '../support/statement-run.js';
import { cutOffColumns, withSideMenuOpen } from '../support/table-columns.js';

/**
 * The money tables in a window 1,400 px wide (a laptop's) and 1,000 px wide (a narrower window, the side menu open):
 * every column is on screen, none cut off at the right to be scrolled to sideways, with long songs, albums, stores,
 * descriptions and names as people type them. What shares a cell to fit is still there, every money figure with it.
 */
let browser: Browser;
let page: Page;
let errors: string[];
let own: OwnCompany;
let payee: { id: string; name: string };
let statement: { id: string; number: string };
const stamp = Date.now();
const WIDTH = 1400;
const NARROW = 1000;
const song = `A Rather Long Song Title (Extended Club Remix) ${stamp}`;
const expense = `Sleeve artwork, gatefold printing and the launch party's posters ${stamp}`;
const labelName = `The Extraordinarily Long Named Record Label ${stamp}`;

/** A page of the company signed in as its label manager, in a window `width` wide. */
const opened = (width: number, path: string) =>
  signedInPage(browser, cloudUrl(), own.manager, {
    company: { id: own.companyId, name: own.name },
    viewport: { width, height: 900 },
    path,
  });

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
  // A published statement and its payment, for the statements and payments lists.
  ({ payee } = await payeeWithEarnings(own.api, stamp));
  await publishedRun(own.api, {
    kind: 'payee',
    start_pay_period: '2024-01',
    end_pay_period: '2024-02',
    accounts: [{ type: 'Payee', id: payee.id }],
  });
  statement = (await own.api.get(`/statements?statementable_type=Payee&statementable_id=${payee.id}`)).body
    .statements[0];
  const paid = await own.api.post('/payments', {
    statement_ids: [statement.id],
    payment_method: 'Bank transfer (BACS)',
    payment_reference: `Royalties first quarter ${stamp}`,
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(201);
  // What the distributor charges a label, in long words, for its company-wide expenses.
  const label = await own.label(labelName);
  const made = await own.api.post('/expenses', {
    type: 'DistributionExpense',
    date: '2026-02-01',
    description: expense,
    supplier: 'Acme Print and Packaging Services Limited',
    category: 'Artwork and packaging',
    subtotal: '1234.56',
    vat: '246.91',
    paid: true,
    expensable_id: label.id,
    recoupable: true,
    recoupable_percentage: 50,
    payee: { type: 'Label', id: label.id },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  browser = await launchChromium();
  ({ page, errors } = await opened(WIDTH, '/user'));
}, 240_000);

afterAll(async () => {
  await browser?.close();
});

describe('money tables at 1,400 px', JOURNEY, () => {
  it("shows every column of the royalties page's lines", async () => {
    await page.goto(`${cloudUrl()}/user/royalties`);
    await withSideMenuOpen(page, 'royalties-table', song);
    const cut = await cutOffColumns(page, 'royalties-table', song, WIDTH);
    await screenshotIfAsked(page, '/tmp/shots/royalty-lines-1400.png', true);
    expect(cut).toEqual([]);
    // What shares a cell is still there: the report's line, the artist, the ISRC, the territory in words; units as
    // counts.
    const row = await page.getByTestId('royalties-table').locator('tbody tr').filter({ hasText: song }).innerText();
    for (const shown of [
      'Line 2',
      'Aurora Vale and the Night Orchestra',
      'GBAAA2600101',
      'United Kingdom',
      '123,456',
      '£1,234.56',
    ])
      expect(row).toContain(shown);
    expect(errors).toEqual([]);
  }, 120_000);

  it("shows every column of the distributor's expenses, each figure of an expense with it", async () => {
    const admin = await signedInPage(browser, cloudUrl(), demo.admin, {
      company: { id: own.companyId, name: own.name },
      viewport: { width: WIDTH, height: 900 },
      path: '/distribution/finances/expenses',
    });
    try {
      await withSideMenuOpen(admin.page, 'expenses-table', expense);
      const cut = await cutOffColumns(admin.page, 'expenses-table', expense, WIDTH);
      await screenshotIfAsked(admin.page, '/tmp/shots/distribution-expenses-1400.png', true);
      expect(cut).toEqual([]);
      const row = await admin.page
        .getByTestId('expenses-table')
        .locator('tbody tr')
        .filter({ hasText: expense })
        .innerText();
      for (const shown of [
        '1st Feb 2026',
        'Acme Print and Packaging Services Limited',
        'Artwork and packaging',
        labelName,
        `50% from ${labelName}`,
        '£1,234.56',
        '£246.91',
        '£1,481.47',
        'Paid',
      ])
        expect(row).toContain(shown);
      expect(admin.errors).toEqual([]);
    } finally {
      await admin.page.close();
    }
  }, 120_000);

  it("keeps the finances page's top labels and releases whole in a 1,000 px window", async () => {
    // Opened at that width, as a person with a narrower window sees it (the side menu open).
    const narrow = await opened(NARROW, '/user/finances');
    // Side by side they cut off their last columns ('Label share', 'Lines'): one above the other, each shows all.
    await withSideMenuOpen(narrow.page, 'finances-labels', 'Other');
    for (const table of ['finances-labels', 'finances-releases'])
      expect(await cutOffColumns(narrow.page, table, 'Other', NARROW)).toEqual([]);
    await screenshotIfAsked(narrow.page, '/tmp/shots/finances-1000.png', true);
    expect(narrow.errors).toEqual([]);
    await narrow.page.close();
  }, 120_000);
});

describe('money tables at 1,000 px', JOURNEY, () => {
  let narrow: Awaited<ReturnType<typeof opened>>;
  beforeAll(async () => {
    narrow = await opened(NARROW, '/user/royalties');
  }, 60_000);
  afterAll(async () => {
    await narrow?.page.close();
  });

  it("shows every column of the royalties page's lines, every amount in its row", async () => {
    await withSideMenuOpen(narrow.page, 'royalties-table', song);
    const cut = await cutOffColumns(narrow.page, 'royalties-table', song, NARROW);
    await screenshotIfAsked(narrow.page, '/tmp/shots/royalty-lines-1000.png', true);
    expect(cut).toEqual([]);
    const row = await narrow.page
      .getByTestId('royalties-table')
      .locator('tbody tr')
      .filter({ hasText: song })
      .innerText();
    // The album and label under the song, the units under the store, the label's share and paid marks under the amount.
    for (const shown of [
      'Amazon Music Unlimited',
      'United Kingdom',
      'The Longest Album Name in the Catalogue',
      '123,456 units',
      '£1,234.56',
      'Label share £',
      'Artist unpaid',
    ])
      expect(row).toContain(shown);
    expect(narrow.errors).toEqual([]);
  }, 120_000);

  it('shows every column of the statements list', async () => {
    await narrow.page.goto(`${cloudUrl()}/user/finances/statements`);
    await withSideMenuOpen(narrow.page, 'statements-table', payee.name);
    const cut = await cutOffColumns(narrow.page, 'statements-table', payee.name, NARROW);
    await screenshotIfAsked(narrow.page, '/tmp/shots/statements-1000.png', true);
    expect(cut).toEqual([]);
    const row = await narrow.page
      .getByTestId(`statement-link-${statement.id}`)
      .locator('xpath=ancestor::tr')
      .innerText();
    for (const shown of [payee.name, 'Paid']) expect(row).toContain(shown);
    expect(await narrow.page.getByTestId(`statement-payable-${statement.id}`).innerText()).toMatch(/£\d/);
    expect(narrow.errors).toEqual([]);
  }, 120_000);

  it('shows every column of the payments list', async () => {
    await narrow.page.goto(`${cloudUrl()}/user/finances/payments`);
    await withSideMenuOpen(narrow.page, 'payments-table', payee.name);
    const cut = await cutOffColumns(narrow.page, 'payments-table', payee.name, NARROW);
    await screenshotIfAsked(narrow.page, '/tmp/shots/payments-1000.png', true);
    expect(cut).toEqual([]);
    const row = await narrow.page
      .getByTestId('payments-table')
      .locator('tbody tr')
      .filter({ hasText: payee.name })
      .innerText();
    for (const shown of [statement.number, 'Bank transfer (BACS)', `Royalties first quarter ${stamp}`])
      expect(row).toContain(shown);
    expect(row).toMatch(/£\d/);
    expect(narrow.errors).toEqual([]);
  }, 120_000);
});
