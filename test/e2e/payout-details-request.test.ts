import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { call, cloudUrl, latestMail, uniqueEmail } from '../support/api.js';
import { launchChromium, screenshotIfAsked, signedInManagerPage, watchErrors } from '../support/browser.js';
import { ownCompany, type OwnCompany } from '../support/own-company.js';

/**
 * A payee gives their own bank details by a secure link, in Chromium (docs/payouts.md): on the payee's page a
 * label manager asks; the link is read from the mail in the outbox and opened signed out; the page shows the
 * label's and the payee's names, refuses a mistyped IBAN beside its field, takes good details once; back on the
 * payee's page the masks say "Given by the payee" as soon as the tab is shown again. An artist's and a distributed
 * label's pages ask them the same way. Screenshots (E2E_SCREENSHOTS=1) go to /tmp/shots.
 */
const SHOTS = '/tmp/shots';
let browser: Browser;
let world: OwnCompany;
let payee: { id: string; name: string; email: string };

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  world = await ownCompany('Bank link journey', { currency: 'GBP' });
  const email = uniqueEmail('Journey Payee');
  const made = await world.api.post('/payees', { name: `Nova Lindqvist ${Date.now()}`, email });
  expect(made.status).toBe(201);
  payee = { id: made.body.payee.id, name: made.body.payee.name, email };
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

describe('a payee gives their bank details by a secure link', () => {
  it('staff ask, the payee fills the public page, staff see it given by the payee', async () => {
    const company = { id: world.companyId, name: world.name };
    const { page, errors } = await signedInManagerPage(
      browser,
      cloudUrl(),
      world.manager,
      company,
      `/user/payees/${payee.id}`,
    );
    await page.getByTestId('payout-request-ask').click();
    await page.getByTestId('payout-request-send').click();
    const open = page.getByTestId('payout-request-open');
    await expect.poll(() => open.textContent()).toContain(`A secure link was sent to ${payee.email}`);
    await screenshotIfAsked(page, `${SHOTS}/payout-request-open.png`, true);

    const mail = await latestMail(payee.email);
    const link = /https?:\/\/\S+\/bank_details\/[\w-]{43}/.exec(mail?.text ?? '')?.[0];
    expect(link, mail?.text).toBeDefined();
    const path = new URL(link!).pathname;

    // The payee is not signed in: a fresh context, no tokens.
    const context = await browser.newContext({ viewport: { width: 1200, height: 1100 } });
    const publicPage = await context.newPage();
    const publicErrors = watchErrors(publicPage);
    await publicPage.goto(`${cloudUrl()}${path}`);
    await expect.poll(() => publicPage.getByTestId('bank-details-company').textContent()).toBe(world.name);
    expect(await publicPage.getByTestId('bank-details-payee').textContent()).toBe(payee.name);
    // The asking company by its name, never "the label": a distributed label is asked by its distributor.
    const asked = (await publicPage.getByTestId('bank-details-page').textContent()) ?? '';
    expect(asked).toContain(`What you type here is sent to ${world.name} securely`);
    expect(asked).not.toMatch(/\bthe label\b/i);
    expect(asked).toContain(`Asked by${world.name}`);
    await publicPage.getByTestId('payout-details-method').click();
    await publicPage.getByRole('option', { name: /SEPA area/ }).click();
    await publicPage.getByTestId('payout-details-account_name').locator('input').fill('Nova Lindqvist');
    await publicPage.getByTestId('payout-details-iban').locator('input').fill('FR14 2004 1010 0505 0001 3M02 607');
    await publicPage.getByTestId('payout-details-bic').locator('input').fill('PSSTFRPPXXX');
    await publicPage.getByTestId('bank-details-send').click();
    await expect
      .poll(() => publicPage.getByTestId('bank-details-page').textContent())
      .toContain('This IBAN is mistyped: its check digits do not match');
    await screenshotIfAsked(publicPage, `${SHOTS}/bank-details-refused-iban.png`, true);
    await publicPage.getByTestId('payout-details-iban').locator('input').fill('FR14 2004 1010 0505 0001 3M02 606');
    await screenshotIfAsked(publicPage, `${SHOTS}/bank-details-public.png`, true);
    await publicPage.getByTestId('bank-details-send').click();
    await expect
      .poll(() => publicPage.getByTestId('bank-details-done').textContent())
      .toContain(`Thank you: ${world.name} has your bank details`);
    // Opened again, the spent link says so in the payee's words.
    await publicPage.reload();
    await expect
      .poll(() => publicPage.getByTestId('bank-details-refused').textContent())
      .toContain('Your bank details were already given through this link');
    await context.close();
    expect(publicErrors).toEqual([]);

    // Staff come back to their tab: the panel reads the request again, finds it answered and shows the new details,
    // with no reload.
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    const given = page.getByTestId('payout-details-given-by-payee');
    await expect.poll(() => given.textContent()).toMatch(/^Given by the payee on /);
    const panel = (await page.getByTestId('payout-details').textContent()) ?? '';
    expect(panel).toContain('•••• 2606');
    expect(panel).toContain('Nova Lindqvist');
    expect(await page.getByTestId('payout-request-open').count()).toBe(0);
    await screenshotIfAsked(page, `${SHOTS}/payout-details-given-by-payee.png`, true);
    const inbox = await call('GET', '/api/v1/notices', { token: world.manager.token });
    expect(JSON.stringify(inbox.body)).toContain(`${payee.name} gave new bank details`);
    expect(errors).toEqual([]);
    await page.close();
  }, 180_000);

  it('an artist’s and a distributed label’s pages ask them the same way', async () => {
    const company = { id: world.companyId, name: world.name };
    const artistEmail = uniqueEmail('Journey Artist');
    const artist = (await world.api.post('/artists', { name: `Ilse Marr ${Date.now()}`, email: artistEmail })).body
      .artist;
    const labelEmail = uniqueEmail('Journey Label');
    const label = await world.label(`Northlight ${Date.now()}`, { distributed: true, email: labelEmail });
    for (const [noun, path, email] of [
      ['artist', `/user/artists/${artist.id}`, artistEmail],
      ['label', `/user/labels/${label.id}`, labelEmail],
    ] as const) {
      const { page, errors } = await signedInManagerPage(browser, cloudUrl(), world.manager, company, path);
      const ask = page.getByTestId('payout-request-ask');
      await expect.poll(() => ask.textContent()).toBe(`Ask the ${noun} for their bank details`);
      await ask.click();
      await page.getByTestId('payout-request-send').click();
      const open = page.getByTestId('payout-request-open');
      await expect.poll(() => open.textContent()).toContain(`Waiting for the ${noun}'s bank details`);
      expect(await open.textContent()).toContain(`A secure link was sent to ${email}`);
      expect((await latestMail(email))?.text).toMatch(/\/bank_details\/[\w-]{43}/);
      await screenshotIfAsked(page, `${SHOTS}/payout-request-open-${noun}.png`, true);
      expect(errors).toEqual([]);
      await page.close();
    }
  }, 180_000);
});
