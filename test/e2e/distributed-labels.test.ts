import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, cloudUrl, demo } from '../support/api.js';
import { launchChromium, screenshotIfAsked, signedInPage } from '../support/browser.js';
import { type OwnCompany, ownCompany } from '../support/own-company.js';

/**
 * The admin's distributed labels in Chromium: a new distributed label with its deal and statement
 * settings, a sale on it, and its distribution statement generated from its page and listed among
 * every distributed label's statements.
 */
let browser: Browser;
let company: OwnCompany;

beforeAll(async () => {
  browser = await launchChromium();
  company = await ownCompany('Distributed labels e2e');
});
afterAll(async () => {
  await browser?.close();
});

describe('distributed labels (admin)', () => {
  it('makes a distributed label and generates its distribution statement', async () => {
    const { page, errors } = await signedInPage(browser, cloudUrl(), demo.admin, {
      path: '/admin/distributed_labels/new',
    });
    const body = () => page.locator('body').textContent();
    const labelName = `Harbour Records ${Date.now()}`;

    await page.getByTestId('distributed-label-company').click();
    await page.getByPlaceholder('Find a company').fill(company.name);
    await page.getByRole('option', { name: company.name }).click();
    await page.getByTestId('distributed-label-name').locator('input').fill(labelName);
    await page.getByTestId('distributed-label-deal').locator('input').fill('20');
    await page.getByTestId('distributed-label-frequency').click();
    await page.getByRole('option', { name: 'Quarterly' }).click();
    await page.getByTestId('distributed-label-submit').click();
    await expect.poll(body).toContain('Distributed Label Added');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/distributed_labels/statements');

    const listed = await call('GET', `/api/v1/admin/distributed_labels?company=${company.companyId}`, {
      token: company.admin,
    });
    const label = listed.body.distributed_labels[0] as { id: string };
    const sale = await company.api.post('/royalties', {
      royalty: {
        pay_period: '2026-04',
        retailer: 'Demo Shop',
        subtotal_payable: '10.00',
        currency: 'GBP',
        label_id: label.id,
      },
    });
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);

    // The list, filtered to the company, leads to the label's page.
    await page.goto(`${cloudUrl()}/admin/distributed_labels`);
    await page.getByTestId('distributed-labels-company').click();
    await page.getByPlaceholder('Find a company').fill(company.name);
    await page.getByRole('option', { name: company.name }).click();
    // The list reloads for the company: its one label is the only row once it has (a click while the rows are being
    // replaced can land on the list that is going away).
    await expect.poll(() => page.locator('[data-testid^="distributed-label-link-"]').count()).toBe(1);
    await page.getByTestId(`distributed-label-link-${label.id}`).click();
    await expect.poll(() => page.getByTestId('distributed-label-deal').textContent()).toBe('20.00%');
    await expect.poll(body).toContain('Quarterly');
    // One page heading, the label's name: its statements are a section of its page, not a second page.
    const pageHeadings = () => page.getByRole('heading', { level: 1 }).allTextContents();
    await expect.poll(pageHeadings).toEqual([labelName]);
    await expect(
      page.getByRole('heading', { level: 2 }).filter({ hasText: 'Distribution statements' }).count(),
    ).resolves.toBe(1);

    await page.getByTestId('generate-statement-start').locator('input').fill('2026-04');
    await page.getByTestId('generate-statement-end').locator('input').fill('2026-06');
    await page.getByTestId('generate-statement').click();
    await expect.poll(body).toContain('DistributionStatement Added');
    // The page follows the run until it has finished, then lists the statement (a run with its PDF may take a while).
    await expect
      .poll(() => page.getByTestId('generate-statement-outcome').textContent(), { timeout: 90_000 })
      .toContain('The statement is published');
    const table = page.getByTestId('distribution-statements-table');
    await expect.poll(() => table.textContent()).toContain('Published');
    await expect.poll(() => table.textContent()).toContain('Q2 2026 (Apr 2026 to Jun 2026)');
    await screenshotIfAsked(page, 'test-results/distributed-label-statement.png', true);

    // Every distributed label's statements: the new one with its company, the list under the page's one heading.
    await page.goto(`${cloudUrl()}/admin/distributed_labels/statements`);
    await expect.poll(pageHeadings).toHaveLength(1);
    expect((await pageHeadings())[0]).toMatch(/^Distributed label statements/);
    // Generate opens its form in a dialog, with the label picker the label's own page does not need.
    await page.getByTestId('distribution-statements-generate').click();
    const dialog = page.getByTestId('generate-statement-dialog');
    await dialog.getByTestId('generate-statement-label').waitFor();
    await expect(dialog.getByTestId('generate-statement-start').count()).resolves.toBe(1);
    await screenshotIfAsked(page, 'test-results/distribution-statements-generate.png');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => dialog.getByTestId('generate-statement-label').count()).toBe(0);
    await page.getByTestId('distribution-statements-company').click();
    await page.getByPlaceholder('Find a company').fill(company.name);
    await page.getByRole('option', { name: company.name }).click();
    await expect.poll(() => page.getByTestId('distribution-statements-table').textContent()).toContain(labelName);
    await screenshotIfAsked(page, 'test-results/distribution-statements.png', true);
    expect(errors).toEqual([]);
    await page.close();
  }, 180_000);
});
