import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { cloudUrl, demo } from '../support/api.js';
import { launchChromium, screenshotIfAsked, signedInAdminPage } from '../support/browser.js';
import { ownCompany, type OwnCompany } from '../support/own-company.js';

/**
 * The admin importer in Chromium: the company picker lists the companies (it once asked for more per page
 * than the list allowed and stayed empty), a CSV of artists is mapped, previewed and imported into the
 * chosen company, and the artists are there.
 */
let browser: Browser;
let company: OwnCompany;

beforeAll(async () => {
  company = await ownCompany('Importer Journey Records');
  browser = await launchChromium();
}, 120_000);

/** The CSV the test uploads, in a folder removed after the file. */
const folder = mkdtempSync(join(tmpdir(), 'importer-'));

afterAll(async () => {
  await browser?.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('the admin importer', () => {
  it('imports a CSV of artists into the company chosen in its picker', async () => {
    const stamp = Date.now();
    const file = join(folder, 'artists.csv');
    writeFileSync(file, `Name,Email\nImported One ${stamp},one-${stamp}@example.test\nImported Two ${stamp},\n`);
    const { page, errors } = await signedInAdminPage(browser, cloudUrl(), demo.admin, { path: '/admin/importer' });
    await page.getByTestId('importer-company').click();
    await page.keyboard.type(company.name);
    await page.getByRole('option', { name: company.name }).click();
    await page.locator('[data-testid="importer-file"] input[type=file]').setInputFiles(file);
    await page.getByTestId('importer-preview').click();
    await expect
      .poll(() => page.getByTestId('importer-counts').textContent())
      .toBe('2 rows: 2 to add, 0 with errors, 0 duplicates');
    await page.getByTestId('importer-start').click();
    await page.getByText('2 records were added').first().waitFor({ timeout: 60_000 });
    await screenshotIfAsked(page, '/tmp/admin-importer-done.png', true);
    const artists = (await company.api.get('/artists?per_page=100')).body.artists as { name: string }[];
    expect(artists.map((a) => a.name).sort()).toEqual([`Imported One ${stamp}`, `Imported Two ${stamp}`]);
    expect(errors).toEqual([]);
  });
});
