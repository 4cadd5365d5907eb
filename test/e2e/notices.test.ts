import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { MESSAGES } from '../../shared/messages.js';
import { call, cloudUrl } from '../support/api.js';
import { launchChromium, signInThroughForm, watchErrors } from '../support/browser.js';
import { ownCompany } from '../support/own-company.js';

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

describe('notices in the browser', () => {
  it('shows the unread count in the header; opening the notice in the inbox marks it read', async () => {
    // A brand-new manager of this file's own company gets the notice: the count is theirs alone.
    const own = await ownCompany('Notices');
    const { admin } = own;
    const manager = own.manager.token;
    const managerId = own.manager.id;
    const sent = await call('POST', '/api/v1/admin/notices', {
      token: admin,
      body: {
        title: 'Maintenance tonight',
        content: 'The platform is read-only from 22:00.',
        type_of: 'maintenance',
        user_ids: [managerId],
      },
    });
    const noticeId = sent.body.notice.id;

    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const errors = watchErrors(page);
    await signInThroughForm(
      page,
      cloudUrl(),
      own.manager.email,
      own.manager.password,
      '/signin?redirect=/user/messages',
    );
    await page.waitForURL('**/user/messages');
    const unread = (await call('GET', '/api/v1/me', { token: manager })).body.user.notices_count;
    expect(unread).toBeGreaterThanOrEqual(1);
    await expect.poll(() => page.getByTestId('header-notices-count').textContent()).toContain(String(unread));
    const item = page.getByTestId(`inbox-item-${noticeId}`);
    expect(await item.getAttribute('data-read')).toBe('false');
    await item.getByText('Maintenance tonight').click();
    await expect
      .poll(() => page.getByTestId('notification-message').textContent())
      .toContain(MESSAGES.noticeMarkedRead);
    await expect.poll(() => item.getAttribute('data-read')).toBe('true');
    await expect.poll(() => page.getByTestId('header-notices-count').textContent()).toContain(String(unread - 1));
    expect(errors).toEqual([]);
  });
});
