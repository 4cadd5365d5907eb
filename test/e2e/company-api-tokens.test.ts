import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MESSAGES } from '../../shared/messages.js';
import { call, cloudUrl } from '../support/api.js';
import { openManagerSession, screenshotIfAsked, JOURNEY } from '../support/browser.js';

/** A company manager makes an API token on the company's pages, an integration uses it, the manager revokes it. */
const SHOTS = 'test-results/screenshots';
let browser: Browser;
let page: Page;
let company: { id: string; name: string };
const notification = () => page.getByTestId('notification-message');
const shot = (name: string) => screenshotIfAsked(page, `${SHOTS}/api-tokens-${name}.png`, true);

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  ({ browser, page, company } = await openManagerSession('API tokens page'));
});

afterAll(async () => {
  await browser?.close();
});

describe('a company’s API tokens page', JOURNEY, () => {
  let secret: string;

  it('makes a read-only catalogue token and shows its secret once, with how to send it', async () => {
    await page.goto(`${cloudUrl()}/user/companies/${company.id}/settings`);
    await page.getByTestId('company-nav-UserCompanyApiTokens').click();
    await page.getByTestId('api-token-form').waitFor();
    await page.getByTestId('api-token-create').click();
    await expect.poll(() => page.getByTestId('api-token-form').textContent()).toContain('Name is required');
    await page.getByTestId('api-token-name').locator('input').fill('Catalogue feed');
    await page.getByTestId('api-token-create').click();
    await expect
      .poll(() => notification().textContent())
      .toContain('API token added: copy it now, it is not shown again');
    secret = (await page.getByTestId('api-token-secret-value').textContent()) ?? '';
    expect(secret).toMatch(/^lpt_/);
    await expect
      .poll(() => page.getByTestId('api-token-secret').textContent())
      .toContain(`Authorization: Bearer ${secret}`);
    const table = page.getByTestId('api-tokens-table');
    await expect.poll(() => table.textContent()).toContain('Catalogue feed');
    await expect.poll(() => table.textContent()).toContain('Read only: Catalogue');
    await expect.poll(() => table.textContent()).toContain(`…${secret.slice(-4)}`);
    // The form starts afresh for the next token.
    await expect.poll(() => page.getByTestId('api-token-name').locator('input').inputValue()).toBe('');
    expect(await page.getByTestId('api-token-create').isEnabled()).toBe(true);
    await shot('made');
  });

  it('the integration reads with it and is refused changes; revoked, it stops at once', async () => {
    expect((await call('GET', '/api/v1/labels', { token: secret })).status).toBe(200);
    expect((await call('POST', '/api/v1/labels', { token: secret, body: { name: 'Nope' } })).status).toBe(403);
    await page.getByRole('button', { name: 'Revoke' }).click();
    await page.getByTestId('api-token-revoke-confirm').click();
    await expect.poll(() => notification().textContent()).toContain('API token revoked');
    await expect.poll(() => page.getByTestId('api-tokens-table').textContent()).toContain('Revoked');
    expect(await call('GET', '/api/v1/labels', { token: secret })).toEqual({
      status: 401,
      body: { message: MESSAGES.mustBeLoggedIn },
    });
    await shot('revoked');
  });
});
