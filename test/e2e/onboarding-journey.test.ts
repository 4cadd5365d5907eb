import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MESSAGES } from '../../shared/messages.js';
import { call, cloudUrl, latestMail, newConfirmedUser, signIn } from '../support/api.js';
import { launchChromium, signInThroughForm, watchErrors, screenshotIfAsked, JOURNEY } from '../support/browser.js';
import { pickOption } from '../support/pick-option.js';

/**
 * A new user goes from sign-up to a working company without an admin (docs/onboarding.md): sign up, confirm
 * from the mailed link, create a company on the "Get started" panel, then a label and a release in it. Then
 * the invitation journeys: a new e-mail sets its password from the invitation and lands in the company,
 * selected; an existing user accepts from their dashboard.
 */
const SHOTS = 'test-results/screenshots';
const PASSWORD = 'Founder-pass-1';
const stamp = Date.now();
const email = `founder.${stamp}@example.test`;
const companyName = `Founder Sounds ${stamp}`;
let browser: Browser;
let page: Page;
let errors: string[];
let companyId = '';

const notice = () => page.getByTestId('notification-message').textContent();

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  errors = watchErrors(page);
});

afterAll(async () => {
  await browser?.close();
});

describe('onboarding journey in the browser', JOURNEY, () => {
  it('signs up, confirms from the mail and is led to get started, with no dead end', async () => {
    await page.goto(`${cloudUrl()}/signup`);
    await page.getByTestId('signup-name').fill('Fay Founder');
    await page.getByTestId('signup-email').fill(email);
    await page.getByTestId('signup-submit').click();
    await expect.poll(() => page.getByTestId('signup-result').textContent()).toContain('Check your e-mail');
    const link = /(\/confirm\/[\w-]+)/.exec((await latestMail(email))?.text ?? '')?.[1];
    await page.goto(`${cloudUrl()}${link}`);
    await page.getByTestId('confirm-password').fill(PASSWORD);
    await page.getByTestId('confirm-password-confirmation').fill(PASSWORD);
    await page.getByTestId('confirm-submit').click();
    await page.waitForURL('**/user');
    await expect.poll(() => page.getByTestId('get-started').textContent()).toContain('Get started');
    expect(await page.getByTestId('get-started-ask').textContent()).toContain(email);

    // A tenant page without a company says so and comes back to the panel.
    await page.goto(`${cloudUrl()}/user/labels`);
    await page.waitForURL('**/user');
    await expect.poll(notice).toContain(MESSAGES.missingCompany);
    await page.getByTestId('get-started').waitFor();
    // The header's Set Current Company prompt and the companies page lead there too.
    await page.getByTestId('header-set-company').click();
    await page.getByTestId('company-chooser-get-started').click();
    await page.goto(`${cloudUrl()}/user/companies`);
    await expect.poll(() => page.getByTestId('companies-empty').textContent()).toContain('get started');
    await page.goto(`${cloudUrl()}/user`);
    await screenshotIfAsked(page, `${SHOTS}/onboarding-1-get-started.png`, true);
  });

  it('creates a company, which is selected, then a label and a release in it', async () => {
    await page.getByTestId('create-company-submit').click();
    await expect.poll(() => page.getByTestId('create-company-form').textContent()).toContain('Name is required');
    await page.getByTestId('create-company-name').fill(companyName);
    await pickOption(page, 'create-company-country', 'United Kingdom', /United Kingdom/);
    await page.getByTestId('create-company-submit').click();
    await expect.poll(notice).toContain('Company Added');
    await expect.poll(() => page.getByTestId('header-company-link').textContent()).toContain(companyName);
    await page.getByTestId('dashboard-labels').waitFor();
    expect(await page.getByTestId('get-started').count()).toBe(0);
    companyId = (await page.getByTestId('header-company-link').getAttribute('href'))?.split('/').pop() ?? '';
    expect(companyId).toMatch(/^[0-9A-Z]{26}$/);
    await screenshotIfAsked(page, `${SHOTS}/onboarding-2-company-created.png`, true);
    // The company's settings name its country as it was chosen, in words.
    await page.goto(`${cloudUrl()}/user/companies/${companyId}/settings`);
    await expect
      .poll(() => page.getByTestId('company-settings-overview').textContent())
      .toContain('CountryUnited Kingdom');
    // The dashboard of a Starter company (no statements in its plan) opens without a plan notice:
    // its parts ask only for what the plan includes.
    await page.goto(`${cloudUrl()}/user`);
    await page.getByTestId('dashboard-counts').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByTestId('notification-message').allTextContents()).toEqual([]);

    const labelName = `Founder Label ${stamp}`;
    await page.goto(`${cloudUrl()}/user/labels/new`);
    await page.getByTestId('label-name').fill(labelName);
    await page.getByTestId('label-submit').click();
    await expect.poll(notice).toContain(MESSAGES.labelAdded);

    await page.goto(`${cloudUrl()}/user/releases/new`);
    await page.getByTestId('ref-field-title').fill(`First Light ${stamp}`);
    await pickOption(page, 'ref-field-label_id', labelName, labelName);
    await page.getByTestId('ref-field-upc').fill('assign later');
    await page.getByTestId('ref-submit').click();
    await expect.poll(notice).toContain('Release Successfully Added');
    await page.waitForURL(/\/user\/releases\/[0-9A-Z]{26}\/edit$/);
  });

  it('a new e-mail invited by the manager sets a password from the mail and lands in the company', async () => {
    const manager = await signIn(email, PASSWORD);
    const invitee = `invitee.${stamp}@example.test`;
    const sent = await call('POST', '/api/v1/company/users', {
      token: manager,
      company: companyId,
      body: { email: invitee, name: 'Ines Invitee', role: 'label_assistant' },
    });
    expect(sent.status).toBe(201);
    const link = /(\/invitations\/[\w.-]+)/.exec((await latestMail(invitee))?.text ?? '')?.[1];
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const fresh = await context.newPage();
    const freshErrors = watchErrors(fresh);
    await fresh.goto(`${cloudUrl()}${link}`);
    await expect.poll(() => fresh.getByTestId('invitation-company').textContent()).toContain(companyName);
    await screenshotIfAsked(fresh, `${SHOTS}/onboarding-3-invitation.png`);
    await fresh.getByTestId('invitation-password').fill('Invitee-pass-1');
    await fresh.getByTestId('invitation-password-confirmation').fill('Invitee-pass-1');
    await fresh.getByTestId('invitation-setup-submit').click();
    await fresh.waitForURL('**/user');
    await expect.poll(() => fresh.getByTestId('header-company-link').textContent()).toContain(companyName);
    await fresh.getByTestId('dashboard-labels').waitFor();
    expect(freshErrors).toEqual([]);
    await context.close();
  });

  it('an existing user accepts an invitation from their dashboard', async () => {
    const manager = await signIn(email, PASSWORD);
    const existing = await newConfirmedUser('Ezra Existing');
    await call('POST', '/api/v1/company/users', {
      token: manager,
      company: companyId,
      body: { email: existing.email, role: 'user' },
    });
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const fresh = await context.newPage();
    const meReads: string[] = [];
    fresh.on('request', (request) => {
      if (request.method() === 'GET' && new URL(request.url()).pathname === '/api/v1/me') meReads.push(request.url());
    });
    await signInThroughForm(fresh, cloudUrl(), existing.email, 'Fresh-pass-1');
    await fresh.waitForURL('**/user');
    await expect.poll(() => fresh.getByTestId('pending-invitations').textContent()).toContain(companyName);
    // Signing in read the user; the dashboard that opens right after does not ask again (useMe, resources.ts).
    expect(meReads).toHaveLength(1);
    await screenshotIfAsked(fresh, `${SHOTS}/onboarding-4-pending-invitation.png`, true);
    await fresh.getByTestId('pending-invitations').getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => fresh.getByTestId('header-company-link').textContent()).toContain(companyName);
    expect(await fresh.getByTestId('pending-invitations').count()).toBe(0);
    await context.close();
  });

  it('ran without uncaught page errors', () => {
    expect(errors).toEqual([]);
  });
});
