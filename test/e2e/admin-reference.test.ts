import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { cloudUrl, demo } from '../support/api.js';
import { launchChromium, signedInAdminPage, JOURNEY } from '../support/browser.js';

/** An admin maintains reference data in the browser: add with validation, find, bulk delete. */
let browser: Browser;
let page: Page;
let errors: string[];

beforeAll(async () => {
  browser = await launchChromium();
  ({ page, errors } = await signedInAdminPage(browser, cloudUrl(), demo.admin));
});

afterAll(async () => {
  await browser?.close();
});

describe('admin reference data', JOURNEY, () => {
  it('adds a country through the form, after the product’s validation messages, and returns to the list', async () => {
    await page.goto(`${cloudUrl()}/admin/countries/new`);
    await page.getByTestId('ref-submit').click();
    await expect.poll(() => page.locator('main').first().textContent()).toContain('Name is required');
    await page.getByTestId('ref-field-name').fill('Browserland');
    await page.getByTestId('ref-field-iso_alpha_two').fill('QB');
    await page.getByTestId('ref-field-iso_alpha_three').fill('QBL');
    await page.getByTestId('ref-field-iso_numeric').fill('901');
    await page.getByTestId('ref-submit').click();
    await expect.poll(() => page.getByTestId('notification-message').textContent()).toContain('Country Added');
    await page.waitForURL(`${cloudUrl()}/admin/countries`);
  });

  it('finds it by search and bulk-deletes the selection with the server’s message', async () => {
    await page.getByTestId('ref-table-search').locator('input').fill('browserland');
    await expect.poll(() => page.getByTestId('ref-table').textContent()).toContain('Browserland');
    // Wait for the server's filtered answer: one row (the unfiltered first page starts with Afghanistan).
    const rows = page.getByTestId('ref-table').locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(1);
    await expect.poll(() => page.getByTestId('ref-table').textContent()).not.toContain('Afghanistan');
    await rows.filter({ hasText: 'Browserland' }).locator('input[type=checkbox]').check();
    await page.getByTestId('ref-delete-selected').click();
    await expect.poll(() => page.getByTestId('delete-modal').textContent()).toContain('Browserland');
    await page.getByTestId('delete-confirm').click();
    await expect.poll(() => page.locator('body').textContent()).toContain('1 country deleted');
  });

  it('asks before leaving a half-filled form through the menu; staying keeps what was typed', async () => {
    await page.goto(`${cloudUrl()}/admin/countries/new`);
    await page.getByTestId('ref-field-name').fill('Half typed');
    expect(await page.getByTestId('ref-field-name').inputValue()).toBe('Half typed');
    await page.getByRole('link', { name: 'Labels' }).first().click();
    await page.getByTestId('ref-leave-modal').waitFor();
    expect(page.url()).toBe(`${cloudUrl()}/admin/countries/new`);
    await page.getByTestId('ref-leave-stay').click();
    expect(await page.getByTestId('ref-field-name').inputValue()).toBe('Half typed');
    await page.getByRole('link', { name: 'Labels' }).first().click();
    await page.getByTestId('ref-leave-confirm').click();
    await page.waitForURL('**/labels*');
  });

  it('ran without uncaught page errors', () => {
    expect(errors).toEqual([]);
  });
});
