import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MESSAGES } from '../../shared/messages.js';
import { cloudUrl, latestMail, uniqueEmail } from '../support/api.js';
import { launchChromium, signInThroughForm, watchErrors, screenshotIfAsked, JOURNEY } from '../support/browser.js';

/** Sign-up → confirm link → first password → signed in; forgotten password → reset link → new password. */
const SHOTS = 'test-results/screenshots';
let browser: Browser;
let page: Page;
let errors: string[];
const email = uniqueEmail('browser');

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  errors = watchErrors(page);
});

afterAll(async () => {
  await browser?.close();
});

describe('account journey in the browser', JOURNEY, () => {
  it('signs up and confirms the account by setting a password from the mailed link', async () => {
    await page.goto(`${cloudUrl()}/signup`);
    await page.getByTestId('signup-name').fill('Bea Browser');
    await page.getByTestId('signup-email').fill(email);
    await page.getByTestId('signup-submit').click();
    await expect.poll(() => page.getByTestId('signup-result').textContent()).toContain('Check your e-mail');

    const link = /(\/confirm\/[\w-]+)/.exec((await latestMail(email))!.text)![1];
    await page.goto(`${cloudUrl()}${link}`);
    await expect.poll(() => page.getByTestId('confirm-email').textContent()).toContain(email);
    expect(await page.locator('body').textContent()).toContain(MESSAGES.confirmBySettingPassword);
    await page.getByTestId('confirm-password').fill('Browser-pass-1');
    await page.getByTestId('confirm-password-confirmation').fill('Browser-pass-2');
    await page.getByTestId('confirm-submit').click();
    await expect.poll(() => page.locator('body').textContent()).toContain('This field confirmation does not match');
    await page.getByTestId('confirm-password-confirmation').fill('Browser-pass-1');
    await page.getByTestId('confirm-submit').click();
    await page.waitForURL('**/user');
    await expect.poll(() => page.getByTestId('app-header').textContent()).toContain('Hi Bea Browser');
    await screenshotIfAsked(page, `${SHOTS}/7-confirmed.png`);
  });

  it('resets a forgotten password through the mailed link', async () => {
    const context = await browser.newContext();
    const fresh = await context.newPage();
    await fresh.goto(`${cloudUrl()}/forgotten_password`);
    await fresh.getByTestId('forgotten-submit').click();
    await expect.poll(() => fresh.locator('body').textContent()).toContain(MESSAGES.fillOutEmail);
    await fresh.getByTestId('forgotten-email').fill(email);
    await fresh.getByTestId('forgotten-submit').click();
    await expect.poll(() => fresh.getByTestId('forgotten-result').textContent()).toContain(MESSAGES.resetRequested);

    const link = /(\/reset_password\/[\w-]+)/.exec((await latestMail(email))!.text)![1];
    await fresh.goto(`${cloudUrl()}${link}`);
    await fresh.waitForURL('**/change_password');
    await fresh.getByTestId('change-password').fill('Renewed-pass-3');
    await fresh.getByTestId('change-password-confirmation').fill('Renewed-pass-3');
    await fresh.getByTestId('change-password-submit').click();
    await fresh.waitForURL('**/signin');
    await signInThroughForm(fresh, cloudUrl(), email, 'Renewed-pass-3');
    await fresh.waitForURL('**/user');
    await expect.poll(() => fresh.getByTestId('notification-message').textContent()).toContain(MESSAGES.userLoggedIn);
    await context.close();
  });

  it('ran without uncaught page errors', () => {
    expect(errors).toEqual([]);
  });
});
