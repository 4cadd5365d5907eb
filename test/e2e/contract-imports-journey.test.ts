import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, cloudUrl } from '../support/api.js';
import { JOURNEY, openManagerSession, screenshotIfAsked, sidewaysScrollers } from '../support/browser.js';

/**
 * Contracts from a file in Chromium: from a release's Contracts the label manager opens Import contracts, checks a
 * file naming a payee the company does not have and reads the problem (nothing written), then checks and imports a
 * good file, and finds the draft contract on the release's Contracts.
 */
let browser: Browser;
let page: Page;
let errors: string[];
let token: string;
let company: { id: string; name: string };
let dir: string;
let releaseId: string;
const stamp = `Contracts ${Date.now()}`;
const payee = `${stamp} Ann`;
/** A GTIN-13 with its check digit, unique per run. */
function gtin13(): string {
  const body = `50${String(Date.now()).slice(-10)}`;
  const sum = [...body].reduce((s, d, i) => s + Number(d) * (i % 2 ? 3 : 1), 0);
  return body + String((10 - (sum % 10)) % 10);
}
const upc = gtin13();

beforeAll(async () => {
  ({ browser, page, errors, token, company } = await openManagerSession('Contract imports journey'));
  const made = await call('POST', '/api/v1/payees', { token, company: company.id, body: { name: payee } });
  if (made.status !== 201) throw new Error(`the payee was not made: ${JSON.stringify(made.body)}`);
  const release = await call('POST', '/api/v1/releases', {
    token,
    company: company.id,
    body: { title: `${stamp} EP`, upc },
  });
  if (release.status !== 201) throw new Error(`the release was not made: ${JSON.stringify(release.body)}`);
  releaseId = (release.body as { release: { id: string } }).release.id;
  dir = mkdtempSync(path.join(os.tmpdir(), 'contract-imports-e2e-'));
}, 120_000);

afterAll(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function csvFile(name: string, rows: string[]): string {
  const file = path.join(dir, name);
  writeFileSync(file, ['Release_UPC,Contractee,Type,Start_Date,Royalty_Rate,Advance', ...rows].join('\n'));
  return file;
}

async function checkFile(file: string) {
  await page.locator('[data-testid="contract-import-file"] input[type=file]').setInputFiles(file);
  await page.getByTestId('contract-import-check').click();
  await page.getByTestId('contract-import-count').waitFor({ timeout: 30_000 });
}

describe('importing contracts', JOURNEY, () => {
  it('shows the problem of a bad row, imports the good file and shows the contract on the release', async () => {
    await page.goto(`${cloudUrl()}/user/releases/${releaseId}/contracts`);
    await page.getByRole('link', { name: 'Import contracts' }).click();
    await page.waitForURL(/\/user\/contracts\/import$/);

    await checkFile(csvFile('contracts-with-a-bad-row.csv', [`${upc},${stamp} Nobody,Licence,2024-01-01,18,`]));
    await expect
      .poll(() => page.getByTestId('contract-import-problems').textContent())
      .toContain(`No payee named "${stamp} Nobody" in this company`);
    expect(await page.getByTestId('contract-import-problems').textContent()).toContain('Row 2, contractee');
    expect(await page.getByTestId('contract-import-go').isDisabled()).toBe(true);
    await screenshotIfAsked(page, '/tmp/shots/contract-import-problem.png', true);

    await checkFile(csvFile('contracts.csv', [`${upc},${payee},Licence,2024-01-01,18,"1,500.00"`]));
    await expect.poll(() => page.getByTestId('contract-import-count').textContent()).toBe('1');
    expect(await page.getByTestId('contract-import-preview').textContent()).toContain('18% of net receipts');
    await screenshotIfAsked(page, '/tmp/shots/contract-import-preview.png', true);
    // Every column of the rows to import fits the page at 1,400 px: the deal is read without scrolling sideways.
    expect(await sidewaysScrollers(page)).toEqual([]);
    await page.getByTestId('contract-import-go').click();
    await expect.poll(() => page.getByTestId('contract-import-done').textContent()).toContain('1 contract was added');

    await page.goto(`${cloudUrl()}/user/releases/${releaseId}/contracts`);
    await expect.poll(() => page.getByTestId('contracts-table').textContent()).toContain(payee);
    // A file names a payee as the contractee: the contract's page says so, never "Artist".
    await page.getByTestId('contracts-table').locator('[data-testid^="contract-"]').first().click();
    const detail = page.getByTestId('contract-detail');
    await expect.poll(() => detail.innerText()).toContain('Payee (contractee)');
    expect(await detail.innerText()).not.toContain('Artist (contractee)');
    await screenshotIfAsked(page, '/tmp/shots/contract-import-release.png', true);
  }, 180_000);

  it('ran without uncaught page errors', () => {
    expect(errors).toEqual([]);
  });
});
