import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { MESSAGES } from '../../shared/messages.js';
import { cloudUrl, demo } from '../support/api.js';
import { launchChromium, signInThroughForm, watchErrors } from '../support/browser.js';

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

describe('admin companies in the browser', () => {
  it('creates a company and adds a user to it with a role', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const errors = watchErrors(page);
    await signInThroughForm(page, cloudUrl(), demo.admin.email, demo.admin.password);
    await page.waitForURL('**/user');
    await page.goto(`${cloudUrl()}/admin/companies/new`);
    await page.getByTestId('company-field-name').fill('Browser Made Records');
    await page.getByTestId('company-submit').click();
    await expect.poll(() => page.getByTestId('notification-message').textContent(), { timeout: 10_000 }).toContain('Company Added');

    await page.getByTestId('company-edit').click();
    await page.getByTestId('company-users-add').click();
    await page.getByTestId('company-user-picker-0').locator('input').fill('manager');
    await page.getByRole('option', { name: /Max Manager/ }).first().click();
    await page.getByTestId('company-user-role-0').locator('button').first().click();
    await page.getByRole('option', { name: /label manager/i }).first().click();
    await page.getByTestId('company-submit').click();
    await expect.poll(() => page.getByTestId('notification-message').textContent(), { timeout: 10_000 }).toContain(MESSAGES.newUserAddedToCompany);
    await page.waitForURL(/\/user\/companies\//);
    await expect.poll(() => page.locator('main').first().textContent()).toContain('manager@demo.test');
    expect(errors).toEqual([]);
  });
});
