import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { cloudUrl } from '../support/api.js';
import { openManagerSession, screenshotIfAsked } from '../support/browser.js';

/**
 * A label manager (not a platform admin) reaches the payment run from the company's own payments
 * list: /user/finances/payments → Payment run → /user/finances/payment_run, with what is due.
 */
let browser: Browser;
let page: Page;
let errors: string[];

beforeAll(async () => {
  ({ browser, page, errors } = await openManagerSession('User payment run'));
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

describe("a company's own payment run", () => {
  it('opens from the payments list and shows what is due, for a label manager', async () => {
    await page.goto(`${cloudUrl()}/user/finances/payments`);
    await page.getByTestId('payments-run').click();
    await page.waitForURL(/\/user\/finances\/payment_run$/);
    await page.getByTestId('payments-due').waitFor({ timeout: 20_000 });
    // What is due is the API's answer for the company (other test files pay the demo's statements meanwhile).
    await expect.poll(() => page.getByTestId('payments-due').textContent()).toContain('Payments due');
    await screenshotIfAsked(page, '/tmp/shots/user-payment-run.png', true);
    expect(errors).toEqual([]);
  }, 60_000);
});
