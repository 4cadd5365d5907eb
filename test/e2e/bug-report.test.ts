import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { call, cloudUrl, demo } from '../support/api.js';
import { launchChromium, signInThroughForm, signedInPage } from '../support/browser.js';
import { type OwnCompany, ownCompany } from '../support/own-company.js';

let browser: Browser;
/** A company of this file's own: its brand-new manager files the report and has their logs erased. */
let own: OwnCompany;

beforeAll(async () => {
  browser = await launchChromium();
  own = await ownCompany('Bug report');
});

afterAll(async () => {
  await browser?.close();
});

describe('Bugs page', () => {
  it('files a report with the page the user was on', async () => {
    const page = await browser.newPage();
    await signInThroughForm(page, cloudUrl(), own.manager.email, own.manager.password);
    await page.waitForURL('**/user');
    await page.goto(`${cloudUrl()}/bugs?referer=${encodeURIComponent('/user/labels?page=3')}`);
    await page.getByTestId('bugs-submit').click();
    await expect.poll(() => page.getByTestId('bugs-page').textContent()).toContain('Description is required');
    await page.getByTestId('bugs-description').locator('textarea').fill('Page 3 of labels shows page 2');
    await page.getByTestId('bugs-submit').click();
    await expect.poll(() => page.getByTestId('bugs-sent').count()).toBe(1);

    const { admin } = own;
    const reports = await call('GET', '/api/v1/admin/bug_reports?q=page%203%20of%20labels', { token: admin });
    expect(reports.body.bug_reports).toEqual([
      expect.objectContaining({
        referer: '/user/labels?page=3',
        status: 'reported',
        user_email: own.manager.email,
      }),
    ]);
  });
});

describe('user logs page', () => {
  it('shows an admin the user’s sign-ins and changes, and erases them on the GDPR delete', async () => {
    // The manager signed in through the form above: that sign-in is what the logs show.
    const { page } = await signedInPage(browser, cloudUrl(), demo.admin, {
      path: `/admin/users/${own.manager.id}/logs`,
    });
    await expect.poll(() => page.getByTestId('logs-table').textContent()).toContain('Sign in');
    // When each happened, to the minute ("7th Dec 2026, 14:05"), as every timestamp is written.
    const signIn = page.getByTestId('logs-table').locator('tbody tr', { hasText: 'Sign in' }).first();
    expect(await signIn.locator('td').first().textContent()).toMatch(/^\d{1,2}(st|nd|rd|th) \w{3} \d{4}, \d{2}:\d{2}$/);
    await page.getByTestId('logs-gdpr-delete').click();
    await page.getByTestId('delete-confirm').click();
    await expect.poll(() => page.locator('body').textContent()).toMatch(/\d+ logs? deleted/);
    await expect.poll(() => page.getByTestId('logs-table').textContent()).toContain('No logs.');
  });
});
