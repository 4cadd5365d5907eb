import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { call, cloudUrl, inCompany } from '../support/api.js';
import { openManagerSession, screenshotIfAsked } from '../support/browser.js';
import { publishHandStatement } from '../support/published-statements.js';

/**
 * Payments in Chromium: from an unpaid statement to "record a payment", the form
 * prefilled with the server's total in £ (a typed total checked against it), the payment's page, the statement shown paid and linking back,
 * and the payee's payments list; a payee's withholding tax set on their form, kept back on the statement's page and
 * in the payment's total.
 */
let browser: Browser;
let page: Page;
let errors: string[];
let api: ReturnType<typeof inCompany>;
let statement: { id: string; number: string };
let userId: string;
let companyId: string;
let payee: { type: 'Payee'; id: string; name: string };
/** The first test's payment's page, which the register links to. */
let paymentPath = '';
const stamp = Date.now();

beforeAll(async () => {
  const session = await openManagerSession('Payments journey');
  ({ browser, page, errors } = session);
  api = inCompany(session.token, session.company.id);
  companyId = session.company.id;
  userId = (await call('GET', '/api/v1/me', { token: session.token })).body.user.id;
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
    // The form's figures are the server's (POST payments/summary), never added up in the browser.
    const asked = page.waitForResponse((r) => r.url().endsWith('/payments/summary') && r.status() === 200);
    await page.getByTestId('statement-record-payment').click();
    await page.waitForURL(`**/user/finances/payments/new?statement_id=${statement.id}`);
    const { summary } = await (await asked).json();
    expect(summary).toMatchObject({ payment_subtotal: '42.51', payment_total: '42.51', payment_currency: 'GBP' });
    await expect.poll(() => page.getByTestId('payment-payment_total').locator('input').inputValue()).toBe('42.51');
    await expect.poll(() => page.getByTestId('payment-currency').textContent()).toBe('£42.51');
    expect(await page.getByTestId('payment-summary-total').textContent()).toBe('£42.51');
    expect(await page.getByTestId('payment-summary').textContent()).toContain(`Paid to${payee.name}`);
    await page.getByTestId('payment-payment_method').locator('input').fill('BACS');
    await page.getByTestId('payment-payment_reference').locator('input').fill(`Q1 ${stamp}`);
    // Sent from a euro account: the form shows what the rate makes of it, as the payment will record it.
    await page.getByTestId('payment-sent-section').getByRole('button', { name: 'Sent in another currency' }).click();
    // The sent currency is chosen from the currencies list, by code or name.
    await page.getByTestId('payment-sent_currency').locator('button').first().click();
    await page.keyboard.type('EUR');
    await page.getByRole('option', { name: 'EUR — Euro' }).click();
    await page.getByTestId('payment-exchange_rate').locator('input').fill('1.165');
    await expect.poll(() => page.getByTestId('payment-sent-section').textContent()).toContain('Sent: EUR 49.52');
    await screenshotIfAsked(page, '/tmp/shots/payment-form.png', true);
    // A total a penny out is refused on the field with the server's figure, before anything is sent.
    await page.getByTestId('payment-payment_total').locator('input').fill('42.50');
    await page.getByTestId('payment-submit').click();
    await expect
      .poll(() => page.getByTestId('payment-form').textContent())
      .toContain('Payment total must equal what the statements pay: £42.51');
    await page.getByTestId('payment-payment_total').locator('input').fill('42.51');
    await page.getByTestId('payment-submit').click();
    await page.waitForURL(/\/user\/finances\/payments\/[^/]+$/);
    await expect.poll(() => page.getByTestId('payment-total').textContent()).toBe('£42.51');
    // 42.51 × 1.165 = 49.52415.
    expect(await page.getByTestId('payment-converted').textContent()).toBe('EUR 49.52 at 1 GBP = 1.165 EUR');
    await expect.poll(() => page.getByTestId('payment-statements').textContent()).toContain(statement.number);
    // Who was paid in the user's words: their name, linked to their account, never the record's type.
    const details = await page.getByTestId('payment-details').textContent();
    expect(details).toContain(`Paid to${payee.name}`);
    expect(details).not.toContain('(Payee)');
    expect(await page.getByTestId('payment-payable-account').getAttribute('href')).toBe(
      `/user/payees/${payee.id}/accounting`,
    );
    paymentPath = new URL(page.url()).pathname;
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

  it('keeps a payee’s withholding tax back: set on their form, shown on the statement, paid less', async () => {
    const created = await api.post('/payees', { name: `Abroad Browser ${stamp}` });
    const abroad = { type: 'Payee' as const, id: created.body.payee.id, name: `Abroad Browser ${stamp}` };
    await page.goto(`${cloudUrl()}/user/payees/${abroad.id}/edit`);
    await page.getByTestId('ref-field-withholding_tax_rate').fill('30');
    await screenshotIfAsked(page, '/tmp/shots/payee-payment-terms.png', true);
    await page.getByTestId('ref-submit').click();
    await expect.poll(async () => (await api.get(`/payees/${abroad.id}`)).body.payee.withholding_tax_rate).toBe(30);

    await publishHandStatement(companyId, userId, abroad, ['2026-01', '2026-03'], '1000.000000');
    const stated = (await api.get(`/statements?statementable_type=Payee&statementable_id=${abroad.id}`)).body
      .statements[0];
    await page.goto(`${cloudUrl()}/user/finances/statements/${stated.id}`);
    await expect.poll(() => page.getByTestId('statement-figure-payable').textContent()).toBe('£1,000.00');
    await expect.poll(() => page.getByTestId('statement-figure-withholding_tax').textContent()).toBe('-£300.00');
    await expect.poll(() => page.getByTestId('statement-figure-payout').textContent()).toBe('£700.00');
    expect(await page.getByTestId('statement-account').textContent()).toContain(
      "At 30%, paid to the tax authority on the payee's behalf",
    );
    await screenshotIfAsked(page, '/tmp/shots/statement-withholding.png', true);
    await page.getByTestId('statement-record-payment').click();
    await expect.poll(() => page.getByTestId('payment-payment_total').locator('input').inputValue()).toBe('700.00');
    expect(await page.getByText('Payable £1,000.00 − tax withheld £300.00 = £700.00').count()).toBe(1);
    await screenshotIfAsked(page, '/tmp/shots/payment-form-withholding.png', true);
    await page.getByTestId('payment-submit').click();
    await page.waitForURL(/\/user\/finances\/payments\/[^/]+$/);
    await expect.poll(() => page.getByTestId('payment-details').textContent()).toContain('Tax withheld-£300.00');

    // The tax withheld page, from the payments list: this quarter's payments, by payee and per currency.
    await page.goto(`${cloudUrl()}/user/finances/payments`);
    await page.getByTestId('payments-withholding').click();
    await page.waitForURL('**/user/finances/withholding_tax');
    await expect.poll(() => page.getByTestId('withholding-payees').textContent()).toContain(abroad.name);
    expect(await page.getByTestId('withholding-payments').textContent()).toContain('£700.00');
    expect(await page.getByTestId('withholding-totals').textContent()).toContain('Withheld £300.00');
    await screenshotIfAsked(page, '/tmp/shots/withholding-tax.png', true);

    // The payments register, from the payments list: this quarter's payments as recorded, with what was sent in euro.
    await page.goto(`${cloudUrl()}/user/finances/payments`);
    await page.getByTestId('payments-register').click();
    await page.waitForURL('**/user/finances/payments_register');
    const registered = page.getByTestId('payments-register-payments');
    await expect.poll(() => registered.textContent()).toContain(abroad.name);
    expect(await registered.textContent()).toContain(payee.name);
    const totals = await page.getByTestId('payments-register-totals').textContent();
    expect(totals).toContain('Tax withheld £300.00');
    expect(totals).toContain('Sent in EUR: 1 payment');
    await screenshotIfAsked(page, '/tmp/shots/payments-register.png', true);
    // Each payment in the register opens the payment.
    await registered.locator(`a[href="${paymentPath}"]`).click();
    await page.waitForURL(`**${paymentPath}`);
    await expect.poll(() => page.getByTestId('payment-total').textContent()).toBe('£42.51');
    expect(errors).toEqual([]);
  }, 120_000);
});
