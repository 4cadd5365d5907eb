import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { cloudUrl, inCompany, newPlatformAdmin } from '../support/api.js';
import { openManagerSession, signedInAdminPage, JOURNEY } from '../support/browser.js';
import { checkableRelease } from '../support/checkable-release.js';

/**
 * Quality control in Chromium: the label sends a release from its page, an admin
 * rejects it with reasons from the queue, the label sees them and sends it again, the admin
 * approves it; the history shows every move.
 */
let browser: Browser;
let page: Page;
let adminPage: Page;
let errors: string[];
let adminErrors: string[];
let releaseId: string;
let releaseTitle: string;

beforeAll(async () => {
  const session = await openManagerSession('Quality control journey');
  ({ browser, page, errors } = session);
  // An admin of this file's own: notices other files push to every admin do not reach its pages.
  const admin = await newPlatformAdmin('Quality Control Journey Admin');
  ({ page: adminPage, errors: adminErrors } = await signedInAdminPage(browser, cloudUrl(), admin));
  const { release } = await checkableRelease(inCompany(session.token, session.company.id), admin.token);
  releaseId = release.id;
  releaseTitle = release.title;
});

afterAll(async () => {
  await browser?.close();
});

const status = (on: Page) => on.getByTestId('release-status').textContent();
const history = (on: Page) => on.getByTestId('release-qc-history').textContent();

describe('quality control in the browser', JOURNEY, () => {
  it('lets the label send its release, and the admin find it in the queue and reject it with reasons', async () => {
    await page.goto(`${cloudUrl()}/user/releases/${releaseId}`);
    await expect.poll(() => status(page)).toBe('Drafted');
    await page.getByTestId('release-qc-send').click();
    await expect.poll(() => status(page)).toBe('Quality control');
    expect(await page.getByTestId('release-status').getAttribute('data-colour')).toBe('warning');
    expect(await page.getByTestId('release-qc-approve').count()).toBe(0);

    await adminPage.goto(`${cloudUrl()}/admin/quality_control`);
    // The queue is the page: one heading, not a page heading above a table heading.
    const pageHeadings = () => adminPage.getByRole('heading', { level: 1 }).allTextContents();
    await expect.poll(pageHeadings).toHaveLength(1);
    expect((await pageHeadings())[0]).toMatch(/^Quality control/);
    await adminPage.getByTestId('quality-control-table-search').locator('input').fill(releaseTitle);
    await adminPage.getByTestId(`qc-release-${releaseId}`).click();
    await adminPage.waitForURL(`**/admin/releases/${releaseId}`);
    await expect.poll(() => adminPage.getByTestId('release-check-ok').count()).toBe(1);
    await adminPage.getByTestId('release-qc-reject').click();
    await adminPage.getByTestId('release-qc-reject-confirm').click();
    await expect
      .poll(() => adminPage.locator('[role="dialog"]').textContent())
      .toContain('Give at least one reason for rejecting the release');
    await adminPage.getByTestId('release-qc-reasons-input').locator('textarea').fill('Cover art is blurry');
    await adminPage.getByTestId('release-qc-reject-confirm').click();
    await expect.poll(() => status(adminPage)).toBe('Rejected');
  });

  it('shows the label the reasons, takes the release back, and the admin approves it', async () => {
    await page.reload();
    await expect.poll(() => status(page)).toBe('Rejected');
    expect(await page.getByTestId('release-qc-reasons').textContent()).toContain('Cover art is blurry');
    await page.getByTestId('release-qc-send').click();
    await expect.poll(() => status(page)).toBe('Quality control');

    await adminPage.goto(`${cloudUrl()}/admin/releases/${releaseId}`);
    await expect.poll(() => status(adminPage)).toBe('Quality control');
    await adminPage.getByTestId('release-qc-approve').click();
    await expect.poll(() => status(adminPage)).toBe('Accepted');
    expect(await adminPage.getByTestId('release-status').getAttribute('data-colour')).toBe('info');

    await page.reload();
    await expect.poll(() => status(page)).toBe('Accepted');
    const shown = await history(page);
    expect(shown).toContain('Cover art is blurry');
    expect(shown?.match(/Quality control/g)?.length).toBeGreaterThanOrEqual(4);
    // The history speaks in words: the stored status value never reaches the screen.
    expect(shown).not.toContain('quality_control');
    await page.goto(`${cloudUrl()}/user/releases`);
    await page.getByTestId('ref-table-search').locator('input').fill(releaseTitle);
    await expect.poll(() => page.locator('[data-colour="info"]').filter({ hasText: 'accepted' }).count()).toBe(1);
    expect(errors).toEqual([]);
    expect(adminErrors).toEqual([]);
  });
});
