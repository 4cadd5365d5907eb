import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { call, cloudUrl, demo, newConfirmedUser } from '../support/api.js';
import { launchChromium, signedInAdminPage } from '../support/browser.js';

/** An admin clears a user's imports history and sets their feature flags in the browser. */
let browser: Browser;
let page: Page;
let errors: string[];
let userId: string;
let userToken: string;

beforeAll(async () => {
  const user = await newConfirmedUser('History Owner');
  userToken = user.token;
  userId = (await call('GET', '/api/v1/me', { token: user.token })).body.user.id;
  for (const filename of ['history-one.csv', 'history-two.csv', 'history-keep.csv']) {
    await call('POST', '/api/v1/imports', {
      token: user.token,
      body: { filename, filesize: 1000, records: 3, type: 'royalties' },
    });
  }
  browser = await launchChromium();
  ({ page, errors } = await signedInAdminPage(browser, cloudUrl(), demo.admin));
});

afterAll(async () => {
  await browser?.close();
});

describe('admin imports history and user settings', () => {
  it('deletes two of a user’s imports at once and shows the server’s message', async () => {
    await page.goto(`${cloudUrl()}/admin/users/${userId}/imports`);
    await expect.poll(() => page.getByTestId('imports-table').textContent()).toContain('history-keep.csv');
    for (const name of ['history-one.csv', 'history-two.csv']) {
      await page
        .getByRole('row', { name: new RegExp(name) })
        .getByRole('checkbox')
        .check();
    }
    await page.getByTestId('imports-delete-selected').click();
    await page.getByTestId('delete-confirm').click();
    await expect.poll(() => page.getByTestId('notification-message').textContent()).toContain('2 imports deleted');
    const left = await call('GET', '/api/v1/imports', { token: userToken });
    expect(left.body.imports.map((i: { filename: string }) => i.filename)).toEqual(['history-keep.csv']);
  });

  it('turns on a user’s beta features', async () => {
    await page.goto(`${cloudUrl()}/admin/users/${userId}/settings`);
    await page.getByTestId('user-setting-beta_features').check();
    await page.getByTestId('user-settings-submit').click();
    await expect.poll(() => page.getByTestId('notification-message').textContent()).toContain('User Updated');
    const user = await call('GET', '/api/v1/me', { token: userToken });
    expect(user.body.user.user_setting_attributes.beta_features).toBe(true);
    expect(errors).toEqual([]);
  });
});
