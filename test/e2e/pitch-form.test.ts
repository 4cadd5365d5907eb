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
const releaseDate = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
const title = `Pitch Form EP ${Date.now()}`;

beforeAll(async () => {
  browser = await launchChromium();
  own = await ownCompany('Pitch form e2e', { distributed: true });
  label = await own.label('Pitch Form Records');
  const made = await own.api.post('/releases', { title, label_id: label.id, release_date: releaseDate });
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
    // The day is shown as typed dates are; the calendar button names it as stored.
    await expect
      .poll(() => page.getByTestId('pitch-release-date').getByRole('button').getAttribute('aria-label'))
      .toBe(`Release date, ${releaseDate}`);
    await screenshotIfAsked(page, 'test-results/pitch-form.png', true);
    const statesAt = page.getByText('The state of each pitch is listed under').getByRole('link', { name: 'Marketing' });
    expect(await statesAt.getAttribute('href')).toBe('/user/labels/tools/marketing');
    expect(errors).toEqual([]);
    await page.close();
  });
});
