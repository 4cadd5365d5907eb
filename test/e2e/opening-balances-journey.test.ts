import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, cloudUrl } from '../support/api.js';
import { JOURNEY, openManagerSession, screenshotIfAsked } from '../support/browser.js';

/**
 * Opening balances in Chromium: from Finances the label manager checks a file naming a payee the company does not
 * have and reads the problem (nothing written), then checks and imports a good file, and opens a payee's account,
 * whose balance is the imported one.
 */
let browser: Browser;
let page: Page;
let errors: string[];
let token: string;
let company: { id: string; name: string };
let dir: string;
const stamp = `Opening ${Date.now()}`;
const ann = `${stamp} Ann`;
const bob = `${stamp} Bob`;

beforeAll(async () => {
  ({ browser, page, errors, token, company } = await openManagerSession('Opening balances journey'));
  for (const name of [ann, bob]) {
    const made = await call('POST', '/api/v1/payees', { token, company: company.id, body: { name } });
    if (made.status !== 201) throw new Error(`the payee was not made: ${JSON.stringify(made.body)}`);
  }
  dir = mkdtempSync(path.join(os.tmpdir(), 'opening-balances-e2e-'));
}, 120_000);

afterAll(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function csvFile(name: string, rows: string[]): string {
  const file = path.join(dir, name);
  writeFileSync(file, ['Payee,Balance,Currency,Date,Description', ...rows].join('\n'));
  return file;
}

async function checkFile(file: string) {
  await page.locator('[data-testid="opening-file"] input[type=file]').setInputFiles(file);
  await page.getByTestId('opening-check').click();
  await page.getByTestId('opening-entries').waitFor({ timeout: 30_000 });
}

describe('importing opening balances', JOURNEY, () => {
  it('shows the problem of a bad row, imports the good file and shows the balance on the account', async () => {
    await page.goto(`${cloudUrl()}/user/finances`);
    await page.getByRole('button', { name: 'Import opening balances' }).click();
    await page.waitForURL(/\/user\/finances\/opening_balances$/);

    await checkFile(csvFile('balances-with-a-bad-row.csv', [`${ann},1250.10,GBP,,`, `${stamp} Nobody,-20.00,GBP,,`]));
    await expect
      .poll(() => page.getByTestId('opening-problems').textContent())
      .toContain(`No payee named "${stamp} Nobody" in this company`);
    expect(await page.getByTestId('opening-problems').textContent()).toContain('Row 3, payee');
    expect(await page.getByTestId('opening-import').isDisabled()).toBe(true);
    await screenshotIfAsked(page, '/tmp/shots/opening-balances-problem.png', true);

    await checkFile(
      csvFile('balances.csv', [`${ann},"1,250.10",GBP,2025-12-31,Curve closing balance`, `${bob},-300.05,GBP,,`]),
    );
    await expect.poll(() => page.getByTestId('opening-entries').textContent()).toBe('2');
    expect(await page.getByTestId('opening-totals').textContent()).toBe('£950.05 (2 rows)');
    // Balances of nothing are named in words, not as a bare "0.00" outside the money formatting.
    expect(await page.locator('main').first().innerText()).toContain('Zero balances (left out)');
    expect(await page.getByTestId('opening-preview').textContent()).toContain(bob);
    await screenshotIfAsked(page, '/tmp/shots/opening-balances-preview.png', true);
    await page.getByTestId('opening-import').click();
    await expect.poll(() => page.getByTestId('opening-done').textContent()).toContain('2 records were added');
    // The file is listed with what it brought, in words: the day as the pages show days, the total as money.
    const history = page.getByTestId('opening-history');
    await expect.poll(() => history.textContent()).toContain('balances.csv');
    expect(await history.textContent()).toMatch(/Imported on.*\d{1,2}(st|nd|rd|th) \w{3} \d{4}/);
    expect(await history.textContent()).toContain('£950.05');
    expect(await history.textContent()).toContain('Imported');
    await screenshotIfAsked(page, '/tmp/shots/opening-balances-done.png', true);

    await page.getByRole('link', { name: ann }).click();
    await page.waitForURL(/\/user\/payees\/[^/]+\/accounting$/);
    await expect.poll(() => page.getByTestId('account-balance').textContent()).toContain('1,250.10');
    await expect.poll(() => page.getByTestId('account-entries').textContent()).toContain('Curve closing balance');
    await screenshotIfAsked(page, '/tmp/shots/opening-balances-account.png', true);
  }, 180_000);

  it('ran without uncaught page errors', () => {
    expect(errors).toEqual([]);
  });
});
