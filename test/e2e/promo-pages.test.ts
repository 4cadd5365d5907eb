import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, cloudUrl, uniqueEmail } from '../support/api.js';
import { launchChromium, screenshotIfAsked, signedInManagerPage, watchErrors } from '../support/browser.js';
import { type OwnCompany, ownCompany } from '../support/own-company.js';
import { seedPreviewAudio } from '../support/seeded-files.js';
import { until } from '../support/wait.js';

/**
 * A sent promo as the label sees it (what went out, read-only) and as its recipient does (the biog's paragraphs kept),
 * and a promo that does not exist said so.
 */
let browser: Browser;
let own: OwnCompany;
let releaseId: string;
let promoId: string;
const dj = uniqueEmail('promo-pages-dj');
const biog = 'Recorded in one night in Leeds.\n\nMixed in Berlin.';

beforeAll(async () => {
  browser = await launchChromium();
  own = await ownCompany('Promo pages e2e');
  const recording = (await own.api.post('/recordings', { title: 'Pages Track' })).body.recording;
  await seedPreviewAudio(own.companyId, recording.id);
  releaseId = (
    await own.api.post('/releases', {
      title: 'Pages EP',
      release_recordings_attributes: [{ recording_id: recording.id }],
    })
  ).body.release.id;
  promoId = (
    await own.api.post('/promos', {
      release_id: releaseId,
      subject: 'Pages EP promo',
      biog,
      access: 'download',
      download_limit: 5,
    })
  ).body.promo.id;
  expect((await own.api.post(`/promos/${promoId}/send`, { emails: [dj] })).status).toBe(200);
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

const managerPage = (path: string) =>
  signedInManagerPage(browser, cloudUrl(), own.manager, { id: own.companyId, name: own.name }, path);

describe('promo pages', () => {
  it('shows the recipient the biog with its paragraphs', async () => {
    const mail = await until(async () =>
      (
        await call<{ mails: { to: string; text: string }[] }>('GET', `/_local/outbox?to=${encodeURIComponent(dj)}`)
      ).body.mails.find((m) => m.to === dj),
    );
    const link = /https?:\/\/\S+\/promo\/\S+/.exec(mail.text)?.[0] as string;
    const page = await browser.newPage();
    const errors = watchErrors(page);
    await page.goto(`${cloudUrl()}${new URL(link).pathname}`);
    const shown = page.getByTestId('promo-biog');
    await shown.waitFor();
    // The blank line between the paragraphs is kept, not run into one line.
    expect(await shown.innerText()).toBe(biog);
    await screenshotIfAsked(page, 'test-results/promo-public-biog.png', true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows the label what a sent promo went out with', async () => {
    const { page, errors } = await managerPage(`/user/releases/${releaseId}/promos/${promoId}`);
    const summary = page.getByTestId('sent-promo-summary');
    await summary.waitFor();
    const text = await summary.innerText();
    expect(text).toContain('Pages EP');
    expect(text).toContain('Pages Track');
    expect(text).toContain('5 per recipient, after their feedback');
    expect(text).toContain('Plain template');
    expect(text).toContain('Recorded in one night in Leeds.\n\nMixed in Berlin.');
    await screenshotIfAsked(page, 'test-results/promo-sent-summary.png', true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('refuses to send a draft whose changes are not saved, then sends it once saved, with the words saved', async () => {
    const draft = (await own.api.post('/promos', { release_id: releaseId })).body.promo;
    const { page, errors } = await managerPage(`/user/releases/${releaseId}/promos/${draft.id}/edit`);
    const words = page.getByTestId('promo-biog').locator('textarea');
    await words.fill('Words typed but not saved.');
    await page.getByTestId('send-addresses').locator('textarea').fill(uniqueEmail('promo-pages-unsaved'));
    await page.getByTestId('send-promo').click();
    await expect
      .poll(() => page.getByTestId('send-unsaved').textContent())
      .toBe('Save the promo first: it is sent as it was last saved, without the changes above');
    expect((await own.api.get(`/promos/${draft.id}`)).body.promo.status).toBe('draft');
    await screenshotIfAsked(page, 'test-results/promo-send-unsaved.png', true);
    // The page's read of the promo after the save comes back late (as on a slow connection): Send, pressed as soon
    // as the save is confirmed, goes by what the save answered, not by the read still on its way.
    await page.route(`**/promos/${draft.id}`, async (route) => {
      if (route.request().method() === 'GET') await new Promise((done) => setTimeout(done, 4000));
      await route.continue();
    });
    await page.getByTestId('save-promo').click();
    await page.getByText('Promo Updated').waitFor();
    await page.getByTestId('send-promo').click();
    await page.getByText('Promo sending to 1 person').waitFor();
    expect((await own.api.get(`/promos/${draft.id}`)).body.promo.biog).toBe('Words typed but not saved.');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('names the tracks with no audio before a send, and asks once more before sending them', async () => {
    const playing = (await own.api.post('/recordings', { title: 'Playing Track' })).body.recording;
    await seedPreviewAudio(own.companyId, playing.id);
    const intro = (await own.api.post('/recordings', { title: 'Silent Intro' })).body.recording;
    const outro = (await own.api.post('/recordings', { title: 'Silent Outro' })).body.recording;
    const release = await own.api.post('/releases', {
      title: 'Half-Mastered EP',
      release_recordings_attributes: [intro, playing, outro].map((r) => ({ recording_id: r.id })),
    });
    const releaseWithSilence = release.body.release.id;
    const draft = (await own.api.post('/promos', { release_id: releaseWithSilence })).body.promo;
    const { page, errors } = await managerPage(`/user/releases/${releaseWithSilence}/promos/${draft.id}/edit`);
    const warning = page.getByTestId('send-no-audio');
    await warning.waitFor();
    expect(await warning.innerText()).toContain('2 tracks have no audio: Silent Intro, Silent Outro');
    await page.getByTestId('send-addresses').locator('textarea').fill(uniqueEmail('promo-pages-silent'));
    await page.getByTestId('send-promo').click();
    const dialog = page.getByRole('dialog', { name: 'Send without audio?' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('2 tracks have no audio: Silent Intro, Silent Outro.');
    await screenshotIfAsked(page, 'test-results/promo-send-no-audio.png', true);
    // Kept back: nothing is sent.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await own.api.get(`/promos/${draft.id}`)).body.promo.status).toBe('draft');
    await page.getByTestId('send-promo').click();
    await page.getByTestId('send-without-audio').click();
    await page.getByText('Promo sending to 1 person').waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('keeps each recipient’s Revoke link in view on a 1,000 px window; a draft’s analysis says it is not sent yet', async () => {
    const { page, errors } = await managerPage(`/user/releases/${releaseId}/promos/${promoId}/analysis`);
    await page.setViewportSize({ width: 1000, height: 900 });
    const table = page.getByTestId('promo-recipients');
    await table.getByText(dj).waitFor();
    const revoke = await table.getByRole('button', { name: 'Revoke link' }).first().boundingBox();
    expect(revoke).not.toBeNull();
    expect((revoke?.x ?? 2000) + (revoke?.width ?? 0)).toBeLessThanOrEqual(1000);
    await screenshotIfAsked(page, 'test-results/promo-analysis-1000.png', true);
    const draft = (await own.api.post('/promos', { release_id: releaseId })).body.promo;
    await page.goto(`${cloudUrl()}/user/releases/${releaseId}/promos/${draft.id}/analysis`);
    await expect
      .poll(() => page.getByTestId('promo-recipients-empty').textContent())
      .toBe('Not sent yet: send the promo from its page to see who listened');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('says a promo that does not exist cannot be loaded, with the way back', async () => {
    const { page, errors } = await managerPage(`/user/releases/${releaseId}/promos/01NOTAPROMO`);
    await page.getByTestId('load-error').waitFor();
    expect(await page.getByTestId('load-error').innerText()).toContain('Could not load the promo');
    expect(await page.getByTestId('load-error-back').count()).toBe(1);
    expect(await page.getByTestId('send-promo').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});
