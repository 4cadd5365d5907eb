import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { call, cloudUrl, inCompany, newPlatformAdmin } from '../support/api.js';
import { openManagerSession, signedInAdminPage, JOURNEY } from '../support/browser.js';
import { formatDate } from '../../shared/format.js';
import { checkableRelease } from '../support/checkable-release.js';
import { seedOriginalAudio } from '../support/seeded-files.js';

/**
 * A label gets a release to a store on its own, in Chromium: it uploads cover art and sends the release to
 * quality control, an admin approves it and the label reads so in its inbox; on the release's Distribution
 * tab it finds it is connected to no store yet, requests a connection to the demo DSP, an admin grants it on
 * the connection requests page and the label is told; then it delivers the release and sees it delivered,
 * the files on the demo store's SFTP server. The company and its manager are made through the API (the
 * sign-up in the browser is the onboarding journey's); the recording's original audio is seeded as the
 * upload worker leaves it (its upload is the audio journey's).
 */
let browser: Browser;
let page: Page;
let adminPage: Page;
let errors: string[];
let releaseId: string;
let releaseTitle: string;
let dir: string;
let manager: { token: string; company: string };
let demoDspId: string;
const shots = process.env.E2E_SCREENSHOTS ? mkdtempSync(path.join(os.tmpdir(), 'delivery-shots-')) : '';

beforeAll(async () => {
  Object.assign(process.env, inject('cloudEnv'));
  // A manager and distributed company of this file's own, connected to no store yet.
  const session = await openManagerSession('Delivery journey');
  ({ browser, page, errors } = session);
  // An admin of this file's own: notices other files push to every admin do not reach its pages.
  const platformAdmin = await newPlatformAdmin('Delivery Journey Admin');
  ({ page: adminPage } = await signedInAdminPage(browser, cloudUrl(), platformAdmin));
  recordAdminAnswers(adminPage);
  const admin = platformAdmin.token;
  const found = await call('GET', '/api/v1/dsps?q=Demo%20DSP', { token: admin });
  demoDspId = found.body.dsps.find((d: { name: string }) => d.name === 'Demo DSP').id;
  const { release, recording } = await checkableRelease(inCompany(session.token, session.company.id), admin);
  releaseId = release.id;
  releaseTitle = release.title;
  manager = { token: session.token, company: session.company.id };
  await seedOriginalAudio(session.company.id, recording.id);
  dir = mkdtempSync(path.join(os.tmpdir(), 'delivery-e2e-'));
});

afterAll(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const status = (on: Page, options?: { timeout: number }) => on.getByTestId('release-status').textContent(options);
/**
 * The admin page's answers about the release (its reads and its status moves) and every refusal it met, so a
 * failed poll says what the server answered as well as what the page shows.
 */
const adminAnswers: string[] = [];
const recordAdminAnswers = (on: Page) =>
  on.on('response', async (response) => {
    const { pathname } = new URL(response.url());
    const aboutTheRelease = /\/admin\/releases\/[^/]+(\/update_status)?$/.test(pathname);
    if (!aboutTheRelease && response.status() < 400) return;
    const body = (await response.json().catch(() => ({}))) as { release?: { status?: string }; message?: string };
    adminAnswers.push(
      `${response.request().method()} ${aboutTheRelease ? pathname.split('/').pop() : pathname} ${response.status()} ${body.release?.status ?? body.message ?? ''}`,
    );
  });
/** The status, or the error the page shows instead when a move was refused (so a failed poll says why). */
const statusOrError = async (on: Page) => {
  const error = on.getByTestId('release-qc-error');
  if (await error.count()) return `refused: ${await error.textContent()}`;
  // Not waiting for a status that left the page (a sign-in page instead), so the poll can say where it is.
  const shown = await status(on, { timeout: 2_000 }).catch(() => `no status on ${new URL(on.url()).pathname}`);
  return shown === 'Accepted' ? shown : `${shown} (the server answered: ${adminAnswers.join('; ') || 'nothing'})`;
};
const inboxTitles = async () =>
  (
    (await inCompany(manager.token, manager.company).get('/notices')).body.notices as { notice: { title: string } }[]
  ).map((n) => n.notice.title);
const shot = async (on: Page, name: string) => {
  if (shots) await on.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
};

describe('delivering a release in the browser', JOURNEY, () => {
  it('uploads cover art and sends the release to quality control; an admin approves it', async () => {
    const cover = path.join(dir, 'cover.jpg');
    await sharp({ create: { width: 3000, height: 3000, channels: 3, background: { r: 200, g: 80, b: 40 } } })
      .jpeg({ quality: 80 })
      .toFile(cover);
    await page.goto(`${cloudUrl()}/user/releases/${releaseId}`);
    await page.locator('[data-testid="release-cover-art-upload"] input[type=file]').setInputFiles(cover);
    await expect
      .poll(() => page.getByTestId('release-cover-art-status').textContent(), { timeout: 30_000 })
      .toBe('Ready');
    await page.getByTestId('release-qc-send').click();
    await expect.poll(() => status(page)).toBe('Quality control');

    await adminPage.goto(`${cloudUrl()}/admin/releases/${releaseId}`);
    await expect.poll(() => status(adminPage)).toBe('Quality control');
    await adminPage.getByTestId('release-qc-approve').click();
    await expect.poll(() => statusOrError(adminPage)).toBe('Accepted');
    // The label hears of the decision in its inbox (and by mail), without looking at the release.
    await expect.poll(inboxTitles).toContain(`Release approved: ${releaseTitle}`);
  });

  it('asks for a connection to the demo DSP from the Distribution tab, since the company has none yet', async () => {
    await page.goto(`${cloudUrl()}/user/releases/${releaseId}/distribution`);
    // No delivery yet: Deliver would send nothing, so it cannot be pressed, and says why.
    const deliver = page.getByTestId('deliver');
    await expect.poll(() => deliver.isDisabled()).toBe(true);
    await deliver.hover();
    await expect
      .poll(() => page.locator('body').textContent())
      .toContain('Choose the DSPs above and create their deliveries first');
    await page.getByTestId('delivery-dsps').click();
    await expect.poll(() => page.getByText('Your company is not connected to any store yet').count()).toBe(1);
    await page.keyboard.press('Escape');
    await page.getByTestId('store-request-choice').click();
    await page.keyboard.type('Demo DSP');
    await page.getByRole('option', { name: 'Demo DSP' }).first().click();
    await page.getByTestId('store-request').click();
    await expect
      .poll(() => page.getByTestId('store-requests-waiting').textContent())
      .toContain('Demo DSP (requested, waiting for an admin)');
    await shot(page, 'distribution-tab-requested');
  });

  it('is connected when an admin grants the request, and the label is told', async () => {
    const mine = await inCompany(manager.token, manager.company).get('/company/dsp_connections');
    const requested = (mine.body.dsp_connections as { id: string; dsp_id: string }[]).find(
      (c) => c.dsp_id === demoDspId,
    );
    await adminPage.goto(`${cloudUrl()}/distribution/dsps/connection_requests`);
    // The requests are the page: one heading names them (no page heading above a table heading).
    const pageHeadings = () => adminPage.getByRole('heading', { level: 1 }).allTextContents();
    await expect.poll(pageHeadings).toHaveLength(1);
    expect((await pageHeadings())[0]).toMatch(/^DSP connection requests/);
    await adminPage.getByTestId(`connection-connected-${requested?.id}`).click();
    await expect.poll(inboxTitles).toContain('Connected to Demo DSP');
  });

  it('delivers it to the demo DSP from the Distribution tab and shows it delivered', async () => {
    await page.goto(`${cloudUrl()}/user/releases/${releaseId}/distribution`);
    await page.getByTestId('delivery-dsps').click();
    await page.keyboard.type('Demo DSP');
    await page.getByRole('option', { name: 'Demo DSP' }).first().click();
    await page.keyboard.press('Escape');
    await page.getByTestId('create-deliveries').click();
    await expect.poll(() => page.getByTestId('delivery-status-Demo DSP').textContent()).toBe('Created');
    await shot(page, 'distribution-tab-connected');
    await page.getByTestId('deliver').click();
    await expect
      .poll(() => page.getByTestId('delivery-status-Demo DSP').textContent(), { timeout: 45_000 })
      .toBe('Delivered');

    const answer = await inCompany(manager.token, manager.company).get(
      `/releases/${releaseId}/distribution_deliveries`,
    );
    const batch = answer.body.release_deliveries[0].batch_id as string;
    // The batch is named by when it was sent: its folder name on the store's server is no word of the reader's.
    const table = await page.getByTestId('release-deliveries').textContent();
    expect(table).not.toContain(batch);
    expect(table).toContain('Sent');
    expect(table).toContain(formatDate(answer.body.release_deliveries[0].queued_at));
    const files = (await call('GET', `/_local/sftp?prefix=${encodeURIComponent(`demo-label/${batch}/`)}`)).body
      .files as { path: string }[];
    expect(files.map((f) => f.path.split('/').pop())).toContain(`BatchComplete_${batch}.xml`);
    expect(files.at(-1)?.path).toBe(`demo-label/${batch}/BatchComplete_${batch}.xml`);
    expect(files.some((f) => f.path.endsWith('.jpg'))).toBe(true);
    expect(errors).toEqual([]);
  });

  it('finds its distributors under Distribution and its stores under DSPs, two different pages', async () => {
    await page.goto(`${cloudUrl()}/user/companies/${manager.company}/distribution`);
    await expect.poll(() => page.getByTestId('company-distributor-links').count()).toBe(1);
    expect(await page.getByTestId('company-dsps').count()).toBe(0);
    await page.getByRole('link', { name: 'DSPs' }).last().click();
    await page.waitForURL(`**/user/companies/${manager.company}/distribution/dsps`);
    await expect.poll(() => page.getByTestId('company-dsps').textContent()).toContain('Demo DSP');
    await shot(page, 'company-dsps');
    expect(errors).toEqual([]);
  });
});
