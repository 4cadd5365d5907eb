import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MESSAGES } from '../../shared/messages.js';
import { cloudUrl } from '../support/api.js';
import { launchChromium, signInThroughForm, watchErrors, screenshotIfAsked, JOURNEY } from '../support/browser.js';
import { type OwnLabelManager, ownLabelManager } from '../support/own-company.js';

/**
 * End to end in real Chromium: the label manager signs in, chooses a company, creates a label
 * with a logo, finds it by search, edits it and signs out; a non-admin is kept out of /admin;
 * another company's label is not reachable through the API from the signed-in browser.
 */
const SHOTS = 'test-results/screenshots';
let browser: Browser;
let page: Page;
let errors: string[];
let manager: OwnLabelManager;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  // A manager and companies of this file's own; a second label in the company lets the search show it filters.
  manager = await ownLabelManager('Labels journey');
  await manager.own.label('Aurora Sound');
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  errors = watchErrors(page);
});

afterAll(async () => {
  await browser?.close();
});

const notification = () => page.getByTestId('notification-message');
const PNG = Buffer.concat([
  Buffer.from(
    '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f1b1a20000000049454e44ae426082',
    'hex',
  ),
]);

describe('label manager journey', JOURNEY, () => {
  const name = `Journey Records ${Date.now()}`;

  it('signs in, honouring the redirect, and chooses a company', async () => {
    const { distributed } = manager;
    await signInThroughForm(page, cloudUrl(), manager.email, manager.password, '/signin?redirect=/user/companies');
    await page.waitForURL('**/user/companies');
    await page.getByTestId('header-set-company').click();
    await page.getByTestId(`company-choose-${distributed.id}`).click();
    await expect.poll(() => page.getByTestId('header-company-link').textContent()).toContain(distributed.name);
    await screenshotIfAsked(page, `${SHOTS}/1-company-chosen.png`);
  });

  it('creates a label with a logo uploaded straight to S3', async () => {
    await page.goto(`${cloudUrl()}/user/labels/new`);
    await page.getByTestId('label-name').fill(name);
    await page.getByTestId('label-email').fill('hello@journey.test');
    await page
      .getByTestId('label-logo')
      .locator('input[type=file]')
      .setInputFiles({ name: 'journey.png', mimeType: 'image/png', buffer: PNG });
    await page.getByTestId('label-submit').click();
    await expect.poll(() => notification().textContent()).toContain(MESSAGES.labelAdded);
    await expect.poll(() => page.getByTestId('label-title').textContent()).toContain(name);
    // Saved from the bottom of the form, the label's page opens at its top.
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect.poll(() => page.getByTestId('label-logo-image').getAttribute('src')).toContain('journey.png');
    await screenshotIfAsked(page, `${SHOTS}/2-label-created.png`);
  });

  it('finds the label by search in the server-side table', async () => {
    await page.goto(`${cloudUrl()}/user/labels`);
    await page.getByTestId('labels-table-search').locator('input').fill(name.slice(0, 20).toUpperCase());
    await expect.poll(() => page.getByTestId('labels-table').textContent()).toContain(name);
    await expect.poll(() => page.getByTestId('labels-table').textContent()).not.toContain('Aurora Sound');
    await screenshotIfAsked(page, `${SHOTS}/3-label-found.png`);
    await page.getByText(name).first().click();
    await expect.poll(() => page.getByTestId('label-title').textContent()).toContain(name);
  });

  it('edits the label', async () => {
    await page.getByTestId('label-edit').click();
    await page.getByTestId('label-short-biog').fill('Edited in the browser');
    await page.getByTestId('label-submit').click();
    await expect.poll(() => notification().textContent()).toContain(MESSAGES.labelUpdated);
    await expect.poll(() => page.locator('main').first().textContent()).toContain('Edited in the browser');
    await expect.poll(() => page.getByTestId('label-logo-image').count()).toBe(1); // the logo was left alone
    await screenshotIfAsked(page, `${SHOTS}/4-label-edited.png`);
  });

  it('cannot reach another company’s label through the API', async () => {
    const { publisher, distributed, token } = manager;
    const created = await fetch(`${cloudUrl()}/api/v1/labels`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'x-company-id': publisher.id, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Publisher Only' }),
    });
    const id = ((await created.json()) as { label: { id: string } }).label.id;
    // The browser's own session, working in the distributed company, asks for the publisher's label.
    const answer = await page.evaluate(
      async ({ id, company }) => {
        const key = Object.keys(localStorage).find((k) => k.endsWith('.accessToken'))!;
        const response = await fetch(`/api/v1/labels/${id}`, {
          headers: { authorization: `Bearer ${localStorage.getItem(key)}`, 'x-company-id': company },
        });
        return { status: response.status, body: await response.text() };
      },
      { id, company: distributed.id },
    );
    expect([403, 404]).toContain(answer.status);
    expect(answer.body).not.toContain('Publisher Only');
  });

  it('signs out', async () => {
    await page
      .getByRole('button', { name: /Hi Labels journey manager/ })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    // Sign-out goes home, where notices are not shown.
    await page.waitForURL(`${cloudUrl()}/`);
    await expect.poll(() => page.getByTestId('app-header').textContent()).toContain('Sign In');
    await page.goto(`${cloudUrl()}/user/labels`);
    await page.waitForURL(/\/signin\?redirect=/);
    await screenshotIfAsked(page, `${SHOTS}/5-signed-out.png`);
  });
});

describe('guards in the browser', () => {
  it('shows a non-admin the admin message on /admin', async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const other = await context.newPage();
    await signInThroughForm(other, cloudUrl(), manager.email, manager.password);
    await other.waitForURL('**/user');
    await other.goto(`${cloudUrl()}/admin`);
    await expect.poll(() => other.getByTestId('access-denied').textContent()).toContain(MESSAGES.mustBeAdmin);
    expect(await other.getByText('Admin Dashboard').count()).toBeLessThanOrEqual(1);
    await screenshotIfAsked(other, `${SHOTS}/6-admin-refused.png`);
    await context.close();
  });

  it('ran without uncaught page errors', () => {
    expect(errors).toEqual([]);
  });
});
