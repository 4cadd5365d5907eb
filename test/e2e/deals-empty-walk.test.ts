import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloudUrl } from '../support/api.js';
import { launchChromium, screenshotIfAsked, sidewaysScrollers, signedInManagerPage } from '../support/browser.js';
import { type OwnCompany, ownCompany } from '../support/own-company.js';

/**
 * A business-affairs manager's first visit to contracts and licensing, before anything is in them: every page fits
 * 1,400 px, and each empty list says how to fill it.
 */
let own: OwnCompany;
let browser: Browser;
let labelId: string;

beforeAll(async () => {
  own = await ownCompany('Deals first visit');
  labelId = (await own.label(`First visit label ${Date.now()}`)).id;
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

describe('contracts and licensing before anything is in them', () => {
  it('says on each empty page what to do, and no page scrolls sideways', async () => {
    const { page, errors } = await signedInManagerPage(browser, cloudUrl(), own.manager, {
      id: own.companyId,
      name: own.name,
    });
    const pages = [
      ['/user/contracts', 'contracts-register', 'make one on a release’s or a label’s Contracts page'],
      [`/user/labels/${labelId}/contracts`, 'label-contracts', 'choose New contract to make one from a template'],
      ['/user/licensing/licenses', 'licenses', 'choose New incoming licence or New outgoing licence'],
      ['/user/licensing/invoices', 'licence-invoices', 'issue an invoice from a signed outgoing licence’s page'],
    ] as const;
    for (const [path, name, words] of pages) {
      await page.goto(`${cloudUrl()}${path}`);
      await expect.poll(() => page.locator('main').first().innerText(), { message: name }).toContain(words);
      expect(await sidewaysScrollers(page), name).toEqual([]);
      await screenshotIfAsked(page, `/tmp/shots/deals-empty-${name}.png`, true);
    }
    expect(errors).toEqual([]);
  }, 120_000);

  it('says why the licences cannot be listed when a filter is refused, never that there are none', async () => {
    const { page } = await signedInManagerPage(
      browser,
      cloudUrl(),
      own.manager,
      { id: own.companyId, name: own.name },
      '/user/licensing/licenses',
    );
    await page.getByTestId('licenses-tag').locator('input').fill('t'.repeat(41));
    const list = page.getByTestId('licenses-table');
    await expect.poll(() => list.innerText()).toContain('Tag must be under 40 characters');
    expect(await list.innerText()).not.toContain('No licences yet');
  }, 60_000);
});
