import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { cloudUrl } from '../support/api.js';
import { openManagerSession, screenshotIfAsked, JOURNEY } from '../support/browser.js';

/**
 * A record's page opened with an id that names no record (a deleted one, an old link): asking again cannot find it,
 * so the page offers no Retry but the way back to the list the record belonged to.
 */
let browser: Browser;
let page: Page;
let errors: string[];

beforeAll(async () => {
  ({ browser, page, errors } = await openManagerSession('Not found records'));
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

describe('a record that does not exist', JOURNEY, () => {
  it('offers the way back to its list instead of Retry', async () => {
    for (const [path, back, list] of [
      ['/user/labels/01NOSUCHLABEL', 'Back to Labels', '/user/labels'],
      ['/user/royalties/imports/01NOSUCHIMPORT', 'Back to Royalties', '/user/royalties'],
    ]) {
      await page.goto(`${cloudUrl()}${path}`);
      const failed = page.getByTestId('load-error');
      await failed.waitFor();
      expect(await failed.getByRole('button', { name: 'Retry' }).count(), path).toBe(0);
      await expect.poll(() => page.getByTestId('load-error-back').textContent(), { message: path }).toBe(back);
      if (list === '/user/labels') await screenshotIfAsked(page, '/tmp/shots/record-not-found.png');
      await page.getByTestId('load-error-back').click();
      await expect.poll(() => new URL(page.url()).pathname).toBe(list);
    }
    // A not-found answer is an expected one: the pages log no uncaught error for it.
    expect(errors).toEqual([]);
  }, 90_000);
});
