import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloudUrl } from '../support/api.js';
import { launchChromium, screenshotIfAsked, signedInPage } from '../support/browser.js';
import { type OwnCompany, ownCompany } from '../support/own-company.js';

/**
 * What a member's role in the company leaves on screen: the menu entries, buttons and pages they may not use are
 * not offered, and a page opened by its address says what the role does not allow, in the server's own words,
 * before a form is filled in that saving would refuse. The label manager, in the same company, sees all of it.
 */
let browser: Browser;
let own: OwnCompany;
let releaseId: string;
let releaseTitle: string;

beforeAll(async () => {
  browser = await launchChromium();
  own = await ownCompany('Member roles e2e');
  const label = await own.label('Roles Records');
  releaseTitle = `Roles EP ${Date.now()}`;
  const release = await own.api.post('/releases', { title: releaseTitle, label_id: label.id });
  expect(release.status, JSON.stringify(release.body)).toBe(201);
  releaseId = release.body.release.id;
});
afterAll(async () => {
  await browser?.close();
});

const company = () => ({ id: own.companyId, name: own.name });
const menu = (page: Page) => page.getByTestId('side-menu').locator('a').allTextContents();
const denial = (page: Page) => page.getByTestId('access-denied');

describe('a member’s role in the company, on screen', () => {
  it('a read-only member sees the catalogue without the controls that change it, and no money', async () => {
    const intern = await own.member('intern');
    const { page, errors } = await signedInPage(browser, cloudUrl(), intern, {
      company: company(),
      path: '/user/releases',
    });
    await page.getByText(releaseTitle).waitFor();
    const entries = await menu(page);
    expect(entries).toEqual(expect.arrayContaining(['Labels', 'Releases', 'Artists']));
    expect(entries).not.toContain('Royalties');
    expect(entries).not.toContain('Finances');
    expect(await page.getByTestId('ref-create').count()).toBe(0);
    expect(await page.getByTestId('ref-delete-selected').count()).toBe(0);

    await page.goto(`${cloudUrl()}/user/releases/${releaseId}`);
    await page.getByTestId('ref-title').filter({ hasText: releaseTitle }).waitFor();
    expect(await page.getByTestId('ref-edit').count()).toBe(0);
    expect(await page.getByTestId('ref-delete').count()).toBe(0);
    expect(await page.getByTestId('release-cover-art-upload').count()).toBe(0);
    await page.getByTestId('release-queue').waitFor();
    expect(await page.getByTestId('release-duplicate').count()).toBe(0);
    expect(await page.getByText('Create New Release', { exact: true }).count()).toBe(0);
    await screenshotIfAsked(page, '/tmp/member-roles-intern-release.png');

    // Controls that change the catalogue in place: making a contract, uploading or deleting a release's files.
    await page.goto(`${cloudUrl()}/user/releases/${releaseId}/contracts`);
    await page.getByTestId('contracts-table').waitFor();
    expect(await page.getByRole('button', { name: 'New contract' }).count()).toBe(0);
    await page.goto(`${cloudUrl()}/user/releases/${releaseId}/assets`);
    await page.getByTestId('assets-table').waitFor();
    expect(await page.getByTestId('assets-upload').count()).toBe(0);

    await page.goto(`${cloudUrl()}/user/releases/new`);
    await expect
      .poll(() => denial(page).textContent())
      .toContain('Your role in this company (Intern) does not allow you to change the catalogue');
    expect(await page.locator('form').count()).toBe(0);
    await screenshotIfAsked(page, '/tmp/member-roles-intern-new-release.png');

    await page.goto(`${cloudUrl()}/user/royalties`);
    await expect
      .poll(() => denial(page).textContent())
      .toContain('Your role in this company (Intern) does not allow you to see royalties, statements and payments');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a promotions member gets no royalties or finances, and the label manager everything', async () => {
    const promotions = await own.member('promotions');
    const promo = await signedInPage(browser, cloudUrl(), promotions, { company: company(), path: '/user/finances' });
    await expect
      .poll(() => denial(promo.page).textContent())
      .toContain('Your role in this company (Promotions) does not allow you to see royalties, statements and payments');
    expect(await menu(promo.page)).not.toContain('Finances');
    expect(promo.errors).toEqual([]);
    await promo.page.close();

    const manager = await signedInPage(browser, cloudUrl(), own.manager, {
      company: company(),
      path: '/user/releases',
    });
    await manager.page.getByTestId('ref-create').waitFor();
    expect(await manager.page.getByText('Create New Release', { exact: true }).count()).toBeGreaterThan(0);
    expect(await menu(manager.page)).toEqual(expect.arrayContaining(['Releases', 'Royalties', 'Finances']));
    await manager.page.goto(`${cloudUrl()}/user/releases/${releaseId}/assets`);
    await manager.page.getByTestId('assets-upload').waitFor();
    await screenshotIfAsked(manager.page, '/tmp/member-roles-manager-assets.png');
    await manager.page.goto(`${cloudUrl()}/user/finances`);
    await manager.page.getByRole('button', { name: 'Import opening balances' }).waitFor();
    expect(await denial(manager.page).count()).toBe(0);
    expect(manager.errors).toEqual([]);
    await manager.page.close();
  });
});
