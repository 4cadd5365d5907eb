import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { cloudUrl, inCompany } from '../support/api.js';
import { JOURNEY, openManagerSession, screenshotIfAsked } from '../support/browser.js';

/**
 * A payee's tax form in Chromium: chosen in the form's "Tax form" section under the payment terms, its expiry shown
 * as it will be worked out while the signed day is typed, saved, then read in words on the payee's page and list.
 */
let browser: Browser;
let page: Page;
let errors: string[];
let api: ReturnType<typeof inCompany>;
let payeeId: string;
const stamp = Date.now();

beforeAll(async () => {
  const session = await openManagerSession('Payee tax form');
  ({ browser, page, errors } = session);
  api = inCompany(session.token, session.company.id);
  payeeId = (await api.post('/payees', { name: `Abroad Writer ${stamp}` })).body.payee.id;
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

describe('a payee’s tax form in the browser', JOURNEY, () => {
  it('shows the expiry as it will be worked out while the form is filled in, and saves it', async () => {
    await page.goto(`${cloudUrl()}/user/payees/${payeeId}/edit`);
    const section = page.getByTestId('ref-section-tax-form');
    await expect.poll(() => section.isVisible()).toBe(true);
    const signed = page.getByTestId('ref-field-tax_form_signed_on').locator('input');
    const expires = page.getByTestId('ref-field-tax_form_expires_on').locator('input');
    // No form yet: no days to give.
    expect(await signed.isDisabled()).toBe(true);

    await page.getByTestId('ref-field-tax_form').click();
    await page.getByRole('option', { name: 'W-8BEN', exact: true }).click();
    await signed.fill('29/02/2024');
    await expect.poll(() => expires.inputValue()).toBe('31/12/2027');
    expect(await expires.isDisabled()).toBe(true);
    await screenshotIfAsked(page, '/tmp/shots/payee-tax-form.png', true);
    await page.getByTestId('ref-submit').click();
    await expect
      .poll(async () => (await api.get(`/payees/${payeeId}`)).body.payee.tax_form_expires_on)
      .toBe('2027-12-31');
  }, 60_000);

  it('reads the form in words on the payee’s page and in the list', async () => {
    await page.goto(`${cloudUrl()}/user/payees/${payeeId}`);
    await expect
      .poll(() => page.getByTestId('ref-value-tax_form').textContent())
      .toBe('W-8BEN, valid until 31st Dec 2027');
    await page.goto(`${cloudUrl()}/user/payees`);
    await expect.poll(() => page.getByTestId('ref-table').textContent()).toContain('W-8BEN, valid until 31st Dec 2027');
    expect(errors).toEqual([]);
  }, 60_000);

  it('starts an Other form switched to from the W-8 with no expiry, and saves none', async () => {
    await page.goto(`${cloudUrl()}/user/payees/${payeeId}/edit`);
    const expires = page.getByTestId('ref-field-tax_form_expires_on').locator('input');
    await expect.poll(() => expires.inputValue()).toBe('31/12/2027');
    await page.getByTestId('ref-field-tax_form').click();
    await page.getByRole('option', { name: 'Other', exact: true }).click();
    // The W-8's day was worked out, not given: the certificate's own day is the user's to type.
    await expect.poll(() => expires.isDisabled()).toBe(false);
    expect(await expires.inputValue()).toBe('');
    await page.getByTestId('ref-submit').click();
    await expect.poll(async () => (await api.get(`/payees/${payeeId}`)).body.payee.tax_form).toBe('Other');
    expect((await api.get(`/payees/${payeeId}`)).body.payee.tax_form_expires_on ?? '').toBe('');
    expect(errors).toEqual([]);
  }, 60_000);
});
