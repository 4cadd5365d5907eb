import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloudUrl, newPlatformAdmin } from '../support/api.js';
import { launchChromium, screenshotIfAsked, signedInAdminPage, signedInManagerPage } from '../support/browser.js';
import { type OwnCompany, ownCompany } from '../support/own-company.js';
import { pickOption } from '../support/pick-option.js';

/** A release pitch in Chromium: the chosen release fills in its release date; the label chooser is named. */
let browser: Browser;
let own: OwnCompany;
let label: { id: string; name: string };
let edit: { id: string };
let releaseId: string;
const releaseDate = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
const title = `Pitch Form EP ${Date.now()}`;

beforeAll(async () => {
  browser = await launchChromium();
  own = await ownCompany('Pitch form e2e', { distributed: true });
  label = await own.label('Pitch Form Records');
  const track = (await own.api.post('/recordings', { title: 'Pitch Track' })).body.recording;
  edit = (await own.api.post('/recordings', { title: 'Pitch Track', mix_title: 'Radio Edit' })).body.recording;
  const made = await own.api.post('/releases', {
    title,
    label_id: label.id,
    release_date: releaseDate,
    release_recordings_attributes: [{ recording_id: track.id }, { recording_id: edit.id }],
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  releaseId = made.body.release.id;
});
afterAll(async () => {
  await browser?.close();
});

describe('a release pitch', () => {
  it('fills in the release date from the chosen release, under a named label chooser', async () => {
    const { page, errors } = await signedInManagerPage(
      browser,
      cloudUrl(),
      own.manager,
      { id: own.companyId, name: own.name },
      `/user/labels/tools/marketing/new_release/album_ep?label_id=${label.id}&label_name=${encodeURIComponent(label.name)}`,
    );
    await page.getByText('Label', { exact: true }).first().waitFor();
    await pickOption(page, 'pitch-release', 'Pitch Form', title);
    // The day is shown as typed dates are, and the calendar button names it the same way (DD/MM/YYYY).
    await expect
      .poll(() => page.getByTestId('pitch-release-date').getByRole('button').getAttribute('aria-label'))
      .toBe(`Release date, ${releaseDate.split('-').reverse().join('/')}`);
    // The focus track is one of the release's tracks, each named by title and version; the choice is sent as that
    // recording.
    const focus = page.getByTestId('pitch-focus-track');
    await focus.click();
    await expect.poll(() => page.getByRole('option').count()).toBe(2);
    for (const name of ['Pitch Track', 'Pitch Track (Radio Edit)'])
      expect(await page.getByRole('option', { name, exact: true }).count(), name).toBe(1);
    await page.getByRole('option', { name: 'Pitch Track (Radio Edit)' }).click();
    expect(await focus.innerText()).toContain('Pitch Track (Radio Edit)');
    await screenshotIfAsked(page, 'test-results/pitch-form.png', true);
    await page.getByText('Choose genres').click();
    await page.getByRole('option', { name: 'Indie' }).click();
    await page.keyboard.press('Escape');
    await page.locator('textarea').fill('A record for late nights and long drives home.');
    await page.getByTestId('pitch-send').click();
    const sent = async () =>
      ((await own.api.get('/marketing')).body.requests as { details: Record<string, unknown> }[]).find(
        (r) => r.details.release_title === title,
      )?.details;
    await expect
      .poll(sent, { timeout: 15_000 })
      .toMatchObject({ focus_track_id: edit.id, focus_track: 'Pitch Track (Radio Edit)' });
    const statesAt = page.getByText('The state of each pitch is listed under').getByRole('link', { name: 'Marketing' });
    expect(await statesAt.getAttribute('href')).toBe('/user/labels/tools/marketing');
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('a pitch’s details', () => {
  it('open from the label’s pitches and the distribution team’s queue, every field in words', async () => {
    const sent = await own.api.post('/marketing/album_ep_email', {
      form: {
        label_id: label.id,
        release_id: releaseId,
        release_date: releaseDate,
        genres: ['Indie', 'Dance / Electronic'],
        instruments: ['Synths'],
        pitch: 'Night-bus electronica for the small hours.',
        focus_track_id: edit.id,
      },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const request = sent.body.request as { id: string; summary: string };
    const day = new Date(`${releaseDate}T00:00:00Z`);
    const shownDay = `${day.getUTCDate()}`; // The day's number; its suffix and month are checked by the unit test.
    const expectDetails = async (page: import('playwright-core').Page) => {
      await page.getByTestId(`pitch-open-${request.id}`).click();
      const details = page.getByTestId('pitch-details');
      await details.waitFor();
      const text = await details.innerText();
      for (const words of [
        'Album/EP pitch',
        label.name,
        title,
        'Pitch Track (Radio Edit)',
        'Indie, Dance / Electronic',
        'Synths',
        'Night-bus electronica for the small hours.',
        'None',
        'New',
      ])
        expect(text, words).toContain(words);
      expect(text).toMatch(new RegExp(`Release date\\s+${shownDay}(st|nd|rd|th) [A-Z][a-z]{2} \\d{4}`));
      // No ids and no stored values: the release, label and focus track are named.
      expect(text).not.toContain(edit.id);
      expect(text).not.toContain(label.id);
      expect(text).not.toMatch(/album_ep|release_date|\d{4}-\d{2}-\d{2}/);
    };

    const manager = await signedInManagerPage(
      browser,
      cloudUrl(),
      own.manager,
      { id: own.companyId, name: own.name },
      '/user/labels/tools/marketing',
    );
    await expectDetails(manager.page);
    await screenshotIfAsked(manager.page, 'test-results/pitch-details-label.png');
    expect(manager.errors).toEqual([]);
    await manager.page.close();

    const admin = await signedInAdminPage(browser, cloudUrl(), await newPlatformAdmin('Pitch details admin'), {
      path: '/distribution/marketing',
    });
    await expectDetails(admin.page);
    expect(await admin.page.getByTestId('pitch-details').innerText()).toContain(own.name);
    await screenshotIfAsked(admin.page, 'test-results/pitch-details-queue.png');
    expect(admin.errors).toEqual([]);
    await admin.page.close();
  }, 120_000);
});
