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
const KEPT = '01M8FW48E45C8HWX9PD5JX7JNZ-history-keep.csv';

beforeAll(async () => {
  const user = await newConfirmedUser('History Owner');
  userToken = user.token;
  userId = (await call('GET', '/api/v1/me', { token: user.token })).body.user.id;
  // The kept one as an upload is stored: under an id, before the name the user chose.
  for (const filename of ['history-one.csv', 'history-two.csv', KEPT]) {
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
    // The file by the name the user chose, never the id it is stored under; its type in words.
    const kept = page.getByTestId('imports-table').locator('tbody tr', { hasText: 'history-keep.csv' });
    expect(await kept.textContent()).not.toContain('01M8FW48E45C8HWX9PD5JX7JNZ');
    expect(await kept.textContent()).toContain('Royalties');
    expect(await kept.textContent()).not.toContain('royalties');
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
    expect(left.body.imports.map((i: { filename: string }) => i.filename)).toEqual([KEPT]);
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
