import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { call, cloudUrl } from '../support/api.js';
import { openManagerSession, screenshotIfAsked } from '../support/browser.js';
import { releaseRows, sheetCsv } from '../support/release-sheet-file.js';
import type { ReleaseSheetRow } from '../../shared/catalogue-exchange/release-sheet.js';

/**
 * Catalogue import in Chromium: the label manager imports a spreadsheet of 3 releases with one bad row on
 * Data management → New, sees the error in the preview (nothing written), fixes the file, uploads
 * it again, imports it with the progress bar to "Import Added", then exports the releases as
 * fuga_csv from the releases list and opens the file.
 */
let browser: Browser;
let page: Page;
let errors: string[];
let company: { id: string; name: string };
let token: string;
let dir: string;
const stamp = `E2E Import ${Date.now()}`;

beforeAll(async () => {
  // A manager and company of this file's own, with the one label the sheet's rows name.
  ({ browser, page, errors, token, company } = await openManagerSession('Catalogue import'));
  const made = await call('POST', '/api/v1/labels', { token, company: company.id, body: { name: `${stamp} Label` } });
  if (made.status !== 201) throw new Error(`the label was not made: ${JSON.stringify(made.body)}`);
  dir = mkdtempSync(path.join(os.tmpdir(), 'catalogue-import-e2e-'));
});

afterAll(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function writeSheet(name: string, rows: ReleaseSheetRow[]): string {
  const file = path.join(dir, name);
  writeFileSync(file, sheetCsv(rows));
  return file;
}

async function preview(file: string) {
  await page.locator('[data-testid="import-file"] input[type=file]').setInputFiles(file);
  await page.getByTestId('import-preview').click();
  await page.getByTestId('import-preview-valid').waitFor({ timeout: 30_000 });
}

describe('importing releases from a spreadsheet, then exporting them', () => {
  it('shows the bad row, imports the fixed file and exports the releases as FUGA CSV', async () => {
    const labels = await call('GET', '/api/v1/labels', { token, company: company.id });
    const label = labels.body.labels[0].name as string;
    const good = [0, 1, 2].map((i) => releaseRows(label, { release_title: `${stamp} ${i + 1}` }, 2));
    const bad = good.map((rows) => rows.map((r) => ({ ...r })));
    bad[2][1].album_only = 'maybe';

    await page.goto(`${cloudUrl()}/user/data_management`);
    // One page heading: the imports table under it is a section of the page.
    await page.getByRole('heading', { name: /^Imports/ }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).allTextContents()).toEqual(['Data management']);
    await page.getByTestId('data-management-new').click();
    await page.waitForURL(/\/user\/data_management\/new$/);

    // A template to start from: the sheet's header and an example release, in the format chosen.
    await page.getByTestId('import-template').click();
    const downloading = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'CSV' }).click();
    const templateFile = await downloading;
    expect(templateFile.suggestedFilename()).toBe('release-sheet-template.csv');
    const template = readFileSync(await templateFile.path(), 'utf8');
    expect(template.split('\n')[0]).toMatch(/^release_title,release_version,upc,/);
    expect(template).toContain(label);
    await screenshotIfAsked(page, '/tmp/shots/import-template.png');

    await preview(writeSheet('releases-with-a-bad-row.csv', bad.flat()));
    await expect.poll(() => page.getByTestId('import-preview-invalid').textContent()).toContain('1');
    await expect
      .poll(() => page.getByTestId('import-preview-errors').textContent())
      .toContain('Album only must be Y or N');
    expect(await page.getByTestId('import-preview-errors').textContent()).toContain('7');
    const none = await call('GET', `/api/v1/releases?q=${encodeURIComponent(stamp)}`, { token, company: company.id });
    expect(none.body.total_count).toBe(0);

    await preview(writeSheet('releases.csv', good.flat()));
    await expect.poll(() => page.getByTestId('import-preview-valid').textContent()).toContain('3');
    expect(await page.getByTestId('import-preview-errors').count()).toBe(0);
    await page.getByTestId('import-start').click();
    await expect
      .poll(
        () =>
          page
            .getByTestId('import-result')
            .textContent()
            .catch(() => ''),
        { timeout: 60_000 },
      )
      .toContain('records were added');
    expect(await page.getByTestId('import-result').textContent()).toContain('Import Added');
    expect(await page.getByTestId('import-progress').getAttribute('data-percent')).toBe('100');

    await page.goto(`${cloudUrl()}/user/releases`);
    await page.getByTestId('ref-table-search').locator('input').fill(stamp);
    await expect.poll(() => page.locator('[data-testid="ref-table"] tbody tr').count()).toBe(3);
    await page.getByTestId('releases-export').click();
    const download = page.waitForEvent('download', { timeout: 30_000 });
    await page.getByRole('menuitem', { name: 'FUGA bulk metadata (CSV)' }).first().click();
    const file = await (await download).path();
    const text = readFileSync(file, 'utf8');
    for (const rows of good) {
      expect(text).toContain(rows[0].upc);
      expect(text).toContain(rows[0].release_title);
      expect(text).toContain(rows[1].isrc);
    }
    expect(errors).toEqual([]);
  });
});
