import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloudUrl } from '../support/api.js';
import { launchChromium, screenshotIfAsked, signedInManagerPage } from '../support/browser.js';
import { type OwnCompany, ownCompany } from '../support/own-company.js';
import { pickOption } from '../support/pick-option.js';

/** A release pitch in Chromium: the chosen release fills in its release date; the label chooser is named. */
let browser: Browser;
let own: OwnCompany;
let label: { id: string; name: string };
let edit: { id: string };
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
