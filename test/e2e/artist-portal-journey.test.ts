import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { MESSAGES } from '../../shared/messages.js';
import { cloudUrl, inCompany, latestMail, uniqueEmail } from '../support/api.js';
import { artistPortalFixture, type PortalSide } from '../support/artist-portal-fixture.js';
import {
  launchChromium,
  signInThroughForm,
  signedInManagerPage,
  watchErrors,
  screenshotIfAsked,
} from '../support/browser.js';
import { type OwnLabelManager, ownLabelManager } from '../support/own-company.js';

/**
 * The artist portal in Chromium (docs/artist-portal.md): an artist user signs in and lands on
 * their dashboard (balance, earnings charts, statements, releases, none of the other artist's);
 * the token link opens the artist's page with no header and no side menu; a label manager gets
 * "Your Account does not have access here" on the artist dashboard, and sees the portal panel on
 * the artist's page. Screenshots go to /tmp/shots.
 */
const SHOTS = '/tmp/shots';
let browser: Browser;
let X: PortalSide;
let Y: PortalSide;
let period: string;
let company: { id: string; name: string };
/** A label manager and companies of this file's own: the portal's label, artists and statements are made there. */
let manager: OwnLabelManager;
/** Each page's uncaught errors (watchErrors fills its array as they come). */
const errors: string[][] = [];

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  manager = await ownLabelManager('Artist portal journey');
  const fixture = await artistPortalFixture(manager);
  ({ X, Y, period } = fixture);
  company = manager.distributed;
  expect(company.id).toBe(fixture.tenantId);
  browser = await launchChromium();
}, 400_000);

afterAll(async () => {
  await browser?.close();
});

describe('artist portal in the browser', () => {
  it("shows an artist user their dashboard and nothing of the label's other artist", async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1400 } });
    errors.push(watchErrors(page));
    await signInThroughForm(page, cloudUrl(), X.email, X.password);
    await page.waitForURL('**/artist_dashboard');
    // The header's dashboard link is the artist dashboard for artist users.
    await page.goto(`${cloudUrl()}/artist_dashboard?start_date=${period}-01&end_date=${period}-28`);
    await page.getByTestId(`portal-statement-pdf-${X.statementId}`).waitFor();
    await expect.poll(() => page.getByTestId('portal-balance').textContent()).toContain(X.closing);
    await expect.poll(() => page.getByTestId('portal-share').textContent()).toContain(X.royalties);
    await page.getByTestId('portal-by-period').waitFor();
    await page.getByTestId('portal-by-store').waitFor();
    const text = (await page.locator('body').textContent()) ?? '';
    expect(text).toContain('X Release');
    expect(text).not.toContain('Y Release');
    expect(text).not.toContain(Y.name);
    expect(await page.getByTestId(`portal-statement-pdf-${X.statementId}`).isEnabled()).toBe(true);
    // The lines behind the statement download beside its PDF.
    const csv = page.getByTestId(`portal-statement-csv-${X.statementId}`);
    await expect.poll(() => csv.textContent()).toBe('Lines (CSV)');
    // In no company: nothing to create, no company to choose, a side menu of their dashboard only.
    expect(await page.getByTestId('app-header').textContent()).not.toContain('Create New Release');
    expect(await page.getByTestId('header-set-company').count()).toBe(0);
    expect(await page.getByTestId('side-menu').locator('a').allTextContents()).not.toContain('Royalties');
    // Unpaid it says so; once the label pays it, it says on which day, as every page writes a day.
    const paid = page.getByTestId(`portal-statement-paid-${X.statementId}`);
    expect(await paid.textContent()).toBe('No');
    const answer = await inCompany(manager.token, company.id).post('/statements/pay_statement', {
      id: X.statementId,
      payment_date: '2026-04-10',
      payment_method: 'BACS',
      payment_reference: 'Portal journey',
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    await page.reload();
    await expect.poll(() => paid.textContent()).toBe('Yes, on 10th Apr 2026');
    await screenshotIfAsked(page, `${SHOTS}/artist-dashboard.png`, true);
    // A label's page (a bookmark, a link from a mail) takes them to their dashboard: no company form, no error.
    await page.goto(`${cloudUrl()}/user/releases`);
    await page.waitForURL('**/artist_dashboard');
    expect((await page.locator('body').textContent()) ?? '').not.toContain('Missing Company');
    expect(await page.getByTestId('create-company-form').count()).toBe(0);
    await page.close();
  }, 120_000);

  it('takes an invited artist user from the mailed link to their dashboard', async () => {
    const email = uniqueEmail('portal.invitee');
    const api = inCompany(manager.token, company.id);
    expect((await api.post(`/artists/${X.artistId}/portal_users`, { email, name: 'Ivy Invitee' })).status).toBe(201);
    const link = /(\/artist_invitations\/[\w.-]+)/.exec((await latestMail(email))?.text ?? '')?.[1];
    expect(link).toBeTruthy();
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    errors.push(watchErrors(page));
    await page.goto(`${cloudUrl()}${link}`);
    await page.getByTestId('portal-invitation-password').fill('Invitee-pass-1');
    await page.getByTestId('portal-invitation-password-confirmation').fill('Invitee-pass-1');
    await page.getByTestId('portal-invitation-setup-submit').click();
    await page.waitForURL('**/artist_dashboard');
    await page.getByTestId(`portal-statement-pdf-${X.statementId}`).waitFor();
    await context.close();
  }, 60_000);

  it('opens the token link with the header and side menu hidden', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    errors.push(watchErrors(page));
    await page.goto(`${cloudUrl()}/artists/${X.artistId}?token=${X.token}`);
    await page.getByTestId('portal-biog').waitFor();
    await page.getByTestId(`portal-statement-pdf-${X.statementId}`).waitFor();
    expect(await page.getByTestId('app-header').count()).toBe(0);
    expect(await page.getByTestId('side-menu').count()).toBe(0);
    expect((await page.locator('body').textContent()) ?? '').not.toContain(Y.name);
    await screenshotIfAsked(page, `${SHOTS}/artist-home.png`, true);
    // Another artist's id with this token opens nothing: one clear message, no Retry.
    await page.goto(`${cloudUrl()}/artists/${Y.artistId}?token=${X.token}`);
    await page.getByTestId('portal-dead-link').waitFor();
    await screenshotIfAsked(page, `${SHOTS}/artist-dead-link.png`);
    expect(await page.getByTestId('portal-dead-link').count()).toBe(1);
    expect(await page.getByTestId('load-error').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    await context.close();
  }, 60_000);

  it('refuses the artist dashboard to a label manager, who manages portal access on the artist page', async () => {
    const { page, errors: pageErrors } = await signedInManagerPage(browser, cloudUrl(), manager, company);
    await page.goto(`${cloudUrl()}/artist_dashboard`);
    // Sent to their own dashboard, where the message shows (home shows no notices).
    await page.waitForURL(`${cloudUrl()}/user`);
    await expect.poll(() => page.getByTestId('notification-message').textContent()).toContain(MESSAGES.noAccessHere);
    await page.goto(`${cloudUrl()}/user/artists/${X.artistId}`);
    await page.getByTestId('artist-portal-access').waitFor();
    await expect.poll(() => page.getByTestId('portal-users').textContent()).toContain(X.email);
    // Days as every page writes them ("7th Dec 2026"), not as stored.
    for (const table of ['portal-users', 'portal-links']) {
      const days = (await page.getByTestId(table).textContent()) ?? '';
      expect(days).toMatch(/\d{1,2}(st|nd|rd|th) [A-Z][a-z]{2} \d{4}/);
      expect(days).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    }
    await page.getByTestId('artist-portal-access').scrollIntoViewIfNeeded();
    await screenshotIfAsked(page, `${SHOTS}/artist-portal-panel.png`, true);
    errors.push(pageErrors);
  }, 60_000);

  it('ran without uncaught page errors', () => {
    expect(errors.flat()).toEqual([]);
  });
});
