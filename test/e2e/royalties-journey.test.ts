import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { cloudUrl } from '../support/api.js';
import { openManagerSession, screenshotIfAsked, JOURNEY } from '../support/browser.js';

/**
 * Royalties end to end in Chromium: make a column map from a sample report, upload the report
 * through it and watch the import finish, then filter the royalties list and read its sums.
 */
let browser: Browser;
let page: Page;
let errors: string[];
let dir: string;
const stamp = Date.now();
const store = `E2E Store ${stamp}`;
const mapName = `E2E map ${stamp}`;
let report: string;

/** Opens a Cloudscape select by its test id and picks the option with exactly this label. */
async function choose(testId: string, label: string) {
  await page.getByTestId(testId).locator('button').first().click();
  await page.getByRole('option', { name: label, exact: true }).first().click();
}

beforeAll(async () => {
  ({ browser, page, errors } = await openManagerSession('Royalties journey'));
  dir = mkdtempSync(path.join(os.tmpdir(), 'royalties-e2e-'));
  report = path.join(dir, `store-report-${stamp}.csv`);
  // Three lines of one store (1.10 + 2.25 + 0.655 = 4.005 → £4.01 half-up, where a float sum shows 4.00) and one of another.
  writeFileSync(
    report,
    `${[
      'Pay Period,ISRC,Song,Artist,Quantity,Net,Currency,Store,Territory',
      `2026-01,GBAAA2600101,First Light,The Testers,2,1.10,GBP,${store},GB`,
      `2026-02,GBAAA2600102,Second Wind,The Testers,3,2.25,GBP,${store},FR`,
      `2026-02,GBAAA2600101,First Light,The Testers,1,0.655,GBP,${store},DE`,
      `2026-02,GBAAA2600103,Elsewhere,The Testers,4,5.00,GBP,Other ${store},US`,
    ].join('\n')}\n`,
  );
});

afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('royalties in the browser', JOURNEY, () => {
  it('maps a sample report’s columns with a live preview and saves the map', async () => {
    await page.goto(`${cloudUrl()}/user/royalties/map_import`);
    await page.getByTestId('map-name').locator('input').fill(mapName);
    await page.locator('[data-testid="map-sample"] input[type=file]').setInputFiles(report);
    // The sample's headers fill the choices; "Match by name" matches all nine, "Net" and "Store" included,
    // and says so.
    await expect.poll(() => page.getByTestId('map-guess').isEnabled()).toBe(true);
    await page.getByTestId('map-guess').click();
    await expect
      .poll(() => page.getByTestId('notification-message').textContent())
      .toContain('All 9 columns matched by name.');
    expect(await page.getByTestId('map-column-subtotal_payable-select').textContent()).toContain('Net');
    expect(await page.getByTestId('map-column-retailer-select').textContent()).toContain('Store');
    // The preview follows the map (debounced): the retailer column shows once its choice is read.
    await expect.poll(() => page.getByTestId('map-preview').textContent()).toContain(store);
    expect(await page.locator('[data-testid="map-preview"] tbody tr').count()).toBe(4);
    await page.getByTestId('map-submit').click();
    await expect.poll(() => page.getByTestId('notification-message').textContent()).toMatch(/Royalty Map Added/);
    expect(errors).toEqual([]);
  });

  it('uploads the report through the map and follows the import to done', async () => {
    await page.getByTestId('royalties-import').click();
    await page.waitForURL('**/user/royalties/bulk_import');
    await choose('bulk-import-map', mapName);
    await page.locator('[data-testid="bulk-import-files"] input[type=file]').setInputFiles(report);
    await page.getByTestId('bulk-import-upload').click();
    await expect.poll(() => page.getByTestId('notification-message').textContent()).toBe('1 of 1 report uploaded');
    await expect
      .poll(() => page.getByTestId('bulk-import-row-0').getAttribute('data-state'), { timeout: 60_000 })
      .toBe('done');
    expect(await page.getByTestId('bulk-import-row-0-import').getAttribute('data-percent')).toBe('100');
    expect(await page.getByTestId('bulk-import-row-0-import').getAttribute('data-colour')).toBe('green');
    await page.getByTestId('bulk-import-row-0-link').click();
    await expect.poll(() => page.getByTestId('import-lines-read').textContent()).toBe('4');
    expect(await page.getByTestId('import-lines-stored').textContent()).toBe('4');
    expect(await page.getByTestId('import-lines-rejected').textContent()).toBe('0');
    expect(errors).toEqual([]);
  }, 90_000);

  it('filters the royalties by retailer and shows the exact sums', async () => {
    await page.goto(`${cloudUrl()}/user/royalties`);
    await expect.poll(() => page.getByTestId('royalties-count').textContent()).not.toBe('…');
    // One page heading: the lines are a section under it and its summary, not a second page heading.
    expect(await page.getByRole('heading', { level: 1 }).allTextContents()).toEqual(['Royalties']);
    await expect(
      page
        .getByRole('heading', { level: 2 })
        .filter({ hasText: /^Lines/ })
        .count(),
    ).resolves.toBe(1);
    await choose('royalties-filter-retailer', store);
    await expect.poll(() => page.getByTestId('royalties-count').textContent()).toBe('3');
    expect(await page.getByTestId('royalties-total').textContent()).toBe('£4.01');
    expect(await page.locator('[data-testid="royalties-table"] tbody tr').count()).toBe(3);
    // The summary says how its figures relate, in figures that add up as shown.
    expect(await page.getByTestId('royalties-equation').textContent()).toMatch(
      /^Total £4\.01 = Aggregator £\d+\.\d\d \+ Label share £\d+\.\d\d \(of which payees and artists £\d+\.\d\d\)$/,
    );
    // No dates are applied unless a period is chosen: the picker and the summary say "Any period".
    expect(await page.getByTestId('royalties-filter-period').textContent()).toBe('Any period');
    expect(await page.getByTestId('royalties-summary-period').textContent()).toBe('Any period');
    const pickPeriod = async (label: string) => {
      await page.getByTestId('royalties-filter-period').click();
      await page.getByRole('dialog').getByText(label, { exact: true }).click();
      await page.getByTestId('royalties-filter-period-apply').click();
    };
    // This month holds none of the report's periods (2026-01, 2026-02); choosing it applies its dates, visibly.
    await pickPeriod('This month');
    await expect.poll(() => page.getByTestId('royalties-count').textContent()).toBe('0');
    expect(await page.getByTestId('royalties-filter-period').textContent()).toMatch(/^This month: \d{4}-\d\d-01 – /);
    expect(await page.getByTestId('royalties-summary-period').textContent()).toMatch(/^This month: \d{4}-\d\d-01 – /);
    await pickPeriod('Any period');
    await expect.poll(() => page.getByTestId('royalties-count').textContent()).toBe('3');
    expect(await page.getByTestId('royalties-filter-period').textContent()).toBe('Any period');
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshotIfAsked(page, '/tmp/royalties-list.png');
    expect(errors).toEqual([]);
  }, 60_000);
});

describe('manual sales and paid marks', () => {
  const shop = `E2E Shop ${stamp}`;

  it('adds a sale, edits it, and marks lines paid (a label is needed for all matching lines)', async () => {
    await page.goto(`${cloudUrl()}/user/royalties`);
    await page.getByTestId('royalties-new-sale').click();
    await page.waitForURL('**/user/royalties/new_sale');
    await page.getByTestId('royalty-field-pay_period').locator('input').fill('2026-03');
    await page.getByTestId('royalty-field-retailer').locator('input').fill(shop);
    await page.getByTestId('royalty-field-territory').locator('input').fill('gb');
    await page.getByTestId('royalty-field-quantity').locator('input').fill('2');
    await page.getByTestId('royalty-field-subtotal_payable').locator('input').fill('12.345');
    await page.getByTestId('royalty-field-song').locator('input').fill('Merch Table');
    await page.getByTestId('royalty-submit').click();
    await expect.poll(() => page.getByTestId('notification-message').textContent()).toBe('Royalty Added');
    await page.waitForURL('**/user/royalties');

    await choose('royalties-filter-retailer', shop);
    await expect.poll(() => page.getByTestId('royalties-total').textContent()).toBe('£12.35');
    await page.locator('[data-testid="royalties-table"] tbody tr a').first().click();
    await page.waitForURL(/\/user\/royalties\/[^/]+\/edit$/);
    await page.getByTestId('royalty-field-song').locator('input').fill('Merch Table (Signed)');
    // Emptying a field empties it on the line.
    await page.getByTestId('royalty-field-territory').locator('input').fill('');
    await page.getByTestId('royalty-submit').click();
    await expect.poll(() => page.getByTestId('notification-message').textContent()).toBe('Royalty Updated');
    await page.waitForURL('**/user/royalties');

    // Everything matching the filter is a label's action: without a label, no call is made.
    await page.getByTestId('royalties-actions').locator('button').first().click();
    // Two groups of the same four actions: the selected lines' first, then all matching lines'.
    await page.getByRole('menuitem', { name: 'Mark as paid', exact: true }).last().click();
    await expect.poll(() => page.getByTestId('notification-message').textContent()).toBe('No Label Selected');

    await choose('royalties-filter-retailer', shop);
    await expect.poll(() => page.locator('[data-testid="royalties-table"] tbody tr').count()).toBe(1);
    // A cached answer may show first while the list revalidates ("Refreshing…").
    await expect.poll(() => page.getByTestId('royalties-table').textContent()).toContain('Merch Table (Signed)');
    await page.locator('[data-testid="royalties-table"] tbody tr input[type=checkbox]').first().check();
    await page.getByTestId('royalties-actions').locator('button').first().click();
    await page.getByRole('menuitem', { name: 'Mark as paid', exact: true }).first().click();
    await page.getByTestId('royalties-action-confirm').click();
    // The badges stand one under another: paid, not unpaid, then the artist's, each in words with a capital as every
    // status badge reads ("Unpaid" holds no capital "Paid").
    await expect.poll(() => page.getByTestId('royalties-table').textContent()).toMatch(/Paid\s*Artist unpaid/);
    // The edited line: the new title, the emptied territory.
    await page.locator('[data-testid="royalties-table"] tbody tr a').first().click();
    await page.waitForURL(/\/user\/royalties\/[^/]+\/edit$/);
    await expect
      .poll(() => page.getByTestId('royalty-field-song').locator('input').inputValue())
      .toBe('Merch Table (Signed)');
    expect(await page.getByTestId('royalty-field-territory').locator('input').inputValue()).toBe('');
    expect(errors).toEqual([]);
  }, 90_000);
});
