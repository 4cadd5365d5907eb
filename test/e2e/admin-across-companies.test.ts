import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MESSAGES } from '../../shared/messages.js';
import { cloudUrl, demo } from '../support/api.js';
import { launchChromium, screenshotIfAsked, signedInAdminPage, JOURNEY } from '../support/browser.js';
import { ownCompany, type OwnCompany } from '../support/own-company.js';

/**
 * The admin works across companies: the admin and distribution pages over one company's records (statements,
 * royalties, payment run, expenses, UPCs …) opened with no company chosen ask which company in place, instead of
 * sending the admin away with "Missing Company / Namespace"; once one is chosen, the page is that company's.
 */
let browser: Browser;
let page: Page;
let errors: string[];
let company: OwnCompany;

const PAGES = [
  '/admin/statements',
  '/distribution/finances/royalties',
  '/distribution/finances/payment_run',
  '/distribution/finances/statements',
  '/distribution/finances/expenses',
  '/distribution/finances/payments',
  '/distribution/release_deliveries',
  '/distribution/upcs',
  '/distribution/royalty_maps',
];

/** The pages of one company's records that list every company's to an admin with none chosen. */
const ACROSS = [
  '/admin/statements',
  '/distribution/finances/royalties',
  '/distribution/finances/payment_run',
  '/distribution/finances/expenses',
  '/distribution/upcs',
];
const expense = `Across posters ${Date.now()}`;

beforeAll(async () => {
  company = await ownCompany('Across Companies Records');
  const label = await company.label(`Across Label ${Date.now()}`);
  const made = await company.api.post('/expenses', {
    type: 'DistributionExpense',
    date: '2026-03-21',
    description: expense,
    subtotal: '2.50',
    expensable_id: label.id,
    payee: { type: 'Label', id: label.id },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  browser = await launchChromium();
  ({ page, errors } = await signedInAdminPage(browser, cloudUrl(), demo.admin));
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

describe('an admin across companies', JOURNEY, () => {
  it('is asked which company on every page of one company’s records, never sent away', async () => {
    for (const path of PAGES) {
      await page.goto(`${cloudUrl()}${path}`);
      await page.getByTestId('choose-company-panel').waitFor();
      expect(new URL(page.url()).pathname, path).toBe(path);
      expect(await page.getByText(MESSAGES.missingCompany).count(), path).toBe(0);
    }
    await screenshotIfAsked(page, '/tmp/admin-across-choose.png', true);
  });

  it('lists every company’s statements, royalties, payment run, expenses and UPCs with a company column', async () => {
    for (const path of ACROSS) {
      await page.goto(`${cloudUrl()}${path}`);
      const list = page.getByTestId('across-companies');
      await list.waitFor();
      await expect.poll(() => list.locator('thead').textContent()).toContain('Company');
      expect(await page.getByText(MESSAGES.missingCompany).count(), path).toBe(0);
    }
    // The company filter keeps one company's rows: the expense this file made, under its company's name.
    await page.goto(`${cloudUrl()}/distribution/finances/expenses`);
    await page.getByTestId('across-company-filter').click();
    await page.keyboard.type(company.name);
    await page.getByRole('option', { name: company.name }).click();
    const rows = page.locator('[data-testid="across-companies"] tbody tr');
    await expect.poll(() => rows.first().textContent()).toContain(expense);
    expect(await rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain(company.name);
    await screenshotIfAsked(page, '/tmp/admin-across-expenses.png', true);
    // Its company link opens the company: the page is then that company's own list.
    await rows.first().getByTestId('across-company-link').click();
    await page.getByTestId('header-company-link').filter({ hasText: company.name }).waitFor();
    await expect.poll(() => page.getByTestId('across-companies').count()).toBe(0);
    await screenshotIfAsked(page, '/tmp/admin-across-expenses-company.png', true);
    // No company again for the next step (the choice is kept in the browser, like the header chooser's).
    await page.evaluate(() => {
      for (const key of Object.keys(localStorage)) if (key.startsWith('lp.company.')) localStorage.removeItem(key);
    });
    expect(errors).toEqual([]);
  });

  it('shows the chosen company’s records on the page it was asked on', async () => {
    await page.goto(`${cloudUrl()}/admin/statements`);
    await page.getByTestId('choose-company-select').click();
    await page.keyboard.type(company.name);
    await page.getByRole('option', { name: company.name }).click();
    await page.getByTestId('choose-company-panel').waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/admin/statements');
    await page.getByTestId('header-company-link').filter({ hasText: company.name }).waitFor();
    await screenshotIfAsked(page, '/tmp/admin-across-statements.png', true);
    // The choice holds on the other pages of one company's records.
    await page.goto(`${cloudUrl()}/distribution/upcs`);
    await page.getByTestId('header-company-link').filter({ hasText: company.name }).waitFor();
    expect(await page.getByTestId('choose-company-panel').count()).toBe(0);
    // The company's pool is empty: the list says how it fills and what it is for.
    await expect
      .poll(() => page.getByTestId('upcs-empty').textContent())
      .toBe('Import UPCs adds the codes the company bought; Link next free UPC then gives one to a release.');
    expect(errors).toEqual([]);
  });
});
