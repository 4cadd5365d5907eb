import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { call, cloudUrl, demo, newConfirmedUser, signIn } from '../support/api.js';
import { sidewaysFaults } from '../support/page-faults.js';
import { launchChromium, signedInAdminPage, signInThroughForm, watchErrors, JOURNEY } from '../support/browser.js';

/**
 * Billing in Chromium: a company manager subscribes through the local checkout page (declined card,
 * then the paid one), sees the plan and card on the company's billing page, changes to Enterprise on the plan page; the admin fails the next payment on
 * /billing and the manager sees the past-due banner.
 */
let browser: Browser;
let page: Page;
let errors: string[];
let companyId: string;
let companyName: string;
const shots = process.env.BILLING_SHOTS_DIR;
const shot = async (p: Page, name: string) => {
  if (shots) await p.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
};

beforeAll(async () => {
  const admin = await signIn(demo.admin.email, demo.admin.password);
  const { token, email } = await newConfirmedUser('Billing Browser');
  const userId = (await call('GET', '/api/v1/me', { token })).body.user.id;
  companyName = `Billing Browser Co ${Date.now()}`;
  companyId = (await call('POST', '/api/v1/admin/companies', { token: admin, body: { name: companyName } })).body
    .company.id;
  await call('PATCH', `/api/v1/admin/companies/${companyId}`, {
    token: admin,
    body: { company_users: [{ user_id: userId, role: 'label_manager' }] },
  });
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  errors = watchErrors(page);
  await signInThroughForm(page, cloudUrl(), email, 'Fresh-pass-1');
  await page.waitForURL('**/user**');
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

describe('billing in the browser', JOURNEY, () => {
  it('subscribes through the local checkout: declined card, then the paid one', async () => {
    await page.goto(`${cloudUrl()}/user/companies/${companyId}/billing`);
    await page.getByTestId('subscribe-plan_label').click();
    await page.waitForURL('**/local_checkout/**');
    await expect.poll(() => page.getByTestId('checkout-amount').textContent()).toBe('£29.00');
    await page.getByTestId('checkout-card-number').locator('input').fill('4000 0000 0000 0341');
    await page.getByTestId('checkout-cvc').locator('input').fill('123');
    await page.getByTestId('checkout-pay').click();
    await page.getByText('Your card was declined.').first().waitFor();
    await shot(page, 'checkout-declined');
    await page.getByTestId('checkout-card-number').locator('input').fill('4242 4242 4242 4242');
    await page.getByTestId('checkout-pay').click();
    await page.waitForURL(`**/user/companies/${companyId}/plan?checkout=success`);
    // The good card's success replaces the declined card's error.
    await page.getByTestId('plan-checkout-done').getByText('Payment received').waitFor();
    expect(await page.getByText('Your card was declined.').count()).toBe(0);
    await page.getByText('Your plan: Label').waitFor({ timeout: 20_000 });
    await shot(page, 'plan-paid');
    await page.goto(`${cloudUrl()}/user/companies/${companyId}/billing`);
    await expect.poll(() => page.getByTestId('billing-status').textContent()).toBe('Active');
    await expect.poll(() => page.getByTestId('billing-card').textContent()).toContain('4242');
    // The card's brand as people write it ("Visa"), not the provider's "visa".
    expect(await page.getByTestId('billing-card').textContent()).toContain('Visa •••• 4242');
    // The plan by its name, never its id ("plan_label").
    await expect.poll(() => page.getByTestId('billing-plan').textContent()).toBe('Label');
    await shot(page, 'company-billing-active');
  });

  it('changes the card subscription to Enterprise from the plan page, with no second checkout', async () => {
    await page.goto(`${cloudUrl()}/user/companies/${companyId}/plan`);
    await page.getByTestId('plan-upgrade-plan_enterprise').click();
    await page.waitForURL(`**/user/companies/${companyId}/plan?checkout=changed`);
    await page.getByTestId('plan-checkout-done').getByText('Plan changed').waitFor();
    await page.getByText('Your plan: Enterprise').waitFor({ timeout: 20_000 });
    // Another change stays possible from the same page.
    expect(await page.getByTestId('plan-upgrade-plan_label').isDisabled()).toBe(false);
    await shot(page, 'plan-changed');
    // Back on the billing page, where the next test reloads to see the past-due banner.
    await page.goto(`${cloudUrl()}/user/companies/${companyId}/billing`);
    await expect.poll(() => page.getByTestId('billing-status').textContent()).toBe('Active');
    await expect.poll(() => page.getByTestId('billing-plan').textContent()).toBe('Enterprise');
    expect(errors).toEqual([]);
  });

  it('shows the past-due banner after the admin fails the next payment', async () => {
    const adminPage = await signedInAdminPage(browser, cloudUrl(), demo.admin, { path: '/billing' });
    await adminPage.page.getByTestId(`fail-${companyId}`).click();
    await adminPage.page.getByText('Renewal: failed').first().waitFor();
    // The admin's billing says every plan, status, provider and event in words, never by its stored name.
    const row = adminPage.page.getByTestId('billing-subscriptions').locator('tr', { hasText: companyName });
    await expect.poll(() => row.textContent()).toContain('Past due (payment overdue)');
    expect(await row.textContent()).toContain('Enterprise');
    expect(await row.textContent()).toContain('Local test provider');
    const billing = (await adminPage.page.locator('main').first().textContent()) ?? '';
    expect(billing).toContain('Provider: Local test provider');
    expect(billing).toContain('Free');
    expect(await row.textContent()).not.toMatch(/plan_enterprise|past_due|local|delinquent/);
    // The row's actions keep their words whole, one line each (a narrow column broke them letter by letter).
    for (const action of ['renew', 'fail'])
      expect((await adminPage.page.getByTestId(`${action}-${companyId}`).boundingBox())?.height).toBeLessThan(40);
    // Its events say what they did in words: "Past due on Enterprise until …", never "past_due on plan_enterprise".
    const events = (await adminPage.page.getByTestId('billing-events').textContent()) ?? '';
    expect(events).toContain('Invoice payment failed');
    expect(events).not.toMatch(/plan_label|plan_enterprise|past_due|invoice\.payment_failed/);
    // Each event says when to the minute, as a day and a time ("7th Dec 2026, 14:05"): a checkout and its first
    // invoice happen on the same day.
    const eventRow = adminPage.page.getByTestId('billing-events').locator('tbody tr', { hasText: companyName }).first();
    expect(await eventRow.locator('td').first().textContent()).toMatch(
      /^\d{1,2}(st|nd|rd|th) \w{3} \d{4}, \d{2}:\d{2}$/,
    );
    // The customer is the company by its name, linked to its admin page; the provider's customer id is not shown.
    const customers = adminPage.page.getByTestId('billing-customers');
    expect(await customers.textContent()).not.toMatch(/cus_/);
    await customers.getByRole('link', { name: companyName }).click();
    await adminPage.page.waitForURL(`**/admin/companies/${companyId}`);
    await adminPage.page.goBack();
    await adminPage.page.getByTestId('billing-events').waitFor();
    await shot(adminPage.page, 'admin-billing');
    // With this company's subscription, customer and events listed, every table still fits the window: at 1,400 px
    // and 1,000 px with the side menu open, and at 1,000 px with it folded: summaries, addresses and codes wrap, and a
    // subscription's plan and provider sit under its company and status.
    expect(await sidewaysFaults(adminPage.page, '/billing')).toEqual([]);
    await adminPage.page.setViewportSize({ width: 1000, height: 1000 });
    // The layout may fold the side menu by itself as the window narrows: opened again, as its user would.
    const menuWidth = async () => (await adminPage.page.getByTestId('side-menu').boundingBox())?.width ?? 0;
    if ((await menuWidth()) < 150)
      await adminPage.page.getByRole('button', { name: 'Expand side menu' }).first().click();
    await expect.poll(menuWidth).toBeGreaterThan(150);
    // The tables take their new widths a moment after the window narrows.
    await expect
      .poll(() => sidewaysFaults(adminPage.page, '/billing at 1,000 px, side menu open'), { timeout: 5_000 })
      .toEqual([]);
    await adminPage.page.evaluate(() => localStorage.setItem('lp.navCollapsed', 'true'));
    await adminPage.page.reload();
    await adminPage.page.getByTestId('billing-events').getByText(companyName).first().waitFor();
    expect(await sidewaysFaults(adminPage.page, '/billing at 1,000 px')).toEqual([]);
    await adminPage.page.goto(`${cloudUrl()}/billing/coupons`);
    await adminPage.page.getByTestId('coupons').waitFor();
    await shot(adminPage.page, 'admin-coupons');
    expect(adminPage.errors).toEqual([]);
    await page.reload();
    await page.getByTestId('billing-delinquent').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('billing-status').textContent()).toBe('Past due');
    await shot(page, 'company-billing-past-due');
    expect(errors).toEqual([]);
  });
});
