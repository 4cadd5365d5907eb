import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloudUrl, uniqueEmail } from '../support/api.js';
import { launchChromium, screenshotIfAsked, signedInManagerPage } from '../support/browser.js';
import { type OwnCompany, ownCompany } from '../support/own-company.js';

/**
 * A mailing list's page in Chromium: its Add members fields side by side, its own fields (name, description, tags,
 * active) edited on its edit page, and a list that does not exist said so instead of an empty list to add to.
 */
let browser: Browser;
let own: OwnCompany;

beforeAll(async () => {
  browser = await launchChromium();
  own = await ownCompany('Mailing list edit e2e');
});
afterAll(async () => {
  await browser?.close();
});

const managerPage = (path: string) =>
  signedInManagerPage(browser, cloudUrl(), own.manager, { id: own.companyId, name: own.name }, path);

describe('a mailing list’s page', () => {
  it('edits the list’s name, description, tags and active on its edit page', async () => {
    const listId = (await own.api.post('/mailing_lists', { name: 'Walk DJs' })).body.mailing_list.id as string;
    await own.api.post(`/mailing_lists/${listId}/members`, { email: uniqueEmail('edit-dj'), name: 'Dee Jay' });
    const { page, errors } = await managerPage(`/user/labels/promo_tools/mailing_lists/${listId}`);
    await page.getByRole('heading', { name: 'Walk DJs', level: 1 }).waitFor();
    // The four fields of a new member on one row, not stacked in one narrow column.
    const email = await page.getByTestId('member-email').boundingBox();
    const name = await page.getByTestId('member-name').boundingBox();
    expect(Math.abs((email?.y ?? 0) - (name?.y ?? 1000))).toBeLessThan(5);
    expect(name?.x ?? 0).toBeGreaterThan((email?.x ?? 0) + (email?.width ?? 0));
    // Until 3 promos were sent the pruning table says so; its sentence never names an empty list of promos.
    const pruning = page.getByTestId('unengaged-members');
    await expect.poll(() => pruning.innerText()).toContain('Shown once the label has sent 3 promos.');
    expect(await pruning.innerText()).not.toContain('Sent each of');

    await page.getByTestId('edit-mailing-list').click();
    await page.getByTestId('edit-list-name').locator('input').fill('Club DJs (UK)');
    await page.getByTestId('edit-list-description').locator('textarea').fill('House and techno DJs in the UK');
    await page.getByTestId('edit-list-tags').locator('input').fill('club, uk');
    await page.getByTestId('edit-list-active').locator('input').uncheck();
    await screenshotIfAsked(page, 'test-results/mailing-list-edit.png', true);
    await page.getByTestId('mailing-list-submit').click();
    await expect.poll(() => page.locator('body').textContent()).toContain('Mailing List Updated');
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/user/labels/promo_tools/mailing_lists/${listId}`);
    await page.getByRole('heading', { name: 'Club DJs (UK)', level: 1 }).waitFor();
    const header = await page.locator('body').innerText();
    expect(header).toContain('House and techno DJs in the UK');
    expect(header).toContain('Tags: club, uk');
    await page.getByTestId('mailing-list-inactive').waitFor();
    expect((await own.api.get(`/mailing_lists/${listId}`)).body.mailing_list).toMatchObject({
      name: 'Club DJs (UK)',
      description: 'House and techno DJs in the UK',
      tags: ['club', 'uk'],
      active: false,
    });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('says a list that does not exist cannot be loaded, and offers the way back, not a form to add members to it', async () => {
    const { page, errors } = await managerPage('/user/labels/promo_tools/mailing_lists/01NOTALIST');
    await page.getByTestId('load-error').waitFor();
    expect(await page.getByTestId('load-error').innerText()).toContain('Could not load the mailing list');
    expect(await page.getByTestId('load-error-back').count()).toBe(1);
    expect(await page.getByTestId('add-member').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});
