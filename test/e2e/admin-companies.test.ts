import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { MESSAGES } from '../../shared/messages.js';
import { cloudUrl, demo, newConfirmedUser } from '../support/api.js';
import { launchChromium, signedInAdminPage } from '../support/browser.js';

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

describe('admin companies in the browser', () => {
  it('creates a company and adds a user to it with a role', async () => {
    // A user of this test's own, so the picker's search finds exactly one person whatever other files made.
    const newcomerName = `Picker Newcomer ${Date.now()}`;
    const newcomer = await newConfirmedUser(newcomerName);
    const { page, errors } = await signedInAdminPage(browser, cloudUrl(), demo.admin, { path: '/admin/companies/new' });
    await page.getByTestId('company-field-name').fill('Browser Made Records');
    await page.getByTestId('company-submit').click();
    await expect.poll(() => page.getByTestId('notification-message').textContent()).toContain('Company Added');

    await page.getByTestId('company-edit').click();
    await page.getByTestId('company-users-add').click();
    await page.getByTestId('company-user-picker-0').locator('input').fill(newcomerName);
    // The first option offers a search for the typed text; the person is the option after it.
    await page.getByRole('option').filter({ hasText: newcomerName }).filter({ hasNotText: 'Search for' }).click();
    await page.getByTestId('company-user-role-0').locator('button').first().click();
    await page
      .getByRole('option', { name: /label manager/i })
      .first()
      .click();
    await page.getByTestId('company-submit').click();
    await expect
      .poll(() => page.getByTestId('notification-message').textContent())
      .toContain(MESSAGES.newUserAddedToCompany);
    await page.waitForURL(/\/user\/companies\//);
    await expect.poll(() => page.locator('main').first().textContent()).toContain(newcomer.email);
    expect(errors).toEqual([]);
  });

  it('connects a distributor and refuses a site colour that is neither hex nor rgba', async () => {
    const { page, errors } = await signedInAdminPage(browser, cloudUrl(), demo.admin, { path: '/admin/companies/new' });
    await page.getByTestId('company-field-name').fill(`Connected Records ${Date.now()}`);
    await page.getByTestId('company-submit').click();
    await page.waitForURL(/\/admin\/companies\/[0-9A-Z]{26}$/);
    const companyPage = page.url();
    // A company an admin makes is on Enterprise, named as the plans list names it (never its id).
    await expect.poll(() => page.getByTestId('company-plan').textContent()).toBe('Enterprise');
    // Its sections in the user's words: the company's own page is "As its members see it", never a "Tenant view".
    expect(await page.locator('main').first().textContent()).not.toMatch(/tenant/i);
    expect(await page.getByRole('link', { name: 'As its members see it' }).getAttribute('href')).toBe(
      `/user/companies/${companyPage.split('/').pop()}`,
    );

    await page.goto(`${companyPage}/connections`);
    await page.getByTestId('ref-rows-company_distributors-add').click();
    await page.getByTestId('ref-rows-company_distributors-distributor_id-0').click();
    await page.keyboard.type('orchard');
    await page.getByRole('option', { name: 'The Orchard' }).click();
    await page.getByTestId('ref-rows-company_distributors-contract_start_date-0').locator('input').fill('01/02/2026');
    await page.getByTestId('company-section-submit').click();
    await expect.poll(() => page.getByTestId('notification-message').textContent()).toContain('Company Updated');
    await page.waitForURL(companyPage);
    await expect.poll(() => page.locator('main').first().textContent()).toContain('The Orchard');

    await page.goto(`${companyPage}/site_settings`);
    await page.getByTestId('ref-field-site_settings.primary_colour').fill('blue');
    await page.getByTestId('company-section-submit').click();
    await expect
      .poll(() => page.locator('main').first().textContent())
      .toContain('Primary colour must be a hex or rgba colour');
    await page.getByTestId('ref-field-site_settings.primary_colour').fill('rgba(20, 40, 60, 0.8)');
    await page.getByTestId('company-section-submit').click();
    await expect.poll(() => page.getByTestId('notification-message').textContent()).toContain('Company Updated');
    expect(errors).toEqual([]);
  });

  it('links a publisher created in the Publisher quick-add modal from the company form', async () => {
    const { page, errors } = await signedInAdminPage(browser, cloudUrl(), demo.admin, { path: '/admin/companies/new' });
    await page.getByTestId('company-field-name').fill(`Publishing Co ${Date.now()}`);
    await page.getByTestId('company-submit').click();
    await page.waitForURL(/\/admin\/companies\/[0-9A-Z]{26}$/);
    const companyPage = page.url();
    await page.goto(`${companyPage}/edit`);
    await page.getByTestId('ref-rows-company_publishers-add').click();
    await page.getByTestId('ref-rows-company_publishers-publisher_id-0-add-new').click();
    const modal = page.getByTestId('quick-add-publishers');
    await expect.poll(() => modal.textContent()).toContain('Publisher');
    const name = `Quick Publisher ${Date.now()}`;
    await modal.getByTestId('ref-field-name').fill(name);
    await page.getByTestId('quick-add-publishers-save').click();
    await expect.poll(() => modal.count()).toBe(0);
    await page.getByTestId('company-submit').click();
    await expect.poll(() => page.getByTestId('notification-message').textContent()).toContain('Company Updated');
    await page.goto(companyPage);
    await expect.poll(() => page.locator('main').first().textContent()).toContain(name);
    expect(errors).toEqual([]);
  });
});
