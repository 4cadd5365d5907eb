import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloudUrl } from '../support/api.js';
import { launchChromium, signedInPage } from '../support/browser.js';
import { type OwnCompany, ownCompany } from '../support/own-company.js';

/**
 * Pages as a member whose role only reads them sees them. A label's settings are shown, not offered to change.
 * The empty lists of contracts, promos and licences say what to do only to someone who may do it: a member whose
 * role only reads them (an intern) has no New button, so is not told to choose one; a licence list with nothing yet
 * says so, rather than "No licence matches" as if a filter were set.
 */
let browser: Browser;
let own: OwnCompany;
let releaseId: string;
let labelId: string;

beforeAll(async () => {
  browser = await launchChromium();
  own = await ownCompany('Reader empty states');
  releaseId = (await own.api.post('/releases', { title: 'Empty States EP' })).body.release.id;
  labelId = (await own.label('Reader Records')).id;
  const saved = await own.api.patch(`/labels/${labelId}/settings`, {
    release_defaults: { c_line: '2026 Reader Records' },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
});
afterAll(async () => {
  await browser?.close();
});

const emptyText = async (page: Page, path: string, testId?: string) => {
  await page.goto(`${cloudUrl()}${path}`);
  const table = testId ? page.getByTestId(testId) : page.locator('table').first();
  await expect.poll(() => table.textContent(), { timeout: 15_000 }).toMatch(/yet|matches/);
  return (await table.textContent()) ?? '';
};

describe('empty lists', () => {
  it('tell a reader there is nothing yet, without pointing at buttons they do not have', async () => {
    const intern = await own.member('intern', 'Ivy Reader');
    const { page, errors } = await signedInPage(browser, cloudUrl(), intern, {
      company: { id: own.companyId, name: own.name },
    });
    const contracts = await emptyText(page, `/user/releases/${releaseId}/contracts`, 'contracts-table');
    expect(contracts).toContain('No contracts yet');
    expect(contracts).not.toContain('choose New contract');
    const promos = await emptyText(page, `/user/releases/${releaseId}/promos`);
    expect(promos).toContain('No promos yet');
    expect(promos).not.toContain('choose New promo');
    const licences = await emptyText(page, '/user/licensing/licenses', 'licenses-table');
    expect(licences).toContain('No licences yet');
    expect(licences).not.toContain('choose New');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('tell a manager how to add the first licence, and say "No licence matches" only when searching', async () => {
    const { page, errors } = await signedInPage(browser, cloudUrl(), own.manager, {
      company: { id: own.companyId, name: own.name },
    });
    expect(await emptyText(page, '/user/licensing/licenses', 'licenses-table')).toContain(
      'No licences yet: choose New incoming licence or New outgoing licence to add one',
    );
    await page.getByTestId('licenses-search').locator('input').fill('Nothing like this');
    await expect.poll(() => page.getByTestId('licenses-table').textContent()).toContain('No licence matches');
    expect(await emptyText(page, `/user/releases/${releaseId}/contracts`, 'contracts-table')).toContain(
      'choose New contract',
    );
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a label’s settings are read-only to a reader, with no Save, and editable to the manager', async () => {
    const intern = await own.member('intern', 'Ivy Settings Reader');
    const { page, errors } = await signedInPage(browser, cloudUrl(), intern, {
      company: { id: own.companyId, name: own.name },
      path: `/user/labels/${labelId}/settings`,
    });
    const cLine = page.getByTestId('label-default-c-line').locator('input');
    await expect.poll(() => cLine.inputValue()).toBe('2026 Reader Records');
    expect(await cLine.isEditable()).toBe(false);
    expect(await page.getByTestId('label-default-p-line').locator('input').isEditable()).toBe(false);
    expect(await page.getByTestId('label-settings-save').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();

    const manager = await signedInPage(browser, cloudUrl(), own.manager, {
      company: { id: own.companyId, name: own.name },
      path: `/user/labels/${labelId}/settings`,
    });
    const managerLine = manager.page.getByTestId('label-default-c-line').locator('input');
    await expect.poll(() => managerLine.inputValue()).toBe('2026 Reader Records');
    // The role's permits may arrive after the label's values: the fields open and Save shows once they have.
    await expect.poll(() => managerLine.isEditable()).toBe(true);
    await expect.poll(() => manager.page.getByTestId('label-settings-save').count()).toBe(1);
    await manager.page.close();
  });
});
