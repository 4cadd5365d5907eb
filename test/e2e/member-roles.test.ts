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
let artistId: string;
let labelTools: string;

beforeAll(async () => {
  browser = await launchChromium();
  own = await ownCompany('Member roles e2e');
  const label = await own.label('Roles Records');
  releaseTitle = `Roles EP ${Date.now()}`;
  const track = await own.api.post('/recordings', { title: `Roles Track ${Date.now()}` });
  expect(track.status, JSON.stringify(track.body)).toBe(201);
  // A product with a territory price and a track price, so its page has a row of each (and their Remove) to offer.
  const release = await own.api.post('/releases', {
    title: releaseTitle,
    label_id: label.id,
    release_recordings_attributes: [{ recording_id: track.body.recording.id }],
    products_attributes: [
      {
        format: 'Digital',
        product_territories_pricing: [{ territory: 'GB', price_tier: 'Mid', retail_price: '7.99' }],
        product_items: [{ recording_id: track.body.recording.id, price_tier: 'Budget', retail_price: '0.99' }],
      },
    ],
  });
  expect(release.status, JSON.stringify(release.body)).toBe(201);
  releaseId = release.body.release.id;
  const artist = await own.api.post('/artists', { name: `Roles Artist ${Date.now()}` });
  expect(artist.status, JSON.stringify(artist.body)).toBe(201);
  artistId = artist.body.artist.id;
  // The label's to-do list, with its default tasks, so the list shows rows (and their Delete) to whoever may.
  expect((await own.api.post(`/labels/${label.id}/todo_list`)).status).toBeLessThan(300);
  labelTools = `/user/labels/tools/todo_list?label_id=${encodeURIComponent(label.id)}&label_name=${encodeURIComponent(label.name)}`;
});
afterAll(async () => {
  await browser?.close();
});

const company = () => ({ id: own.companyId, name: own.name });
const menu = (page: Page) => page.getByTestId('side-menu').locator('a').allTextContents();
const denial = (page: Page) => page.getByTestId('access-denied');
/** Opens a company page by its address, as a member who types it would, and waits for the denial in `words`. */
async function refusedAt(page: Page, path: string, words: string) {
  await page.goto(`${cloudUrl()}/user/companies/${own.companyId}/${path}`);
  await expect.poll(() => denial(page).textContent()).toContain(words);
}
const MAY_NOT_MANAGE =
  'Your role in this company (Intern) does not allow you to manage the company, its team or its plan';

/**
 * The controls that call the API in place on five pages of four parts of the product, counted as one role is offered
 * them: the artist portal's Invite (money.write), a release's Create deliveries and Deliver (delivery.write), a new
 * mailing list (promotion.write), the to-do list's new task and Delete, and a release's products' price rows and
 * Save (catalogue.write). Each page is counted once what its data shows is on screen; a role that may not open a page
 * at all (`skip`) is not sent there.
 */
async function inPlaceControls(page: Page, skip: 'distribution' | null = null) {
  const count = (testId: string) => page.getByTestId(testId).count();
  await page.goto(`${cloudUrl()}/user/artists/${artistId}`);
  await page.getByTestId('portal-users').waitFor();
  const portal = { invite: await count('portal-invite'), link: await count('portal-make-link') };
  let delivery: { create: number; deliver: number } | null = null;
  if (skip !== 'distribution') {
    await page.goto(`${cloudUrl()}/user/releases/${releaseId}/distribution`);
    await page.getByRole('heading', { name: /^Deliveries/ }).waitFor();
    delivery = { create: await count('create-deliveries'), deliver: await count('deliver') };
  }
  await page.goto(`${cloudUrl()}/user/labels/promo_tools/mailing_lists`);
  await page.getByRole('heading', { level: 1, name: 'Mailing lists' }).waitFor();
  const mailingList = await count('create-list');
  await page.goto(`${cloudUrl()}${labelTools}`);
  await expect.poll(() => page.getByTestId('todo-tasks').textContent()).toContain('Upload the label’s logo');
  const todo = { add: await count('todo-add'), delete: await page.getByRole('button', { name: /^Delete / }).count() };
  await page.goto(`${cloudUrl()}/user/releases/${releaseId}/products`);
  await page.getByTestId('release-product').waitFor();
  // Counted by what the buttons say, so a button that lost its test id is still counted.
  const button = (name: string) =>
    page.getByTestId('release-product').getByRole('button', { name, exact: true }).count();
  const products = {
    addPrice: await button('Add territory price'),
    addTrackPrice: await button('Add track price'),
    remove: await button('Remove'),
    save: await button('Save'),
    editable: await page.getByTestId('release-product').locator('input[type="text"]:not([readonly])').count(),
  };
  return { portal, delivery, mailingList, todo, products };
}

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
    // With no upload button, the empty list does not send the reader looking for one.
    expect(await page.getByTestId('assets-empty').textContent()).toBe('No files yet');

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

  it('controls that act in place are offered only to a role the server would let: intern, promotions, manager', async () => {
    const intern = await signedInPage(browser, cloudUrl(), await own.member('intern'), {
      company: company(),
      path: '/user/releases',
    });
    expect(await inPlaceControls(intern.page)).toEqual({
      portal: { invite: 0, link: 0 },
      delivery: { create: 0, deliver: 0 },
      mailingList: 0,
      todo: { add: 0, delete: 0 },
      products: { addPrice: 0, addTrackPrice: 0, remove: 0, save: 0, editable: 0 },
    });
    await screenshotIfAsked(intern.page, '/tmp/member-roles-intern-todo.png');
    expect(intern.errors).toEqual([]);
    await intern.page.close();

    // Promotions changes promos (a new mailing list), not the catalogue or the money; it does not see deliveries.
    const promotions = await signedInPage(browser, cloudUrl(), await own.member('promotions'), {
      company: company(),
      path: '/user/releases',
    });
    expect(await inPlaceControls(promotions.page, 'distribution')).toEqual({
      portal: { invite: 0, link: 0 },
      delivery: null,
      mailingList: 1,
      todo: { add: 0, delete: 0 },
      products: { addPrice: 0, addTrackPrice: 0, remove: 0, save: 0, editable: 0 },
    });
    expect(promotions.errors).toEqual([]);
    await promotions.page.close();

    const manager = await signedInPage(browser, cloudUrl(), own.manager, {
      company: company(),
      path: '/user/releases',
    });
    const offered = await inPlaceControls(manager.page);
    expect(offered).toMatchObject({
      portal: { invite: 1, link: 1 },
      delivery: { create: 1, deliver: 1 },
      mailingList: 1,
      todo: { add: 1 },
      products: { addPrice: 1, addTrackPrice: 1, remove: 2, save: 1 },
    });
    expect(offered.todo.delete).toBeGreaterThan(0);
    expect(offered.products.editable).toBeGreaterThan(0);
    expect(manager.errors).toEqual([]);
    await manager.page.close();
  });

  it('asking for a label is neither offered nor opened to a role that may not change the catalogue', async () => {
    const intern = await signedInPage(browser, cloudUrl(), await own.member('intern'), {
      company: company(),
      path: `/user/companies/${own.companyId}`,
    });
    await intern.page.getByTestId('company-nav').waitFor();
    expect(await intern.page.getByTestId('company-nav-UserCompanyUsers').count()).toBe(1);
    expect(await intern.page.getByTestId('company-nav-UserCompanyRequestLabel').count()).toBe(0);
    await refusedAt(
      intern.page,
      'request_label',
      'Your role in this company (Intern) does not allow you to change the catalogue',
    );
    expect(await intern.page.getByTestId('request-label').count()).toBe(0);
    expect(intern.errors).toEqual([]);
    await intern.page.close();

    const manager = await signedInPage(browser, cloudUrl(), own.manager, {
      company: company(),
      path: `/user/companies/${own.companyId}`,
    });
    await manager.page.getByTestId('company-nav-UserCompanyRequestLabel').click();
    await manager.page.getByTestId('request-label').waitFor();
    expect(await denial(manager.page).count()).toBe(0);
    expect(manager.errors).toEqual([]);
    await manager.page.close();
  });

  it('editing the company and its API tokens are neither offered nor opened to a role that may not manage it', async () => {
    const intern = await signedInPage(browser, cloudUrl(), await own.member('intern'), {
      company: company(),
      path: `/user/companies/${own.companyId}`,
    });
    await intern.page.getByTestId('company-nav').waitFor();
    expect(await intern.page.getByTestId('company-nav-UserCompanySettings').count()).toBe(1);
    expect(await intern.page.getByTestId('company-nav-UserCompanyEdit').count()).toBe(0);
    await refusedAt(intern.page, 'edit', MAY_NOT_MANAGE);
    expect(await intern.page.getByTestId('company-edit-form').count()).toBe(0);
    expect(await intern.page.getByTestId('company-nav').count()).toBe(0);
    await screenshotIfAsked(intern.page, '/tmp/member-roles-intern-company-edit.png');
    // The API tokens page is the company's managers' too: refused the same way, not a note in the page's frame.
    await refusedAt(intern.page, 'api_tokens', MAY_NOT_MANAGE);
    expect(await intern.page.getByTestId('api-token-form').count()).toBe(0);
    expect(intern.errors).toEqual([]);
    await intern.page.close();

    const manager = await signedInPage(browser, cloudUrl(), own.manager, {
      company: company(),
      path: `/user/companies/${own.companyId}`,
    });
    await manager.page.getByTestId('company-nav-UserCompanyEdit').click();
    await manager.page.getByTestId('company-edit-form').waitFor();
    expect(await denial(manager.page).count()).toBe(0);
    expect(manager.errors).toEqual([]);
    await manager.page.close();
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
    expect(await manager.page.getByTestId('assets-empty').textContent()).toBe(
      'No files yet: choose Upload files to add one',
    );
    await screenshotIfAsked(manager.page, '/tmp/member-roles-manager-assets.png');
    await manager.page.goto(`${cloudUrl()}/user/finances`);
    await manager.page.getByRole('button', { name: 'Import opening balances' }).waitFor();
    expect(await denial(manager.page).count()).toBe(0);
    expect(manager.errors).toEqual([]);
    await manager.page.close();
  });
});
