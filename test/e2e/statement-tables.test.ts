import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { cloudUrl, demo } from '../support/api.js';
import { launchChromium, screenshotIfAsked, signedInPage, JOURNEY } from '../support/browser.js';
import { ownCompany, type OwnCompany } from '../support/own-company.js';
import { payeeWithEarnings } from '../support/payee-earnings.js';
import { publishedRun } from '../support/statement-run.js';
import { cutOffColumns, withSideMenuOpen } from '../support/table-columns.js';

/**
 * The statement tables in a window 1,400 px wide (a laptop's): every column of the statements list and of a run's
 * statements is on screen, none cut off at the right; and each statements page has one heading, not the page's
 * and the table's both.
 */
let browser: Browser;
let page: Page;
let errors: string[];
let company: OwnCompany;
let labelId: string;
let runId: string;
let payee: { id: string; name: string };
const stamp = Date.now();
const WIDTH = 1400;

beforeAll(async () => {
  company = await ownCompany('Statement tables');
  labelId = (await company.label(`Statement Tables Label ${stamp}`)).id;
  ({ payee } = await payeeWithEarnings(company.api, stamp));
  ({ runId } = await publishedRun(company.api, {
    kind: 'payee',
    start_pay_period: '2024-01',
    end_pay_period: '2024-02',
    accounts: [{ type: 'Payee', id: payee.id }],
  }));
  browser = await launchChromium();
  ({ page, errors } = await signedInPage(browser, cloudUrl(), company.manager, {
    company: { id: company.companyId, name: company.name },
    viewport: { width: WIDTH, height: 900 },
  }));
}, 180_000);

afterAll(async () => {
  await browser?.close();
});

/** The headings a person reads as the page's title (the page's and a full-page table's are both level 1). */
const pageHeadings = async (on: Page) =>
  (await on.getByRole('heading', { level: 1 }).allInnerTexts()).map((text) => text.replace(/\s*\(\d+\)$/, ''));

describe('statement tables at 1,400 px', JOURNEY, () => {
  it("shows every column of the statements list and of a run's statements", async () => {
    await page.goto(`${cloudUrl()}/user/finances/statements`);
    await withSideMenuOpen(page, 'statements-table', payee.name);
    expect(await cutOffColumns(page, 'statements-table', payee.name, WIDTH)).toEqual([]);
    await screenshotIfAsked(page, '/tmp/shots/statements-1400.png');
    await page.goto(`${cloudUrl()}/user/finances/statement_run?run=${runId}`);
    await page.getByTestId('run-preview-rows').waitFor({ timeout: 60_000 });
    await withSideMenuOpen(page, 'run-preview-rows', payee.name);
    expect(await cutOffColumns(page, 'run-preview-rows', payee.name, WIDTH)).toEqual([]);
    await screenshotIfAsked(page, '/tmp/shots/statement-run-1400.png', true);
    expect(errors).toEqual([]);
  }, 120_000);

  it('gives each statements page one heading', async () => {
    for (const [path, heading] of [
      ['/user/finances/statements', 'Statements'],
      [`/user/companies/${company.companyId}/finances/distribution_statements`, 'Distribution statements'],
      [`/user/labels/${labelId}/distribution_statements`, `Statement Tables Label ${stamp}: distribution statements`],
    ]) {
      await page.goto(`${cloudUrl()}${path}`);
      await expect.poll(() => pageHeadings(page), { message: path }).toEqual([heading]);
    }
    await screenshotIfAsked(page, '/tmp/shots/label-distribution-statements.png');
    expect(errors).toEqual([]);
  }, 60_000);

  it("gives the distribution area's statements one heading, and every column room", async () => {
    const admin = await signedInPage(browser, cloudUrl(), demo.admin, {
      company: { id: company.companyId, name: company.name },
      viewport: { width: WIDTH, height: 900 },
      path: '/distribution/finances/statements',
    });
    try {
      await expect.poll(() => pageHeadings(admin.page)).toEqual(['Statements']);
      await withSideMenuOpen(admin.page, 'statements-table', payee.name);
      expect(await cutOffColumns(admin.page, 'statements-table', payee.name, WIDTH)).toEqual([]);
      await screenshotIfAsked(admin.page, '/tmp/shots/distribution-statements-1400.png');
      expect(admin.errors).toEqual([]);
    } finally {
      await admin.page.close();
    }
  }, 60_000);
});
