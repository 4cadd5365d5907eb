import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { cloudUrl, newPlatformAdmin } from '../support/api.js';
import { launchChromium, signedInAdminPage, signedInManagerPage } from '../support/browser.js';
import { ownCompany, type OwnCompany } from '../support/own-company.js';
import { importReport, storeMap } from '../support/royalty-report.js';

/**
 * Values written the way the rest of the product writes them, on the pages that wrote them otherwise: pay periods as
 * the charts name months ("Sep 2026"), a company's currency by its code, a product's days as the catalogue's forms
 * take days, and an admin's Companies page that does not read as if something were missing.
 */
let browser: Browser;
let own: OwnCompany;
let releaseId: string;
const retailer = `ConventionStore-${Date.now()}`;

beforeAll(async () => {
  own = await ownCompany('Display conventions');
  await importReport(own.api, {
    mapName: `Conventions store ${Date.now()}`,
    map: storeMap(),
    filename: 'conventions.csv',
    report: [
      'Store,Period,ISRC,Track,Artist,Units,Net,Currency',
      `${retailer},2026-09,GBAAA2600101,Convention Song,Ann,10,1.25,GBP`,
    ].join('\n'),
  });
  const release = await own.api.post('/releases', {
    title: `Conventions EP ${Date.now()}`,
    products_attributes: [{ format: 'Digital', pre_order_data: { start_date: '2026-10-01' } }],
  });
  expect(release.status, JSON.stringify(release.body)).toBe(201);
  releaseId = release.body.release.id;
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

describe('values written as the product writes them', () => {
  it('names pay periods as months on the admin’s royalties and a company’s own', { timeout: 120_000 }, async () => {
    const { page, errors } = await signedInManagerPage(
      browser,
      cloudUrl(),
      own.manager,
      { id: own.companyId, name: own.name },
      '/user/royalties',
    );
    const row = page.locator('tbody tr', { hasText: 'Convention Song' });
    await expect.poll(() => row.textContent()).toContain('Sep 2026');
    expect(await row.textContent()).not.toContain('2026-09');
    // The chart's months read the same as the finances charts'.
    await expect.poll(() => page.getByTestId('royalties-chart').textContent()).toContain('Sep 2026');
    expect(await page.getByTestId('royalties-chart').textContent()).not.toContain('2026-09');
    expect(errors).toEqual([]);
    await page.close();

    const admin = await signedInAdminPage(browser, cloudUrl(), await newPlatformAdmin('Conventions admin'), {
      path: '/admin/royalties',
    });
    await admin.page.getByTestId('admin-royalties-company').click();
    await admin.page.getByRole('option', { name: own.name }).click();
    const adminRow = admin.page.locator('tbody tr', { hasText: 'Convention Song' });
    await expect.poll(() => adminRow.textContent()).toContain('Sep 2026');
    expect(await adminRow.textContent()).not.toContain('2026-09');
    await adminRow.getByRole('link', { name: 'Convention Song' }).click();
    await admin.page.waitForURL(`**/admin/royalties/*?company=${own.companyId}`);
    await expect.poll(() => admin.page.locator('main').first().textContent()).toContain('Sep 2026');
    expect(await admin.page.locator('main').first().textContent()).not.toContain('2026-09');
    expect(admin.errors).toEqual([]);
  });

  it('tells an admin in no company where every company is, not that they lack one', async () => {
    const { page, errors } = await signedInAdminPage(browser, cloudUrl(), await newPlatformAdmin('Companyless admin'), {
      path: '/user/companies',
    });
    const empty = page.getByTestId('companies-empty');
    await expect.poll(() => empty.textContent()).toContain('As an admin you work in every company');
    expect(await empty.textContent()).not.toMatch(/not a member|ask a company/);
    await empty.getByRole('link', { name: 'all companies' }).click();
    await page.waitForURL('**/admin/companies');
    expect(errors).toEqual([]);
  });

  it('names the company’s currency by its code, as the admin’s pages do', async () => {
    const { page, errors } = await signedInManagerPage(browser, cloudUrl(), own.manager, {
      id: own.companyId,
      name: own.name,
    });
    await page.goto(`${cloudUrl()}/user/companies/${own.companyId}`);
    const main = page.locator('main').first();
    await expect.poll(() => main.textContent()).toMatch(/CurrencyGBP/);
    expect(await main.textContent()).not.toContain('£ (GBP)');
    await page.goto(`${cloudUrl()}/user/companies/${own.companyId}/settings`);
    await expect.poll(() => page.getByTestId('company-settings-overview').textContent()).toMatch(/CurrencyGBP/);
    expect(await page.getByTestId('company-settings-overview').textContent()).not.toContain('£');
    expect(errors).toEqual([]);
  });

  it('asks for a product’s pre-order days as every form asks for a day', async () => {
    const { page, errors } = await signedInManagerPage(
      browser,
      cloudUrl(),
      own.manager,
      { id: own.companyId, name: own.name },
      `/user/releases/${releaseId}/products`,
    );
    const start = page.getByTestId('release-product-start-date').locator('input');
    await expect.poll(() => start.inputValue()).toBe('01/10/2026');
    expect(await page.getByTestId('release-product-preview-date').locator('input').getAttribute('placeholder')).toBe(
      'DD/MM/YYYY',
    );
    // An empty value shows the product's empty mark.
    expect(await page.getByTestId('release-product').textContent()).not.toContain('—');
    await page.getByTestId('release-product-preview-date').locator('input').fill('45/13/2026');
    await page.getByTestId('release-product-save').click();
    await expect
      .poll(() => page.getByTestId('release-product').textContent())
      .toContain('Pre-order preview date must be a whole date (DD/MM/YYYY)');
    await page.getByTestId('release-product-preview-date').locator('input').fill('08/10/2026');
    await page.getByTestId('release-product-save').click();
    await expect.poll(() => page.getByTestId('notification-message').textContent()).toContain('Release Updated');
    const saved = (await own.api.get(`/releases/${releaseId}`)).body.release.products[0].pre_order_data;
    expect(saved).toMatchObject({ start_date: '2026-10-01', preview_date: '2026-10-08' });
    expect(errors).toEqual([]);
  });

  it('keeps the side menu as the user folded it, not as the layout folds it for a narrow window', async () => {
    const { page, errors } = await signedInManagerPage(
      browser,
      cloudUrl(),
      own.manager,
      { id: own.companyId, name: own.name },
      '/user/payees',
    );
    const menuWidth = async () =>
      (await page.getByRole('navigation', { name: 'Side menu' }).last().boundingBox())?.width ?? 0;
    const remembered = () => page.evaluate(() => localStorage.getItem('lp.navCollapsed'));
    await expect.poll(menuWidth).toBeGreaterThan(200);
    await page.getByRole('button', { name: 'Collapse side menu' }).first().click();
    await expect.poll(menuWidth).toBeLessThan(200);
    expect(await remembered()).toBe('true');
    await page.reload();
    await page.getByRole('button', { name: 'Expand side menu' }).first().click();
    await expect.poll(menuWidth).toBeGreaterThan(200);
    expect(await remembered()).toBe('false');
    // A phone-sized window: the layout closes the menu by itself, for this view only.
    await page.waitForTimeout(1_200);
    await page.setViewportSize({ width: 600, height: 900 });
    await expect.poll(() => page.getByRole('button', { name: 'Expand side menu' }).first().isVisible()).toBe(true);
    await page.waitForTimeout(300);
    expect(await remembered()).toBe('false');
    expect(errors).toEqual([]);
  });
});
