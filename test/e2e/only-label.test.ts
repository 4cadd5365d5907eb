import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cloudUrl } from '../support/api.js';
import { launchChromium, screenshotIfAsked, signedInManagerPage } from '../support/browser.js';
import { type OwnCompany, ownCompany } from '../support/own-company.js';

/**
 * A company with exactly one label works on it without choosing it, as the label tools do: a label's accounting, its
 * expenses and distribution expenses, and a new expense of a label open with that label chosen.
 */
let browser: Browser;
let own: OwnCompany;
let label: { id: string; name: string };

beforeAll(async () => {
  browser = await launchChromium();
  own = await ownCompany('Only label e2e');
  label = await own.label('Only Label Records');
});
afterAll(async () => {
  await browser?.close();
});

it("opens a label's accounting, expenses and a new expense with the company's only label chosen", async () => {
  const { page, errors } = await signedInManagerPage(
    browser,
    cloudUrl(),
    own.manager,
    { id: own.companyId, name: own.name },
    '/user/labels/finances/royalties/reports',
  );
  const chosen = () => new URL(page.url()).searchParams.get('label_id');
  await expect.poll(chosen).toBe(label.id);
  await expect.poll(() => page.getByTestId('finances-label').textContent()).toContain(label.name);
  await expect.poll(() => page.getByTestId('accounting-table').isVisible()).toBe(true);
  await screenshotIfAsked(page, '/tmp/audit-tidy/only-label-accounting.png', true);

  for (const list of ['expenses', 'distribution_expenses']) {
    await page.goto(`${cloudUrl()}/user/labels/finances/${list}`);
    await expect.poll(chosen).toBe(label.id);
    await expect.poll(() => page.locator('body').textContent()).toContain(label.name);
    expect(await page.getByTestId('expenses-no-label').count()).toBe(0);
  }
  await screenshotIfAsked(page, '/tmp/audit-tidy/only-label-expenses.png', true);

  // A new expense of a label, opened without one in its address.
  await page.goto(`${cloudUrl()}/user/labels/finances/distribution_expenses/new`);
  await expect.poll(() => page.getByTestId('expense-field-label').textContent()).toContain(label.name);
  await screenshotIfAsked(page, '/tmp/audit-tidy/only-label-new-expense.png', true);
  expect(errors).toEqual([]);
  await page.close();
}, 120_000);
