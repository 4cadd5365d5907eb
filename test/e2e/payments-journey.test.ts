import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { call, cloudUrl, inCompany } from '../support/api.js';
import { openManagerSession, screenshotIfAsked } from '../support/browser.js';
import { publishHandStatement } from '../support/published-statements.js';

/**
 * Payments in Chromium: from an unpaid statement to "record a payment", the form
 * prefilled with its total in £, the payment's page, the statement shown paid and linking back,
 * and the payee's payments list.
 */
let browser: Browser;
let page: Page;
let errors: string[];
let api: ReturnType<typeof inCompany>;
let statement: { id: string; number: string };
let payee: { type: 'Payee'; id: string; name: string };
const stamp = Date.now();

beforeAll(async () => {
  const session = await openManagerSession('Payments journey');
  ({ browser, page, errors } = session);
  api = inCompany(session.token, session.company.id);
  const userId = (await call('GET', '/api/v1/me', { token: session.token })).body.user.id;
  const created = await api.post('/payees', { name: `Zoë Browser ${stamp}` });
  payee = { type: 'Payee', id: created.body.payee.id, name: `Zoë Browser ${stamp}` };
  await publishHandStatement(session.company.id, userId, payee, ['2026-01', '2026-03'], '42.505000');
  statement = (await api.get(`/statements?statementable_type=Payee&statementable_id=${payee.id}`)).body.statements[0];
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

describe('payments in the browser', () => {
  it('records a payment from a statement and shows it paid, linked both ways', async () => {
    await page.goto(`${cloudUrl()}/user/finances/statements/${statement.id}`);
    await page.getByTestId('statement-record-payment').click();
    await page.waitForURL(`**/user/finances/payments/new?statement_id=${statement.id}`);
    await expect.poll(() => page.getByTestId('payment-payment_total').locator('input').inputValue()).toBe('42.51');
    await expect.poll(() => page.getByTestId('payment-currency').textContent()).toBe('£42.51');
    await page.getByTestId('payment-payment_method').locator('input').fill('BACS');
    await page.getByTestId('payment-payment_reference').locator('input').fill(`Q1 ${stamp}`);
    await screenshotIfAsked(page, '/tmp/shots/payment-form.png', true);
    await page.getByTestId('payment-submit').click();
    await page.waitForURL(/\/user\/finances\/payments\/[^/]+$/);
    await expect.poll(() => page.getByTestId('payment-total').textContent()).toBe('£42.51');
    await expect.poll(() => page.getByTestId('payment-statements').textContent()).toContain(statement.number);
    await screenshotIfAsked(page, '/tmp/shots/payment-detail.png', true);

    await page.getByTestId('payment-statements').getByRole('link', { name: statement.number }).click();
    await page.waitForURL(`**/user/finances/statements/${statement.id}`);
    await expect.poll(() => page.getByTestId('statement-payment-link').isVisible()).toBe(true);
    await page.getByTestId('statement-payment-link').click();
    await page.waitForURL(/\/user\/finances\/payments\/[^/]+$/);

    await page.getByTestId('payment-payable').click();
    await page.waitForURL('**/user/finances/payments?payable_id=*');
    await expect.poll(() => page.getByTestId('payments-table').textContent()).toContain(payee.name);
    await expect.poll(() => page.getByTestId('payments-table').textContent()).toContain('£42.51');
    await screenshotIfAsked(page, '/tmp/shots/payments-list.png', true);
    expect(errors).toEqual([]);
  }, 120_000);
});
