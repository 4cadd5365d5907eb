import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { STORAGE_KEYS } from '../../web/src/app/session-rules.js';
import { call, cloudUrl, demo, newConfirmedUser } from '../support/api.js';
import { launchChromium, screenshotIfAsked, signedInAdminPage, signedInPage, JOURNEY } from '../support/browser.js';
import { ownCompany, type OwnCompany } from '../support/own-company.js';

/**
 * The API reference, and the admin pages that were "coming soon": site help, admin imports new/edit,
 * a label's settings, a company's distribution settings and "add a distributor".
 */
let browser: Browser;
let page: Page;
let errors: string[];
let company: OwnCompany;
let admin: string;

const notice = () => page.getByTestId('notification-message').textContent();

beforeAll(async () => {
  company = await ownCompany('Docs Pages Co', { distributed: true });
  admin = company.admin;
  browser = await launchChromium();
  ({ page, errors } = await signedInAdminPage(browser, cloudUrl(), demo.admin));
}, 120_000);

afterAll(async () => {
  // The API reference page's help is the site's: put the built-in help back.
  await call('DELETE', '/api/v1/admin/site_help/ApiDocs', { token: admin });
  await browser?.close();
});

describe('the API reference and the remaining admin pages', JOURNEY, () => {
  it('lists every call of an area with who may make it, read from the OpenAPI document', async () => {
    await page.goto(`${cloudUrl()}/api_docs`);
    await page.getByTestId('api-docs-page').waitFor();
    await page.getByRole('searchbox', { name: 'Find a call' }).fill('/api/v1/admin/site_help');
    const table = page.getByRole('table').first();
    await expect.poll(() => table.textContent()).toContain('PUT /api/v1/admin/site_help/{page}');
    expect(await table.textContent()).toContain('Platform admins');
    await page.getByRole('searchbox', { name: 'Find a call' }).fill('/api/v1/labels/{id}/accounting');
    await expect
      .poll(() => page.getByRole('table').first().textContent())
      .toContain('Members of the company whose role lets them see royalties, statements and payments');
    await screenshotIfAsked(page, 'api-docs.png');
  });

  it('an admin edits a page’s help and the help panel shows it', async () => {
    await page.goto(`${cloudUrl()}/admin/site_help`);
    await page.getByTestId('site-help-page').click();
    await page
      .getByRole('option', { name: /API reference/ })
      .first()
      .click();
    await page.getByTestId('site-help-field-title').locator('input').fill('Building on the API');
    await page.getByRole('textbox', { name: 'Topic' }).first().fill('Tokens');
    await page.getByRole('textbox', { name: 'Text' }).first().fill('Send your token in the Authorization header.');
    await page.getByTestId('site-help-submit').click();
    await expect.poll(notice).toContain('Help was successfully saved.');
    await expect.poll(() => page.getByTestId('site-help-edited').textContent()).toContain('Building on the API');

    await page.evaluate((key) => localStorage.setItem(key, 'true'), STORAGE_KEYS.siteHelp);
    await page.goto(`${cloudUrl()}/api_docs`);
    await page.getByRole('button', { name: 'Open help panel' }).click();
    await expect.poll(() => page.getByTestId('help-topic').first().textContent()).toContain('Tokens');
    await page.evaluate((key) => localStorage.setItem(key, 'false'), STORAGE_KEYS.siteHelp);
  });

  it('an admin files and corrects a record of a user’s imports history', async () => {
    const owner = await newConfirmedUser('Ida History');
    await page.goto(`${cloudUrl()}/admin/imports/new`);
    await page.getByTestId('import-field-user').locator('input').fill(owner.email);
    await page.getByRole('option', { name: /Ida History/ }).click();
    await page.getByTestId('import-field-filename').locator('input').fill('old-system.csv');
    await page.getByTestId('import-field-type').locator('input').fill('releases');
    await page.getByTestId('import-field-records').locator('input').fill('12');
    await page.getByTestId('import-field-filesize').locator('input').fill('2048');
    await page.getByTestId('import-submit').click();
    await expect.poll(notice).toContain('Import Added');
    await page.getByTestId('import-edit').click();
    await page.getByTestId('import-field-records').locator('input').fill('11');
    await page.getByTestId('import-submit').click();
    await expect.poll(notice).toContain('Import Updated');
    const theirs = await call('GET', '/api/v1/imports', { token: owner.token });
    expect(theirs.body.imports).toEqual([expect.objectContaining({ filename: 'old-system.csv', records: 11 })]);
  });

  it('an admin sets a label’s settings and a company’s distribution settings', async () => {
    const label = await company.label('Settings Label');
    await page.goto(`${cloudUrl()}/admin/labels/${label.id}/settings`);
    // A deal is the share the label keeps (the ledger's label = amount × deal %), never the distributor's cut.
    await expect
      .poll(() => page.getByTestId('label-settings-deal').textContent())
      .toContain(
        'The share of each sale the label keeps, in percent, at most two decimals; the distributor keeps the rest.',
      );
    await page.getByTestId('label-settings-store').locator('input').check();
    await page.getByTestId('label-settings-deal').locator('input').fill('15');
    await page.getByTestId('label-settings-submit').click();
    await expect.poll(notice).toContain('Label Updated');
    expect((await company.api.get(`/labels/${label.id}`)).body.label).toMatchObject({
      store: true,
      deal_percentage: 15,
    });

    await page.goto(`${cloudUrl()}/user/companies/${company.companyId}/distribution/distribution_settings`);
    const deal = page.getByTestId('distribution-settings-deal');
    await expect
      .poll(() => deal.textContent())
      .toContain(
        'The share of each sale the company keeps, in percent, at most two decimals; the distributor keeps the rest.',
      );
    expect(await deal.textContent()).not.toContain('distributor’s share');
    await deal.locator('input').fill('20');
    await page.getByTestId('distribution-settings-submit').click();
    await expect.poll(notice).toContain('Company Updated');
    expect(
      (await call('GET', `/api/v1/admin/companies/${company.companyId}`, { token: admin })).body.company,
    ).toMatchObject({
      deal_percentage: 20,
      distributed: true,
    });

    await page.goto(`${cloudUrl()}/user/companies/${company.companyId}/distribution/distributor/new`);
    await page.getByTestId('company-distributor').waitFor();
    expect(errors).toEqual([]);
  });

  it('a member reads the distribution settings and is told only admins add a distributor', async () => {
    const member = await signedInPage(browser, cloudUrl(), company.manager, {
      company: { id: company.companyId, name: company.name },
      path: `/user/companies/${company.companyId}/distribution/distribution_settings`,
    });
    await expect.poll(() => member.page.getByText('Only the platform’s admins change these settings.').count()).toBe(1);
    await expect.poll(() => member.page.getByText('20%').count()).toBe(1);
    await member.page.goto(`${cloudUrl()}/user/companies/${company.companyId}/distribution/distributor/new`);
    await expect
      .poll(() => member.page.getByText('Only the platform’s admins link a distributor to your company.').count())
      .toBe(1);
    expect(member.errors).toEqual([]);
    await member.page.close();
  });
});
