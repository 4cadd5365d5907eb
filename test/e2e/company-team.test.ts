import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MESSAGES } from '../../shared/messages.js';
import { call, cloudUrl, demo, signIn } from '../support/api.js';
import { openManagerSession, screenshotIfAsked, JOURNEY } from '../support/browser.js';

/** The company's own pages in the browser: settings, edit, users, connections, request a label; the profile's children. */
const SHOTS = 'test-results/screenshots';
let browser: Browser;
let page: Page;
let errors: string[];
let company: { id: string; name: string };
const notification = () => page.getByTestId('notification-message');
const shot = (name: string) => screenshotIfAsked(page, `${SHOTS}/company-${name}.png`, true);

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  ({ browser, page, errors, company } = await openManagerSession('Company team'));
});

afterAll(async () => {
  await browser?.close();
});

describe("a company's own pages", JOURNEY, () => {
  it('shows the settings and saves the site settings', async () => {
    await page.goto(`${cloudUrl()}/user/companies/${company.id}/settings`);
    await page.getByTestId('company-settings-overview').waitFor();
    await page.getByTestId('ref-field-site_settings.primary_colour').fill('blue');
    await page.getByTestId('company-site-settings-submit').click();
    await expect
      .poll(() => page.locator('body').textContent())
      .toContain('Primary colour must be a hex or rgba colour');
    await page.getByTestId('ref-field-site_settings.primary_colour').fill('#1a2b3c');
    await page.getByTestId('company-site-settings-submit').click();
    await expect.poll(() => notification().textContent()).toContain(MESSAGES.companyUpdated);
    await shot('settings');
  });

  it('edits the company details', async () => {
    await page.getByTestId('company-nav-UserCompanyEdit').click();
    await page.getByTestId('company-edit-form').waitFor();
    await page.getByTestId('ref-field-profile.name').fill('Demo Music Limited');
    await shot('edit');
    await page.getByTestId('company-edit-submit').click();
    await expect.poll(() => notification().textContent()).toContain(MESSAGES.companyUpdated);
    await page.waitForURL(`**/user/companies/${company.id}/settings`);
    await expect
      .poll(() => page.getByTestId('company-settings-overview').textContent())
      .toContain('Demo Music Limited');
  });

  it('lists the team with its roles and the invitation form', async () => {
    await page.getByTestId('company-nav-UserCompanyUsers').click();
    await page.getByTestId('company-team').waitFor();
    await page.getByTestId('team-invite').waitFor();
    await shot('users');
  });

  it('shows the connections and asks for a label an admin approves', async () => {
    await page.getByTestId('company-nav-UserCompanyConnections').click();
    await page.getByTestId('company-distributor-links').waitFor();
    await shot('connections');
    await page.getByTestId('company-nav-UserCompanyRequestLabel').click();
    const name = `Requested ${Date.now()}`;
    await page.getByTestId('request-label-name').fill(name);
    await page.getByTestId('request-label-submit').click();
    await expect.poll(() => notification().textContent()).toContain('Label Requested');
    await expect.poll(() => page.getByTestId('requested-labels').textContent()).toContain(name);
    await shot('request-label');

    const admin = await signIn(demo.admin.email, demo.admin.password);
    const listed = await call('GET', `/api/v1/admin/labels?scope=requested&q=${encodeURIComponent(name)}`, {
      token: admin,
    });
    const labelId = listed.body.labels[0].id as string;
    const { signedInPage } = await import('../support/browser.js');
    const { page: adminPage } = await signedInPage(browser, cloudUrl(), demo.admin, {
      path: `/admin/labels/${labelId}`,
    });
    await adminPage.getByTestId('label-request-approve').click();
    await expect.poll(() => adminPage.getByTestId('notification-message').textContent()).toContain('Label Approved');
    await adminPage.close();
  });

  it("shows the profile's bug reports, logs and imports", async () => {
    for (const child of ['bug_reports', 'logs', 'imports']) {
      await page.goto(`${cloudUrl()}/user/profile/${child}`);
      await expect.poll(() => page.locator('h1').first().textContent()).toMatch(/Your/);
      await shot(`profile-${child}`);
    }
    expect(errors).toEqual([]);
  });
});
