import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, cloudUrl, demo } from '../support/api.js';
import { launchChromium, screenshotIfAsked, signedInPage } from '../support/browser.js';
import { type OwnCompany, ownCompany } from '../support/own-company.js';

/**
 * The distributor's CRM in Chromium: a distributor admin (a platform admin working in the
 * distributor's company) onboards a client company from the CRM, adds its label and authorises two
 * stores for it.
 */
let browser: Browser;
let distributor: OwnCompany;
const stores: { id: string; name: string }[] = [];

beforeAll(async () => {
  browser = await launchChromium();
  distributor = await ownCompany('CRM e2e distributor');
  for (const letter of ['North', 'South']) {
    const made = await call('POST', '/api/v1/dsps', {
      token: distributor.admin,
      body: { name: `CRM ${letter} Store ${Date.now()}`, active: true },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    stores.push(made.body.dsp);
  }
});
afterAll(async () => {
  await browser?.close();
});

describe('the distributor’s CRM', () => {
  it('onboards a client company from the CRM and authorises two stores for its label', async () => {
    const { page, errors } = await signedInPage(browser, cloudUrl(), demo.admin, {
      company: { id: distributor.companyId, name: distributor.name },
      path: '/distribution/crm',
    });
    const body = () => page.locator('body').textContent();
    const clientName = `Lighthouse Music ${Date.now()}`;

    await page.getByTestId('crm-onboard').click();
    await page.getByTestId('crm-name').locator('input').fill(clientName);
    await page.getByTestId('crm-status').click();
    await page.getByRole('option', { name: 'Onboarding' }).click();
    await page.getByTestId('crm-deal').locator('input').fill('12.5');
    // The deal is said as the ledger applies it: the client's share, the distributor keeping the rest.
    await expect.poll(body).toContain('The share of each sale the company keeps, in percent');
    expect(await body()).not.toContain('distributor’s share');
    await screenshotIfAsked(page, 'test-results/distribution-crm-onboard.png', true);
    await page.getByTestId('crm-contact-name').locator('input').fill('Mara Holt');
    await page.getByTestId('crm-submit').click();

    // The client's page: its terms in words, the status in its colour, its first activity.
    await expect.poll(body).toContain('Client company onboarded');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent()).toContain(clientName);
    await expect.poll(body).toContain('12.50%');
    await expect
      .poll(() => page.getByTestId('client-activity').textContent())
      .toContain('Client onboarded as Onboarding');
    await expect.poll(() => page.getByTestId('client-owed').textContent()).toMatch(/0\.00/);
    const companyId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');

    await page.getByTestId('label-name').locator('input').fill('Lighthouse Tapes');
    await page.getByTestId('label-add').click();
    await expect.poll(() => page.getByTestId('client-labels').textContent()).toContain('Lighthouse Tapes');
    // No store authorised yet: the cell is empty as every empty cell is ("-"), not a sentence of its own.
    const storesCell = page
      .getByTestId('client-labels')
      .locator('tbody tr', { hasText: 'Lighthouse Tapes' })
      .locator('td')
      .last();
    await expect.poll(() => storesCell.textContent()).toBe('-');
    await page.getByTestId('client-labels').getByRole('link', { name: 'Lighthouse Tapes' }).click();

    // The label's page: two stores chosen and saved.
    const select = page.getByTestId('stores-select');
    await select.waitFor();
    for (const store of stores) {
      // The trigger, never a chosen store's token: the filter box replaces what the last search typed.
      await select.getByRole('button').first().click();
      await page.getByPlaceholder('Find a store').fill(store.name);
      await page.getByRole('option', { name: store.name }).click();
      await page.keyboard.press('Escape');
    }
    await page.getByTestId('stores-save').click();
    await expect.poll(body).toContain('Stores authorised');
    await screenshotIfAsked(page, 'test-results/distribution-crm-stores.png', true);
    // Each of the label's tabs opens with its own heading.
    for (const [tab, heading, shown] of [
      ['Edit', 'Edit label', 'Parent label'],
      ['Affiliates', 'Affiliates', 'No sub-labels'],
      ['Royalties', 'Royalties', 'No royalties for this label yet'],
      ['Statement settings', 'Statement settings', 'Not scheduled'],
    ] as const) {
      await page.getByRole('tab', { name: tab }).click();
      await expect.poll(() => page.getByRole('heading', { name: heading, level: 2 }).count()).toBe(1);
      await expect.poll(body).toContain(shown);
      await screenshotIfAsked(page, `test-results/distribution-crm-label-${tab.replace(/ /g, '-').toLowerCase()}.png`);
    }

    const labels = async () =>
      (
        await call('GET', `/api/v1/company_labels?company_id=${encodeURIComponent(companyId)}`, {
          token: distributor.manager.token,
          company: distributor.companyId,
        })
      ).body.labels;
    await expect
      .poll(async () => (await labels())[0]?.stores.map((s: { name: string }) => s.name))
      .toEqual(stores.map((s) => s.name).sort((a, b) => a.localeCompare(b)));

    await page.goto(`${cloudUrl()}/distribution/labels`);
    await expect.poll(body).toContain('Lighthouse Tapes');
    await screenshotIfAsked(page, 'test-results/distribution-crm-labels.png', true);

    // Back in the CRM: the client is listed with its status and the activity names the stores.
    await page.goto(`${cloudUrl()}/distribution/crm`);
    // Each filter says what it filters before anything is chosen.
    await expect.poll(() => page.getByTestId('crm-filter-status').textContent()).toContain('Any status');
    expect(await page.getByTestId('crm-filter-manager').textContent()).toContain('Any account manager');
    await page.getByTestId('crm-search').locator('input').fill(clientName);
    await expect.poll(() => page.getByTestId('crm-table').textContent()).toContain(clientName);
    await expect.poll(() => page.getByTestId('crm-table').textContent()).toContain('Onboarding');
    await screenshotIfAsked(page, 'test-results/distribution-crm-list.png', true);
    await page.getByTestId('crm-table').getByRole('link', { name: clientName }).click();
    await expect
      .poll(() => page.getByTestId('client-activity').textContent())
      .toContain(
        `Lighthouse Tapes may deliver to ${[...stores.map((s) => s.name)].sort((a, b) => a.localeCompare(b)).join(', ')}`,
      );
    await screenshotIfAsked(page, 'test-results/distribution-crm-client.png', true);
    expect(errors).toEqual([]);
    await page.close();
  });
});
