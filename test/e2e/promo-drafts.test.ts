import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cloudUrl, uniqueEmail } from '../support/api.js';
import { launchChromium, screenshotIfAsked, signedInManagerPage } from '../support/browser.js';
import { type OwnCompany, ownCompany } from '../support/own-company.js';

/**
 * New promo makes a draft at once; one made by mistake is deleted from its page, after a confirmation. A promo is
 * copied to a new draft for a second wave.
 */
let browser: Browser;
let own: OwnCompany;
let releaseId: string;

beforeAll(async () => {
  browser = await launchChromium();
  own = await ownCompany('Promo drafts e2e');
});
// A release of each test's own: a test counts its release's promos, whatever order the tests run in.
beforeEach(async () => {
  const recording = (await own.api.post('/recordings', { title: 'Draft Journey Track' })).body.recording;
  releaseId = (
    await own.api.post('/releases', {
      title: 'Draft Journey EP',
      release_recordings_attributes: [{ recording_id: recording.id }],
    })
  ).body.release.id;
});
afterAll(async () => {
  await browser?.close();
});

describe('promo drafts', () => {
  it('deletes a draft made by mistake and lands back on the release’s promos', async () => {
    const { page, errors } = await signedInManagerPage(
      browser,
      cloudUrl(),
      own.manager,
      { id: own.companyId, name: own.name },
      `/user/releases/${releaseId}/promos`,
    );
    await page.getByRole('link', { name: 'New promo' }).click();
    await expect.poll(() => page.locator('body').textContent()).toContain('Promo Added');
    await page.getByTestId('delete-promo').click();
    const dialog = page.getByRole('dialog');
    // Kept when the user thinks again.
    await dialog.getByRole('button', { name: 'Keep it' }).click();
    expect((await own.api.get(`/promos?release_id=${releaseId}`)).body.promos).toHaveLength(1);
    await page.getByTestId('delete-promo').click();
    await screenshotIfAsked(page, 'test-results/promo-draft-delete.png');
    await dialog.getByTestId('confirm-delete-promo').click();
    await expect.poll(() => page.locator('body').textContent()).toContain('Promo deleted');
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/user/releases/${releaseId}/promos`);
    await expect.poll(() => page.locator('body').textContent()).toContain('No promos yet');
    expect((await own.api.get(`/promos?release_id=${releaseId}`)).body.promos).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('copies a sent promo to a new draft with its words, access and tracks, starting today', async () => {
    const sent = (
      await own.api.post('/promos', {
        release_id: releaseId,
        subject: 'First wave: Draft Journey EP',
        biog: 'Recorded in one night.',
        access: 'download',
        download_limit: 5,
      })
    ).body.promo;
    expect((await own.api.post(`/promos/${sent.id}/send`, { emails: [uniqueEmail('copy-dj')] })).status).toBe(200);
    const { page, errors } = await signedInManagerPage(
      browser,
      cloudUrl(),
      own.manager,
      { id: own.companyId, name: own.name },
      `/user/releases/${releaseId}/promos/${sent.id}`,
    );
    await page.getByTestId('copy-promo').click();
    await expect.poll(() => page.locator('body').textContent()).toContain('Promo Added');
    await expect
      .poll(() => new URL(page.url()).pathname)
      .toMatch(new RegExp(`^/user/releases/${releaseId}/promos/(?!${sent.id})[^/]+/edit$`));
    const copyId = new URL(page.url()).pathname.split('/')[5];
    // The copy's own form: editable, as a draft is.
    await expect.poll(() => page.getByRole('button', { name: 'Delete draft' }).count()).toBe(1);
    const copy = (await own.api.get(`/promos/${copyId}`)).body.promo;
    expect(copy).toMatchObject({
      status: 'draft',
      subject: 'First wave: Draft Journey EP',
      biog: 'Recorded in one night.',
      access: 'download',
      download_limit: 5,
      recording_ids: sent.recording_ids,
      start_date: new Date().toISOString().slice(0, 10),
    });
    expect((await own.api.get(`/promos/${sent.id}`)).body.promo.status).not.toBe('draft');
    expect(errors).toEqual([]);
    await page.close();
  });
});
