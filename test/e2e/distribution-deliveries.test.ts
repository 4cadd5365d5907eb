import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { call, cloudUrl, demo } from '../support/api.js';
import { launchChromium, screenshotIfAsked, signedInPage } from '../support/browser.js';
import { deliverableRelease } from '../support/deliverable-release.js';
import { type OwnCompany, ownCompany } from '../support/own-company.js';

/**
 * The distribution area's deliveries and client labels as an admin works them in Chromium, in a distributor of
 * this file's own (with a store of its own, so it takes no turn at the demo store): the company-wide deliveries
 * list with its status filter in words, the delivery records (imported from a CSV, one record's fields in words,
 * deleted), and a client label's catalogue tasks and accounting reached from the label's page and back.
 */
let browser: Browser;
let distributor: OwnCompany;
let store: { id: string; name: string };
let release: { id: string; title: string };
let dir: string;

beforeAll(async () => {
  Object.assign(process.env, inject('cloudEnv'));
  browser = await launchChromium();
  distributor = await ownCompany('Distribution deliveries', { distributed: true });
  const made = await call('POST', '/api/v1/dsps', {
    token: distributor.admin,
    body: { name: `Deliveries Store ${Date.now()}`, active: true },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  store = made.body.dsp;
  const connected = await call('POST', `/api/v1/companies/${distributor.companyId}/dsp_connections`, {
    token: distributor.admin,
    body: { dsp_connection: { dsp_id: store.id, status: 'connected' } },
  });
  expect(connected.status, JSON.stringify(connected.body)).toBeLessThan(300);
  ({ release } = await deliverableRelease(distributor.api, distributor.admin, distributor.companyId));
  const delivery = await distributor.api.post('/release_deliveries/new', {
    release_delivery: { release_id: release.id, dsp_id: store.id, action: 'insert', status: 'created' },
  });
  expect(delivery.status, JSON.stringify(delivery.body)).toBe(201);
  dir = mkdtempSync(path.join(os.tmpdir(), 'distribution-deliveries-'));
});
afterAll(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const asAdmin = (path: string) =>
  signedInPage(browser, cloudUrl(), demo.admin, {
    company: { id: distributor.companyId, name: distributor.name },
    path,
  });

describe('the distribution area’s deliveries', () => {
  it('lists a release whose cover thumbnail cannot be shown with a dash, not a broken image', async () => {
    // The seeded cover has no thumbnail file (as before the upload worker has made one): the cell reads as empty.
    const { page, errors } = await asAdmin('/distribution/releases');
    await page.getByPlaceholder('Search releases').fill(release.title);
    const row = page.getByRole('row').filter({ hasText: release.title });
    await expect.poll(() => row.getByTestId('release-cover-none').count()).toBe(1);
    await expect(row.getByTestId('release-cover-thumbnail').count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('lists the company’s deliveries with their action and status in words, filtered by a status in words', async () => {
    const { page, errors } = await asAdmin('/distribution/release_deliveries');
    const table = page.getByTestId('release-deliveries');
    // The list is the page: one heading names what it lists.
    const pageHeadings = () => page.getByRole('heading', { level: 1 }).allTextContents();
    await expect.poll(pageHeadings).toHaveLength(1);
    expect((await pageHeadings())[0]).toMatch(/^Release deliveries/);
    await expect.poll(() => table.textContent()).toContain(release.title);
    const row = table.getByRole('row').filter({ hasText: release.title });
    await expect.poll(() => row.textContent()).toContain(store.name);
    await expect.poll(() => row.textContent()).toContain('New delivery');
    await expect.poll(() => row.textContent()).toContain('Created');
    await expect(page.getByTestId('release-deliveries-new').textContent()).resolves.toBe('New delivery');

    await page.getByTestId('release-deliveries-status').click();
    await page.getByRole('option', { name: 'Any status', exact: true }).waitFor();
    // Each status in the badge's words, never its stored spelling.
    for (const word of ['Any status', 'Created', 'Queued', 'Delivering', 'Delivered', 'Failed'])
      await expect(page.getByRole('option', { name: word, exact: true }).count()).resolves.toBe(1);
    await expect(page.getByRole('option', { name: 'created', exact: true }).count()).resolves.toBe(0);
    await page.getByRole('option', { name: 'Delivered' }).click();
    await expect.poll(() => table.textContent()).toContain('No deliveries yet match this status or search');
    await page.getByTestId('release-deliveries-status').click();
    await page.getByRole('option', { name: 'Created' }).click();
    await expect.poll(() => table.textContent()).toContain(release.title);
    await screenshotIfAsked(page, 'test-results/distribution-release-deliveries.png', true);

    // "New delivery" opens the form, each picker saying what to choose and offering the connected store; Cancel
    // comes back to the list.
    await page.getByTestId('release-deliveries-new').click();
    await page.getByRole('heading', { name: 'New delivery' }).waitFor();
    await expect.poll(() => page.getByTestId('release-delivery-release').textContent()).toContain('Choose a release');
    await page.getByTestId('release-delivery-dsp').getByRole('button').first().click();
    await page.getByRole('option', { name: store.name }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await table.waitFor();

    // One release's deliveries say whose they are, and lead back to every release's.
    await page.goto(`${cloudUrl()}/distribution/release/deliveries?release_id=${encodeURIComponent(release.id)}`);
    await expect
      .poll(() => page.getByTestId('release-deliveries-scope').textContent())
      .toContain(`The deliveries of ${release.title}`);
    await expect.poll(() => table.textContent()).toContain(store.name);
    await page.getByTestId('release-deliveries-scope').getByRole('link', { name: 'Every release' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/distribution/release_deliveries');
    // The address changes before the page draws the list again: the scope's words go on the next render.
    await expect.poll(() => page.getByTestId('release-deliveries-scope').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('imports delivery records from a CSV, shows one record’s fields in words and deletes it', async () => {
    const product = `Records EP ${Date.now()}`;
    const label = `North Tapes ${Date.now()}`;
    const csv = path.join(dir, 'deliveries.csv');
    writeFileSync(
      csv,
      `product_name,artist_name,label_name,upc,release_date,recipient,status,ref_id\n${product},Aurora Vale,${label},5060000000009,2026-05-01,Deezer,delivered,REF-1\n`,
    );
    const { page, errors } = await asAdmin('/distribution/deliveries');
    // The list is the page: one heading names what it lists (no "Deliveries" above a "Delivery records" table).
    const pageHeadings = () => page.getByRole('heading', { level: 1 }).allTextContents();
    await expect.poll(pageHeadings).toHaveLength(1);
    expect((await pageHeadings())[0]).toMatch(/^Delivery records/);
    await expect(page.getByRole('heading', { name: 'Deliveries', exact: true }).count()).resolves.toBe(0);
    await page.getByTestId('import-deliveries').click();
    await page.locator('input[type=file]').setInputFiles(csv);
    await page.getByRole('dialog').getByRole('button', { name: 'Import' }).click();
    await expect.poll(() => page.locator('body').textContent()).toContain('1 records were added');

    // The search box says what it matches on, and matches on it: the record is found by its label.
    const search = page.getByPlaceholder('Search by product, artist, label, UPC, recipient, sender or status');
    await search.fill(label);
    await expect.poll(() => page.getByRole('button', { name: product }).count()).toBe(1);
    await screenshotIfAsked(page, 'test-results/distribution-delivery-records-search.png');
    await search.fill(product);
    await page.getByRole('button', { name: product }).click();
    const fields = page.getByTestId('delivery-record-fields');
    await expect.poll(() => fields.textContent()).toContain('Release date');
    const text = (await fields.textContent()) ?? '';
    for (const words of ['Product', 'Artist', 'Label', 'UPC', 'Recipient', 'Reference', product, 'REF-1'])
      expect(text).toContain(words);
    // Its status and dates as the list shows them, no field's stored name.
    expect(text).toContain('StatusDelivered');
    expect(text).toContain('1st May 2026');
    expect(text).not.toMatch(/[a-z]+_[a-z]+/);
    await screenshotIfAsked(page, 'test-results/distribution-delivery-record.png');

    // Deleting asks first, naming the record.
    await page.getByTestId('delivery-record-delete').click();
    await expect.poll(() => page.getByTestId('delete-modal').textContent()).toContain(product);
    await page.getByTestId('delete-confirm').click();
    await expect.poll(() => page.locator('body').textContent()).toContain('Delivery deleted');
    await expect.poll(() => page.locator('body').textContent()).toContain('No delivery records');
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('a client label’s pages', () => {
  it('reaches the label’s catalogue tasks and accounting from its page, and comes back from each', async () => {
    const client = await distributor.api.post('/crm/clients', {
      client: {
        name: `Tasks Client ${Date.now()}`,
        contract_start_date: '2026-01-01',
        contract_end_date: '2026-12-31',
      },
    });
    expect(client.status, JSON.stringify(client.body)).toBe(201);
    const made = await distributor.api.post(`/crm/clients/${client.body.client.id}/labels`, {
      label: { name: 'Harbour Tapes' },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const labelPath = `/distribution/labels/${made.body.label.id}`;
    const { page, errors } = await asAdmin(labelPath);
    const heading = () => page.getByRole('heading', { level: 1 }).first().textContent();

    await page.getByTestId('label-tasks-link').click();
    await expect.poll(heading).toBe('Harbour Tapes: catalogue tasks');
    await expect.poll(() => page.getByTestId('catalogue-tasks').textContent()).toContain('Nothing left to do');
    await page.getByTestId('tasks-label-link').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(labelPath);

    await page.getByTestId('label-accounting-link').click();
    await expect.poll(heading).toBe('Label accounting');
    await page.getByTestId('accounting-closing').waitFor();
    await screenshotIfAsked(page, 'test-results/distribution-label-accounting.png', true);
    await page.getByTestId('accounting-label-link').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(labelPath);
    await expect.poll(heading).toBe('Harbour Tapes');

    // The label's client company, its contract in dates as every page shows them.
    await page.getByRole('link', { name: client.body.client.name }).click();
    await expect.poll(() => page.getByTestId('client-contract').textContent()).toBe('1st Jan 2026 to 31st Dec 2026');
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('a company’s store connections', () => {
  it('says in words that a company has no store yet, and lists the one it has', async () => {
    const fresh = await distributor.sibling('Distribution deliveries unconnected', { distributed: true });
    const { page, errors } = await signedInPage(browser, cloudUrl(), distributor.manager, {
      company: { id: fresh.companyId, name: fresh.name },
      path: `/user/companies/${fresh.companyId}/distribution/dsps`,
    });
    await expect
      .poll(() => page.getByTestId('company-dsps').textContent())
      .toContain('No DSP connections yet: choose a DSP above and request it');
    await screenshotIfAsked(page, 'test-results/distribution-company-dsps-empty.png');
    // An admin working in that company finds the new delivery's store picker empty, and says where stores come from.
    const admin = await signedInPage(browser, cloudUrl(), demo.admin, {
      company: { id: fresh.companyId, name: fresh.name },
      path: '/distribution/release_deliveries/new',
    });
    await admin.page.getByTestId('release-delivery-dsp').getByRole('button').first().click();
    await expect
      .poll(() => admin.page.locator('body').textContent())
      .toContain('The company is connected to no store yet: request one on its DSPs page');
    expect(admin.errors).toEqual([]);
    await admin.page.close();

    await page.goto(`${cloudUrl()}/user/companies/${distributor.companyId}/distribution/dsps`);
    await expect.poll(() => page.getByTestId('company-dsps').textContent()).toContain(store.name);
    expect(errors).toEqual([]);
    await page.close();
  });
});
