import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { call, cloudUrl, inCompany } from '../support/api.js';
import { launchChromium, signedInManagerPage, watchErrors, screenshotIfAsked } from '../support/browser.js';
import { type OwnLabelManager, ownLabelManager } from '../support/own-company.js';
import { publishHandStatement } from '../support/published-statements.js';

/**
 * A payee's statements by link in Chromium (docs/artist-portal.md, "Payees by link"): a label manager makes a link
 * on the payee's page ("Payee portal" panel, shown once with a copy button, then listed); the link opens the
 * payee's page with no header and no side menu: its name, the label, the balance and the statement with its PDF
 * download, nothing of the label's other payee; another payee's id with this token says once that the link opens
 * nothing. Screenshots go to /tmp/shots.
 */
const SHOTS = '/tmp/shots';
let browser: Browser;
let manager: OwnLabelManager;
let company: { id: string; name: string };
const stamp = Date.now();
type Payee = { id: string; name: string; statementId: string };
let P: Payee;
let Q: Payee;
const errors: string[][] = [];

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  manager = await ownLabelManager('Payee portal journey');
  company = manager.distributed;
  const api = inCompany(manager.token, company.id);
  const userId = String((await call('GET', '/api/v1/me', { token: manager.token })).body.user.id);
  const payee = async (name: string): Promise<Payee> => {
    const id = (await api.post('/payees', { name })).body.payee.id as string;
    await publishHandStatement(company.id, userId, { type: 'Payee', id, name }, ['2026-01', '2026-03'], '7.500000');
    const listed = await api.get(`/statements?statementable_type=Payee&statementable_id=${id}&per_page=100`);
    return { id, name, statementId: String(listed.body.statements[0].id) };
  };
  P = await payee(`Journey Producer ${stamp}`);
  Q = await payee(`Journey Mixer ${stamp}`);
  browser = await launchChromium();
}, 400_000);

afterAll(async () => {
  await browser?.close();
});

describe("a payee's statements by link, in the browser", () => {
  let link = '';

  it("makes a link on the payee's page, shows it once and lists it", async () => {
    const { page, errors: pageErrors } = await signedInManagerPage(browser, cloudUrl(), manager, company);
    await page.goto(`${cloudUrl()}/user/payees/${P.id}`);
    await page.getByTestId('payee-portal-access').waitFor();
    await page.getByTestId('portal-make-link').click();
    const shown = page.getByTestId('payee-portal-access').getByText(`/payees/${P.id}?token=`);
    await shown.waitFor();
    link = String(await shown.textContent()).trim();
    expect(link).toMatch(new RegExp(`/payees/${P.id}\\?token=[\\w-]+$`));
    await expect.poll(() => page.getByTestId('portal-links').textContent()).toContain(`…${link.slice(-4)}`);
    expect(await page.getByTestId('portal-revoke-link').count()).toBe(1);
    await page.getByTestId('payee-portal-access').scrollIntoViewIfNeeded();
    await screenshotIfAsked(page, `${SHOTS}/payee-portal-panel.png`, true);
    errors.push(pageErrors);
  }, 90_000);

  it("opens the payee's balance and statements with the header and side menu hidden", async () => {
    expect(link).not.toBe('');
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    errors.push(watchErrors(page));
    await page.goto(link);
    await expect.poll(() => page.getByTestId('payee-home-balance').textContent()).toContain('7.50');
    const body = () => page.locator('body').textContent();
    expect(await body()).toContain(P.name);
    expect(await body()).toContain(company.name);
    await page.getByTestId(`portal-statement-pdf-${P.statementId}`).waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('app-header').count()).toBe(0);
    expect(await page.getByTestId('side-menu').count()).toBe(0);
    expect(await body()).not.toContain(Q.name);
    await screenshotIfAsked(page, `${SHOTS}/payee-home.png`, true);
    // Another payee's id with this token opens nothing: one clear message, no Retry.
    await page.goto(link.replace(`/payees/${P.id}?`, `/payees/${Q.id}?`));
    await page.getByTestId('portal-dead-link').waitFor();
    expect(await page.getByTestId('portal-dead-link').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    expect(await body()).not.toContain(Q.name);
    await context.close();
  }, 120_000);

  it('ran without uncaught page errors', () => {
    expect(errors.flat()).toEqual([]);
  });
});
