import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { cloudUrl } from '../support/api.js';
import { launchChromium, screenshotIfAsked, signedInManagerPage, watchErrors } from '../support/browser.js';
import { ownCompany, type OwnCompany } from '../support/own-company.js';

/** A release's contracts in the browser: a new contract from the template, its terms and its document link. */
const stamp = Date.now();
let own: OwnCompany;
let browser: Browser;
let page: Page;
let errors: string[];
let releaseId: string;
const artistName = `Contract Journey Artist ${stamp}`;

beforeAll(async () => {
  own = await ownCompany('Contracts journey');
  releaseId = (await own.api.post('/releases', { title: `Contract Journey EP ${stamp}` })).body.release.id;
  expect((await own.api.post('/artists', { name: artistName })).status).toBe(201);
  browser = await launchChromium();
  ({ page } = await signedInManagerPage(browser, cloudUrl(), own.manager, { id: own.companyId, name: own.name }));
  errors = watchErrors(page);
}, 180_000);

afterAll(async () => {
  await browser?.close();
});

describe('release contracts', () => {
  it('creates a contract from the template and shows its document link', async () => {
    await page.goto(`${cloudUrl()}/user/releases/${releaseId}/contracts`);
    // The page says whose contracts these are, and leads back to the release.
    const parent = page.getByTestId('parent-record-link');
    await expect.poll(() => parent.textContent()).toBe(`Release Contract Journey EP ${stamp}`);
    expect(await parent.getByRole('link').getAttribute('href')).toBe(`/user/releases/${releaseId}`);
    await page.getByRole('button', { name: 'New contract' }).click();
    await page.getByTestId('contract-artist').getByRole('button').click();
    await page.getByRole('option', { name: artistName }).first().click();
    await page.getByTestId('contract-contractor').locator('input').fill('Journey Records Ltd');
    await page.getByTestId('contract-contractee').locator('input').fill('Jo Journey');
    await page.getByTestId('contract-create').click();
    const detail = page.getByTestId('contract-detail');
    await detail.waitFor();
    expect(await detail.innerText()).toContain('Artist release contract with Jo Journey');
    expect(await detail.innerText()).toContain('Release within 12 months of signing');
    expect(await page.getByTestId('contract-pdf').isVisible()).toBe(true);
    // The list reloads after the detail shows: wait for it rather than read it once.
    await expect.poll(() => page.getByTestId('contracts-table').innerText()).toContain('Draft');
    await detail.getByLabel('Rate (%)').fill('18');
    await detail.getByLabel('Configuration (optional)').fill('CD');
    await detail.getByLabel('Territory (optional)').fill('GB');
    await detail.getByRole('button', { name: 'Add term' }).click();
    await expect
      .poll(() => page.getByTestId('contract-terms').innerText())
      .toContain('18 % of the published price to dealer, on CD sales in GB');
    // What it would pay, before anything else is saved: the terms on the page run over a past month.
    await detail.getByLabel('First month').fill('2026-01');
    await detail.getByLabel('Last month').fill('2026-03');
    await detail.getByTestId('contract-preview-run').click();
    const preview = page.getByTestId('contract-preview');
    await expect
      .poll(async () => (await preview.isVisible()) && (await preview.innerText()))
      .toContain('1. 18 % of the published price to dealer, on CD sales in GB');
    expect(await preview.innerText()).toContain('Sales no term covers: the label keeps them');
    expect(await page.getByTestId('contract-preview-total').innerText()).toMatch(
      /In all, the payees would be paid \D*0\.00/,
    );
    await screenshotIfAsked(page, '/tmp/contracts-release.png', true);
    expect(errors).toEqual([]);
  });
});
