import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { MESSAGES } from '../../shared/messages.js';
import { SEEDED_PLAN_IDS } from '../../shared/plans.js';
import { call, cloudUrl, demo, newConfirmedUser, signIn } from '../support/api.js';
import { launchChromium, signedInAdminPage, signInThroughForm, watchErrors } from '../support/browser.js';

/** Plans in the browser: the admin's subscriptions, and a Starter company's member meeting what Starter lacks. */
let browser: Browser;
const stamp = Date.now();
const shots = process.env.PLAN_SHOTS;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

describe('plans in the browser', () => {
  it('an admin adds a subscription and lands back on the list', async () => {
    const { page, errors } = await signedInAdminPage(browser, cloudUrl(), demo.admin, {
      path: '/admin/subscriptions/new',
    });
    await page.getByTestId('subscription-field-name').locator('input').fill(`Browser plan ${stamp}`);
    await page.getByTestId('subscription-field-amount').locator('input').fill('12.50');
    await page.getByTestId('subscription-feature-dashboard').locator('input').check();
    await page.getByTestId('subscription-limit-max_users').locator('input').fill('4');
    if (shots)
      await page.getByTestId('subscription-field-id').screenshot({ path: `${shots}/admin-subscription-new.png` });
    await page.getByTestId('subscription-submit').click();
    await expect
      .poll(() => page.getByTestId('notification-message').textContent())
      .toContain(MESSAGES.subscriptionAdded);
    await page.waitForURL(/\/admin\/subscriptions$/);
    await expect.poll(() => page.getByTestId('subscriptions-table').textContent()).toContain(`Browser plan ${stamp}`);
    await expect.poll(() => page.getByTestId('subscriptions-table').textContent()).toContain('£12.50 / month');
    // No id was typed: the plan's id is made from its name, not a generated code; it stays in the plan's link and
    // the list names plans, with no column of ids.
    await expect
      .poll(() => page.getByTestId(`subscription-link-plan_browser_plan_${stamp}`).getAttribute('href'))
      .toBe(`/admin/subscriptions/plan_browser_plan_${stamp}`);
    const listed = (await page.getByTestId('subscriptions-table').textContent()) ?? '';
    expect(listed).not.toMatch(/\bplan_\w+/);
    expect(await page.getByTestId('subscriptions-table').locator('th').allTextContents()).not.toContain('ID');
    if (shots) await page.screenshot({ path: `${shots}/admin-subscriptions.png`, fullPage: true });
    // The list's title is the page's header, where every other admin list has its title, not inside the table's box.
    const titleLeft = async () =>
      (await page.getByRole('heading', { level: 1 }).first().boundingBox())?.x ?? Number.NaN;
    const subscriptionsTitle = await titleLeft();
    await page.goto(`${cloudUrl()}/admin/companies`);
    await page.getByRole('heading', { level: 1, name: /Companies/ }).waitFor();
    expect(Math.abs(subscriptionsTitle - (await titleLeft()))).toBeLessThan(2);
    expect(errors).toEqual([]);
  });

  it('a Starter member sees what the plan lacks marked, a 402 links to the plan page, and the plan page compares', {
    timeout: 120_000,
  }, async () => {
    const admin = await signIn(demo.admin.email, demo.admin.password);
    const member = await newConfirmedUser('Starter Browser');
    const memberId = (await call('GET', '/api/v1/me', { token: member.token })).body.user.id;
    const made = await call('POST', '/api/v1/admin/companies', {
      token: admin,
      body: { name: `Starter Browser Co ${stamp}`, subscription_id: SEEDED_PLAN_IDS.starter },
    });
    const company = made.body.company as { id: string; name: string };
    await call('PATCH', `/api/v1/admin/companies/${company.id}`, {
      token: admin,
      body: { company_users: [{ user_id: memberId, role: 'label_manager' }] },
    });

    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    const errors = watchErrors(page);
    await signInThroughForm(page, cloudUrl(), member.email, 'Fresh-pass-1');
    await page.waitForURL('**/user');
    // A user with exactly one company has it chosen already; otherwise choose it in the header.
    const chosen = page.getByTestId('header-company-link').filter({ hasText: company.name });
    if (
      !(await chosen.waitFor({ timeout: 5_000 }).then(
        () => true,
        () => false,
      ))
    ) {
      await page.getByTestId('header-set-company').click();
      await page.getByTestId(`company-choose-${company.id}`).click();
      await chosen.waitFor();
    }

    // Data management (bulk catalogue importing) stays in the menu, marked with the plan that has it.
    await expect.poll(() => page.getByTestId('plan-badge-UserDataManagement').textContent()).toBe('Label');
    expect(await page.getByTestId('plan-badge-UserLabels').count()).toBe(0);

    // Statements need the statement generator: the 402 is told once, with the plan page's link.
    await page.goto(`${cloudUrl()}/user/finances/statements`);
    await expect
      .poll(() => page.getByTestId('notification-message').textContent())
      .toContain('does not include the statement generator');
    if (shots) await page.screenshot({ path: `${shots}/payment-required.png` });
    await page.getByTestId('notification-link').click();
    await page.waitForURL(new RegExp(`/user/companies/${company.id}/plan$`));
    await expect.poll(() => page.getByTestId('plan-compare').textContent()).toContain('Enterprise');
    await expect
      .poll(() => page.getByTestId('plan-feature-statement_generator').getAttribute('data-included'))
      .toBe('false');
    await expect.poll(() => page.getByTestId('plan-limit-max_users').textContent()).toContain('1 used of 3');
    expect(await page.getByTestId(`plan-upgrade-${SEEDED_PLAN_IDS.label}`).textContent()).toBe('Upgrade to Label');
    if (shots) await page.screenshot({ path: `${shots}/plan-page.png`, fullPage: true });

    // A release can be built on Starter; its page says at once that reaching stores needs another plan.
    const release = await call('POST', '/api/v1/releases', {
      token: member.token,
      company: company.id,
      body: { title: `Starter Release ${stamp}` },
    });
    expect(release.status).toBe(201);
    await page.goto(`${cloudUrl()}/user/releases/${release.body.release.id}`);
    await expect
      .poll(() => page.getByTestId('release-qc-plan').textContent())
      .toContain('The Starter plan does not include quality control and delivery to stores');
    expect(await page.getByTestId('release-qc-plan').textContent()).toContain('the Label plan or a larger one');
    expect(await page.getByTestId('release-qc-send').isDisabled()).toBe(true);
    if (shots) await page.screenshot({ path: `${shots}/starter-release.png`, fullPage: true });
    // Its Distribution tab says the same before anything is asked of a store, with no refusal shown.
    await page.goto(`${cloudUrl()}/user/releases/${release.body.release.id}/distribution`);
    await expect
      .poll(() => page.getByTestId('distribution-plan').textContent())
      .toContain('The Starter plan does not include quality control and delivery to stores');
    expect(await page.getByTestId('distribution-plan').getByRole('link', { name: 'See the plans' }).count()).toBe(1);
    expect(await page.getByTestId('notification-message').count()).toBe(0);
    if (shots) await page.screenshot({ path: `${shots}/starter-distribution.png`, fullPage: true });

    // On a paid plan, the free plan is reached by cancelling, never by a checkout that would refuse it.
    const moved = await call('PATCH', `/api/v1/admin/companies/${company.id}`, {
      token: admin,
      body: { subscription_id: SEEDED_PLAN_IDS.label },
    });
    expect(moved.status).toBe(200);
    await page.goto(`${cloudUrl()}/user/companies/${company.id}/plan`);
    await expect
      .poll(() => page.getByTestId('plan-compare').textContent())
      .toContain('Cancel the subscription to move to Starter');
    expect(await page.getByTestId(`plan-upgrade-${SEEDED_PLAN_IDS.starter}`).count()).toBe(0);
    expect(await page.getByTestId(`plan-upgrade-${SEEDED_PLAN_IDS.enterprise}`).textContent()).toBe(
      'Upgrade to Enterprise',
    );
    expect(errors).toEqual([]);
  });
});
