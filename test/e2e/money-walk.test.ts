import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, cloudUrl, demo } from '../support/api.js';
import { artistPortalFixture, type PortalSide } from '../support/artist-portal-fixture.js';
import { launchChromium, screenshotIfAsked, signedInPage } from '../support/browser.js';
import { type OwnLabelManager, ownLabelManager } from '../support/own-company.js';
import { openInApp, pageFaults, pageReady, sidewaysFaults } from '../support/page-faults.js';

/**
 * The money and company pages as a label manager works them, with data: royalty lines imported from a report,
 * statements published for two payees, one paid, expenses. Every list and record page of royalties, imports,
 * statements, payments, finances and the company is opened in a window 1,400 px wide and in one 1,000 px wide, the
 * side menu open in both; and the artist portal's dashboard as the artist user sees it. A page fails when it shows
 * an internal id, a stored value, engine text, a day not written as "5th Feb 2027" (a period picker's range aside),
 * an amount without two decimals, or a table that scrolls sideways.
 */
let browser: Browser;
let manager: OwnLabelManager;
let artist: PortalSide;
let period: string;
let paths: string[];
/** The portal's pages, as its artist user opens them. */
let portalPaths: string[];
/** Words a page must show, by path (what the page says about its own data). */
const mustSay = new Map<string, string[]>();
const WIDTHS = [1400, 1000] as const;
const stamp = Date.now();

beforeAll(async () => {
  manager = await ownLabelManager('Money Walk');
  const fixture = await artistPortalFixture(manager);
  ({ period } = fixture);
  artist = fixture.X;
  const { api } = fixture;
  const companyId = manager.distributed.id;
  // A company of the manager's own making, as a new user makes one: its settings name its country in words.
  const made = await call('POST', '/api/v1/companies', {
    token: manager.token,
    body: { name: `Money Walk Own ${stamp}`, country: 'GB' },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const ownSettings = `/user/companies/${made.body.company.id}/settings`;
  const paid = await api.post('/payments', {
    statement_ids: [artist.statementId],
    payment_method: 'Bank transfer (BACS)',
    payment_reference: `Walk payment ${stamp}`,
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(201);
  const paymentId = paid.body.payment.id as string;
  const label = await manager.own.label(`Money Walk Label ${stamp}`);
  for (const [description, paidOut] of [
    ['Sleeve artwork', true],
    ['Radio plugging', false],
  ] as const) {
    const made = await api.post('/expenses', {
      date: `${period}-05`,
      description,
      supplier: 'Acme Print',
      category: 'Artwork',
      subtotal: '100.5',
      vat: '20.1',
      paid: paidOut,
      expensable_id: label.id,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
  }
  const importId = (await api.get('/royalty_imports?per_page=5')).body.royalty_imports[0].id as string;
  const days = `start_date=${period}-01&end_date=${period}-28`;
  const company = `/user/companies/${companyId}`;
  mustSay.set(ownSettings, ['United Kingdom']);
  paths = [
    '/user',
    '/user/royalties',
    `/user/royalties?import_id=${importId}`,
    `/user/royalties?by_territory=GB&${days}`,
    '/user/royalties/bulk_import',
    `/user/royalties/imports/${importId}`,
    '/user/royalties/exchange_rates',
    `/user/finances?${days}`,
    '/user/finances/statements',
    `/user/finances/statements/${artist.statementId}`,
    `/user/finances/statements/${artist.statementId}/lines`,
    '/user/finances/statement_run',
    '/user/finances/payments',
    `/user/finances/payments/${paymentId}`,
    '/user/finances/payments_register',
    '/user/finances/payment_run',
    '/user/finances/opening_balances',
    `/user/labels/finances/expenses?label_id=${label.id}&label_name=${encodeURIComponent(label.name)}`,
    `/user/payees/${artist.payeeId}/accounting`,
    `/user/artists/${artist.artistId}/finances?${days}`,
    '/user/companies',
    company,
    `${company}/settings`,
    `${company}/users`,
    `${company}/finances?${days}`,
    `${company}/plan`,
    `${company}/billing`,
    ownSettings,
    '/user/profile',
  ];
  portalPaths = [`/artist_dashboard?${days}`, `/artists/${artist.artistId}/statements`];
  browser = await launchChromium();
}, 400_000);

afterAll(async () => {
  await browser?.close();
});

/** Whether the page's side menu is open (folded, it is a strip of icons; open, its words take some 280 px). */
async function menuOpen(page: Page): Promise<boolean> {
  const menu = page.getByRole('navigation', { name: 'Side menu' }).last();
  if (!(await menu.count())) return true;
  return ((await menu.boundingBox())?.width ?? 0) > 200;
}

/** The side menu open, as a new user has it: the narrowest the content gets at a width. */
async function sideMenuOpen(page: Page) {
  if (!(await menuOpen(page))) await page.getByRole('button', { name: 'Expand side menu' }).first().click();
  await expect.poll(() => menuOpen(page)).toBe(true);
}

/**
 * What is wrong on the page, measured with the side menu open: the layout sometimes folds it on its own while a page
 * settles, and a page measured then had the menu's room as well, so it is measured again.
 */
async function faultsWithMenuOpen(page: Page, at: string): Promise<string[]> {
  for (let tries = 0; ; tries += 1) {
    await sideMenuOpen(page);
    const found = [...(await pageFaults(page, at)), ...(await sidewaysFaults(page, at))];
    if ((await menuOpen(page)) || tries === 2) return found;
  }
}

/** Opens `path`: loaded in full the first time, then inside the app as a link would (see `openInApp`). */
async function open(page: Page, path: string) {
  if (page.url().startsWith(cloudUrl())) await openInApp(page, path, pageReady);
  else await page.goto(new URL(path, cloudUrl()).href);
}

/** Opens each path in turn at `width` and answers what is wrong on each, as "path @ width: fault". */
async function walk(page: Page, list: string[], width: number, name: string): Promise<string[]> {
  const found: string[] = [];
  for (const [index, path] of list.entries()) {
    await open(page, path);
    const at = `${path} @ ${width}`;
    const stuck = await pageReady(page, at);
    if (stuck) {
      found.push(stuck);
      continue;
    }
    found.push(...(await faultsWithMenuOpen(page, at)));
    const text = await page.evaluate(() => document.querySelector('main')?.innerText ?? document.body.innerText);
    for (const words of mustSay.get(path) ?? [])
      if (!text.includes(words)) found.push(`${at}: does not say "${words}"`);
    await screenshotIfAsked(page, `/tmp/shots/money-walk-${name}-${width}-${String(index).padStart(2, '0')}.png`, true);
  }
  return found;
}

describe('the money and company pages', () => {
  for (const width of WIDTHS)
    it(`show every page in the user’s words at ${width} px, each fitting the window`, async () => {
      const { page, errors } = await signedInPage(browser, cloudUrl(), manager, {
        company: manager.distributed,
        viewport: { width, height: 900 },
      });
      const found = await walk(page, paths, width, 'manager');
      await page.close();
      expect([...found, ...errors.map((error) => `uncaught page error: ${error}`)]).toEqual([]);
    }, 300_000);

  for (const width of WIDTHS)
    it(`show the artist portal to its artist user at ${width} px`, async () => {
      const { page, errors } = await signedInPage(browser, cloudUrl(), artist, {
        viewport: { width, height: 900 },
        path: '/artist_dashboard',
      });
      const found = await walk(page, portalPaths, width, 'artist');
      await page.close();
      expect([...found, ...errors.map((error) => `uncaught page error: ${error}`)]).toEqual([]);
    }, 120_000);
});

describe('what the money pages were changed to show', () => {
  it('puts a money cell’s further line under its amount, in the same cell', async () => {
    const { page, errors } = await signedInPage(browser, cloudUrl(), manager, {
      company: manager.distributed,
      viewport: { width: 1000, height: 900 },
      path: `/user/finances/statements/${artist.statementId}/lines`,
    });
    const cell = page.getByTestId('statement-lines').locator('tbody td').filter({ hasText: 'Label’s share' }).first();
    await cell.waitFor({ timeout: 30_000 });
    // The amount's own line, then the note on a line of its own below it, both inside the cell.
    const where = await cell.evaluate((td) => {
      const note = [...td.querySelectorAll<HTMLElement>('*')].find((e) => e.innerText?.startsWith('Label’s share'));
      const range = document.createRange();
      const first = [...td.querySelectorAll('*')]
        .flatMap((e) => [...e.childNodes])
        .find((n) => n.nodeType === Node.TEXT_NODE && /£\d/.test(n.textContent ?? ''));
      if (!note || !first) return null;
      range.selectNodeContents(first);
      const amount = range.getBoundingClientRect();
      const under = note.getBoundingClientRect();
      const box = td.getBoundingClientRect();
      return {
        amount: first.textContent,
        below: under.top >= amount.bottom - 1,
        inside: under.left >= box.left && under.right <= box.right + 1,
      };
    });
    expect(where).toMatchObject({ amount: expect.stringMatching(/^£\d[\d,]*\.\d{2}$/), below: true, inside: true });
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  it('says "No royalties in this period" in the royalties chart when no line falls in it', async () => {
    const { page, errors } = await signedInPage(browser, cloudUrl(), manager, {
      company: manager.distributed,
      path: '/user/royalties?start_date=2001-01-01&end_date=2001-01-31',
    });
    await expect
      .poll(() => page.getByTestId('royalties-chart').innerText(), { timeout: 30_000 })
      .toContain('No royalties in this period');
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  it('offers the Distribution CRM page from the empty client companies list', async () => {
    // The walk's company is a distributor's with no client company onboarded.
    const { page, errors } = await signedInPage(browser, cloudUrl(), demo.admin, {
      company: manager.distributed,
      path: '/distribution/companies',
    });
    const link = page.getByTestId('crm-empty').getByTestId('crm-empty-link');
    await link.waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('crm-empty').innerText()).toBe(
      'No client companies yet: onboard one on the Distribution CRM page',
    );
    expect(await link.innerText()).toBe('Distribution CRM page');
    await link.click();
    await page.waitForURL('**/distribution/crm');
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);
});
