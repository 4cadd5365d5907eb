import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate } from '../../shared/format.js';
import { cloudUrl, demo } from '../support/api.js';
import { launchChromium, screenshotIfAsked, signedInAdminPage, signedInManagerPage } from '../support/browser.js';
import { type OwnCompany, ownCompany } from '../support/own-company.js';

/** In Chromium: the calendar shows a release date; a YouTube claim is sent by the label and handled by the distributor. */
let browser: Browser;
let own: OwnCompany;
let label: { id: string; name: string };
/** The release's day, today when it is made; the calendar opens on the month it is when the page loads. */
const releaseDay = new Date().toISOString().slice(0, 10);
const isrc = `GBLE${String(Date.now()).slice(-8)}`;

beforeAll(async () => {
  browser = await launchChromium();
  own = await ownCompany('Label calendar e2e', { distributed: true });
  label = await own.label('Calendar Journey Records');
  expect(
    (await own.api.post('/releases', { title: 'Journey EP', label_id: label.id, release_date: releaseDay })).status,
  ).toBe(201);
  expect((await own.api.post('/recordings', { title: 'Journey Song', isrc })).status).toBe(201);
  // Another label's release the same day: the calendar of one label leaves it out.
  const other = await own.label('Calendar Elsewhere Records');
  expect(
    (await own.api.post('/releases', { title: 'Elsewhere EP', label_id: other.id, release_date: releaseDay })).status,
  ).toBe(201);
});
afterAll(async () => {
  await browser?.close();
});

const toolPath = (tool: string) =>
  `/user/labels/tools/${tool}?label_id=${encodeURIComponent(label.id)}&label_name=${encodeURIComponent(label.name)}`;
const managerPage = () => signedInManagerPage(browser, cloudUrl(), own.manager, { id: own.companyId, name: own.name });

/**
 * The calendar at the release's month: the page opens on this month, so a run that has crossed into the next month
 * since the release was made goes back to the release's month.
 */
async function openReleaseMonth(page: Page, path: string) {
  await page.goto(`${cloudUrl()}${path}`);
  const releaseMonth = new Date(`${releaseDay}T00:00:00Z`).toLocaleDateString('en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  await page.getByTestId('calendar-title').waitFor();
  if ((await page.getByTestId('calendar-title').textContent()) !== releaseMonth)
    await page.getByRole('button', { name: 'Previous month' }).click();
  await expect.poll(() => page.getByTestId('calendar-title').textContent()).toBe(releaseMonth);
}

describe('calendar and requests', () => {
  it('shows the release date in the month and the list, and makes a feed link', async () => {
    const { page, errors } = await managerPage();
    await openReleaseMonth(page, '/user/labels/tools/calendar');
    await expect.poll(() => page.getByTestId('calendar-month').textContent()).toContain('Release: Journey EP');
    expect(await page.getByTestId('calendar-month').textContent()).toContain('Release: Elsewhere EP');
    await page.getByText('List', { exact: true }).click();
    await expect.poll(() => page.getByTestId('calendar-list').textContent()).toContain('Journey EP');
    await page.getByTestId('calendar-feed-make').click();
    await expect
      .poll(() => page.getByTestId('calendar-feed-url').locator('input').inputValue())
      .toContain('/api/v1/calendar_feeds/');
    // The link is shown once: a button beside it copies it whole.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: 'Copy the calendar link' }).click();
    await page.getByText('Calendar link copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      await page.getByTestId('calendar-feed-url').locator('input').inputValue(),
    );
    await screenshotIfAsked(page, 'test-results/label-calendar.png', true);
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  it('opens on the label the address names, as the other tools pages do, with that label’s dates only', async () => {
    const { page, errors } = await managerPage();
    await openReleaseMonth(page, toolPath('calendar'));
    await expect.poll(() => page.getByTestId('calendar-label').textContent()).toContain(label.name);
    await expect.poll(() => page.getByTestId('calendar-month').textContent()).toContain('Release: Journey EP');
    expect(await page.getByTestId('calendar-month').textContent()).not.toContain('Elsewhere EP');
    expect(await page.getByTestId('calendar-empty').count()).toBe(0);
    // Two months on, nothing is planned: the month says so rather than showing a bare grid.
    await page.getByTestId('calendar-next').click();
    await page.getByTestId('calendar-next').click();
    await expect
      .poll(() => page.getByTestId('calendar-empty').textContent())
      .toMatch(/^Nothing this month: release dates/);
    await screenshotIfAsked(page, 'test-results/label-calendar-one-label.png', true);
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  it('sends a YouTube claim the distributor starts and finishes, and the label sees it done', async () => {
    const { page, errors } = await managerPage();
    await page.goto(`${cloudUrl()}${toolPath('youtube_claims')}`);
    await page.getByTestId('claim-urls').locator('textarea').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await page.getByTestId('claim-isrcs').locator('textarea').fill(isrc);
    await page.getByTestId('claim-send').click();
    await expect.poll(() => page.locator('body').textContent()).toContain('Your YouTube claim request was sent');
    await expect.poll(() => page.getByTestId('claim-requests').textContent()).toContain('1 video to release');
    // The day it was sent, as every page writes a day.
    expect(await page.getByTestId('claim-requests').textContent()).toContain(formatDate(releaseDay));
    const id = (await own.api.get('/marketing')).body.requests[0].id as string;

    const admin = await signedInAdminPage(browser, cloudUrl(), demo.admin, { path: '/distribution/marketing' });
    // The filter and the table say the states as the State column does ("New", "In progress"), no other word.
    await expect
      .poll(() => admin.page.getByTestId('marketing-queue-filter').innerText())
      .toMatch(/New or in progress\s+New\s+In progress\s+Done\s+Refused\s+All/);
    expect(await admin.page.getByTestId('marketing-queue').getByRole('heading').first().innerText()).toContain(
      'Requests new or in progress',
    );
    await admin.page.getByTestId(`queue-start-${id}`).click();
    await expect.poll(() => admin.page.getByTestId(`request-state-${id}`).textContent()).toContain('In progress');
    await admin.page.getByTestId(`queue-done-${id}`).click();
    // Done leaves the open requests: it is found among all of them.
    await expect.poll(() => admin.page.getByTestId(`request-state-${id}`).count()).toBe(0);
    await admin.page.getByText('All', { exact: true }).click();
    await expect
      .poll(() => admin.page.getByTestId('marketing-queue').getByRole('heading').first().innerText())
      .toContain('All requests');
    await expect.poll(() => admin.page.getByTestId(`request-state-${id}`).textContent()).toContain('Done');
    await screenshotIfAsked(admin.page, 'test-results/distribution-marketing.png', true);
    expect(admin.errors).toEqual([]);
    await admin.page.close();

    await page.goto(`${cloudUrl()}/user/marketing`);
    await expect.poll(() => page.getByTestId(`request-state-${id}`).textContent()).toContain('Done');
    await screenshotIfAsked(page, 'test-results/user-marketing.png', true);
    expect(errors).toEqual([]);
    await page.close();
  }, 240_000);
});
