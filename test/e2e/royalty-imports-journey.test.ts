import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { call, cloudUrl, demo } from '../support/api.js';
import { JOURNEY, openManagerSession, signedInManagerPage, screenshotIfAsked } from '../support/browser.js';

/**
 * Royalty imports in Chromium: a report with a line it cannot read and an ISRC the catalogue
 * lacks (control totals, rejected and unmatched lines, assigning the ISRC), the same file again
 * (the duplicate banner, "Import anyway"), and a report in USD without a USD → GBP rate (the
 * missing rate, adding it on the exchange-rates page, applying it, the total in GBP).
 */
let browser: Browser;
let page: Page;
let errors: string[];
let token: string;
let company: { id: string; name: string };
let dir: string;
const stamp = Date.now();
const gbpMap = `E2E Imports ${stamp}`;
const usdMap = `E2E Dollar Distribution ${stamp}`;
const unknownIsrc = `ZZE2E${String(stamp).slice(-7)}`;
const bareSong = `Bare Song ${stamp}`;
let gbpReport: string;
let usdReport: string;
let firstImport: string;

const COLUMNS = {
  pay_period: 'Period',
  isrc: 'ISRC',
  song: 'Song',
  artist: 'Artist',
  quantity: 'Quantity',
  subtotal_payable: 'Net',
  subtotal_payable_currency: 'Currency',
  retailer: 'Store',
};

/** Uploads a report through a map on the bulk import page and waits for its import to reach `state`; returns the import's id. */
async function upload(mapName: string, file: string, state: string): Promise<string> {
  await page.goto(`${cloudUrl()}/user/royalties/bulk_import`);
  await page.getByTestId('bulk-import-map').locator('button').first().click();
  await page.getByRole('option', { name: mapName, exact: true }).first().click();
  await page.locator('[data-testid="bulk-import-files"] input[type=file]').setInputFiles(file);
  await page.getByTestId('bulk-import-upload').click();
  await expect.poll(() => page.getByTestId('notification-message').textContent()).toBe('1 of 1 report uploaded');
  await expect
    .poll(() => page.getByTestId('bulk-import-row-0').getAttribute('data-state'), { timeout: 60_000 })
    .toBe(state);
  await page.getByTestId('bulk-import-row-0-link').click();
  await page.waitForURL(/\/user\/royalties\/imports\/[^/]+$/);
  return decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
}

const text = (testId: string) => page.getByTestId(testId).textContent();

beforeAll(async () => {
  // A manager and company of this file's own, with the two recordings the reports name.
  ({ browser, page, errors, token, company } = await openManagerSession('Royalty imports journey'));
  for (const [title, isrc] of [
    ['Northern Light', 'GBNLR2600001'],
    ['Harbour Lights', 'GBNLR2600002'],
  ]) {
    const made = await call('POST', '/api/v1/recordings', { token, company: company.id, body: { title, isrc } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
  }
  for (const name of [gbpMap, usdMap]) {
    const saved = await call('POST', '/api/v1/royalty_maps', {
      token,
      company: company.id,
      body: { name, map: { columns: COLUMNS } },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
  }
  dir = mkdtempSync(path.join(os.tmpdir(), 'royalty-imports-e2e-'));
  const header = 'Period,ISRC,Song,Artist,Quantity,Net,Currency,Store';
  gbpReport = path.join(dir, `imports-${stamp}.csv`);
  writeFileSync(
    gbpReport,
    `${[
      header,
      `2026-04,GB-NLR-26-00001,Northern Light,Aurora Vale,3,1.50,GBP,E2E Store ${stamp}`,
      `2026-04,${unknownIsrc},Unknown Song ${stamp},Aurora Vale,2,2.25,GBP,E2E Store ${stamp}`,
      `2026-04,GB-NLR-26-00002,Harbour Lights,Aurora Vale,1,n/a,GBP,E2E Store ${stamp}`,
      // A line the store sent without an ISRC: only a person can say which recording it is.
      `2026-04,,${bareSong},Aurora Vale,1,0.75,GBP,E2E Store ${stamp}`,
    ].join('\n')}\n`,
  );
  usdReport = path.join(dir, `dollars-${stamp}.csv`);
  writeFileSync(
    usdReport,
    `${[
      header,
      `2026-04,GB-NLR-26-00001,Northern Light,Aurora Vale,4,10.00,USD,E2E US Store ${stamp}`,
      `2026-04,GB-NLR-26-00002,Harbour Lights,Aurora Vale,2,5.00,USD,E2E US Store ${stamp}`,
    ].join('\n')}\n`,
  );
});

afterAll(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('royalty imports in the browser', JOURNEY, () => {
  it('shows the control totals, the rejected line and the unmatched ISRC, and assigns it to a recording', async () => {
    firstImport = await upload(gbpMap, gbpReport, 'done');
    await expect.poll(() => text('import-totals-equation')).toBe('4 read = 3 stored + 1 rejected + 0 skipped');
    const rejected = page.locator('[data-testid="import-rejected"] tbody tr');
    expect(await rejected.count()).toBe(1);
    // The header is line 1, so the third report line is line 4.
    expect(await rejected.first().locator('td').first().textContent()).toBe('4');
    expect(await rejected.first().textContent()).toMatch(/n\/a|amount|net/i);
    // 1.50 + 2.25 + 0.75 stored, the refused line's amount unreadable: money in the report's currency.
    expect(await text('import-amount-stored')).toBe('£4.50');
    expect(await text('import-amount-read')).toBe('£4.50');
    await expect.poll(() => text('import-unmatched')).toContain(unknownIsrc);
    await page.evaluate(() => window.scrollTo(0, 0));
    // The payment date's note sits under the day on a wide screen too, never run into it.
    const viewport = page.viewportSize();
    await page.setViewportSize({ width: 1900, height: 1000 });
    // Measured once the page has laid its columns out for the new width (Cloudscape does so after a resize, not at once).
    const noteBelowDay = async () => {
      const dayBox = await page.getByTestId('royalty-import-payment-date').boundingBox();
      const noteBox = await page.getByTestId('royalty-import-payment-date-note').boundingBox();
      return (noteBox?.y ?? 0) - ((dayBox?.y ?? 0) + (dayBox?.height ?? 0) - 1);
    };
    await expect.poll(noteBelowDay).toBeGreaterThanOrEqual(0);
    if (viewport) await page.setViewportSize(viewport);
    await screenshotIfAsked(page, '/tmp/royalty-import-detail.png', true);

    const row = page.locator('[data-testid="import-unmatched"] tbody tr').filter({ hasText: unknownIsrc });
    await row.getByRole('button', { name: 'Assign' }).click();
    await page.getByTestId('assign-record').locator('button').first().click();
    await page
      .getByRole('option', { name: /Harbour Lights/ })
      .first()
      .click();
    await page.getByTestId('assign-confirm').click();
    await expect.poll(() => page.getByTestId('notification-message').textContent()).toMatch(/Match Assigned|assigned/);
    // The import is re-matched in the background; once it has finished the page says so and reads the list again.
    await expect
      .poll(() => page.getByTestId('notification-message').textContent(), { timeout: 60_000 })
      .toBe('Match Assigned');
    await expect.poll(() => text('import-unmatched')).not.toContain(unknownIsrc);
    await expect.poll(() => text('import-unmatched-count')).toBe('1');

    // The line without an ISRC is assigned straight to a recording, and leaves the list.
    const bare = page.locator('[data-testid="import-unmatched"] tbody tr').filter({ hasText: bareSong });
    await bare.getByRole('button', { name: 'Assign' }).click();
    await expect.poll(() => text('assign-named-lines')).toContain('has no ISRC, UPC or catalogue number');
    await page.getByTestId('assign-record').locator('button').first().click();
    await page
      .getByRole('option', { name: /Northern Light/ })
      .first()
      .click();
    await screenshotIfAsked(page, '/tmp/royalty-import-assign-bare.png', true);
    await page.getByTestId('assign-confirm').click();
    await expect
      .poll(() => page.getByTestId('notification-message').textContent())
      .toBe('1 line assigned to Northern Light');
    await expect.poll(() => text('import-unmatched')).not.toContain(bareSong);
    await expect.poll(() => text('import-unmatched-count')).toBe('0');
    await expect.poll(() => text('import-matched-count')).toBe('3');
    expect(errors).toEqual([]);
  }, 120_000);

  it('flags the same file again as a duplicate and imports it on "Import anyway"', async () => {
    const again = await upload(gbpMap, gbpReport, 'duplicate');
    expect(again).not.toBe(firstImport);
    await page.getByTestId('import-duplicate').waitFor();
    expect(await text('import-duplicate')).toContain('imported before');
    await page.getByTestId('import-confirm').click();
    await expect.poll(() => text('royalty-import-status'), { timeout: 60_000 }).toBe('Done');
    await expect.poll(() => text('import-totals-equation')).toBe('4 read = 3 stored + 1 rejected + 0 skipped');
    expect(await page.getByTestId('import-duplicate').count()).toBe(0);
    expect(errors).toEqual([]);
  }, 120_000);

  it('shows a missing USD → GBP rate, takes it on the exchange-rates page and converts the import into GBP', async () => {
    const usdImport = await upload(usdMap, usdReport, 'done');
    await expect.poll(() => text('import-missing-rates')).toContain(`${usdMap} · USD → GBP: 2 lines`);
    expect(await text('import-amount')).toBe('£0.00');
    // The report's own amounts are money in its currency, not bare numbers.
    expect(await text('import-amount-read')).toBe('$15.00');
    expect(await text('import-amount-stored')).toBe('$15.00');
    expect(await text('import-amount-rejected')).toBe('$0.00');
    // The note on the total sits on its own line under it, not run into the amount ("£0.00Lines without…").
    const amountBox = await page.getByTestId('import-amount').boundingBox();
    const noteBox = await page.getByTestId('import-amount-left-out').boundingBox();
    expect(noteBox?.y ?? 0).toBeGreaterThanOrEqual((amountBox?.y ?? 0) + (amountBox?.height ?? 0) - 1);
    await screenshotIfAsked(page, '/tmp/royalty-import-missing-rate.png', true);

    await page.getByTestId('import-missing-rate-0-add').click();
    await page.waitForURL(/\/user\/royalties\/exchange_rates\?/);
    const field = (name: string) => page.getByTestId(`rate-field-${name}`).locator('input').first();
    expect(await field('distributor').inputValue()).toBe(usdMap);
    expect(await field('original_currency').inputValue()).toBe('USD');
    expect(await field('target_currency').inputValue()).toBe('GBP');
    // A rate with 7 places is refused on the field before any call.
    await field('rate').fill('0.8000001');
    await page.getByTestId('rate-submit').click();
    await expect.poll(() => text('rate-field-rate')).toContain('at most 6 decimal places');
    await field('rate').fill('0.8');
    await page.getByTestId('rate-submit').click();
    await expect.poll(() => page.getByTestId('notification-message').textContent()).toBe('Exchange Rate Added');
    await expect.poll(() => text('rates-table')).toContain(usdMap);
    expect(await text('rates-table')).toContain('USD → GBP');
    await screenshotIfAsked(page, '/tmp/royalty-exchange-rates.png', true);

    await page.getByTestId('rates-apply').click();
    await expect
      .poll(() => page.getByTestId('notification-message').textContent(), { timeout: 60_000 })
      .toMatch(/^Exchange Rates Updated: \d+ imports?, \d+ lines? re-converted/);
    await page.getByTestId('rates-back-to-import').click();
    await page.waitForURL(`**/user/royalties/imports/${usdImport}`);
    await expect.poll(() => text('import-amount')).toBe('£12.00');
    expect(await page.getByTestId('import-missing-rates').count()).toBe(0);
    expect(errors).toEqual([]);
  }, 120_000);

  it('says why a re-match stopped, and re-matches the import again from there', async () => {
    // A re-match of the first import that stopped on the queue's last attempt, as its worker records it.
    Object.assign(process.env, inject('cloudEnv'));
    const { queueImportJob, startImportJob, finishImportJob } = await import(
      '../../functions/data/access/royalty-import-jobs.js'
    );
    const claim = `stopped-${stamp}`;
    expect(await queueImportJob(company.id, firstImport, { token: claim, kind: 'rematch' })).toBe(true);
    expect(await startImportJob(company.id, firstImport, claim, new Date().toISOString())).toBe(true);
    const reason =
      'The re-match failed 3 times on our side, not because of the file, and was stopped. Re-match the import again; if it stops again, contact support.';
    expect(await finishImportJob(company.id, firstImport, claim, { error: reason })).toBe(true);
    await page.goto(`${cloudUrl()}/user/royalties/imports/${firstImport}`);
    await expect.poll(() => text('royalty-import-job-failed')).toContain(reason);
    await page.getByTestId('royalty-import-rematch').click();
    await expect
      .poll(() => page.getByTestId('notification-message').textContent(), { timeout: 60_000 })
      .toBe('Import Re-matched');
    await expect.poll(() => page.getByTestId('royalty-import-job-failed').count()).toBe(0);
    expect(await text('import-totals-equation')).toBe('4 read = 3 stored + 1 rejected + 0 skipped');
    expect(errors).toEqual([]);
  }, 120_000);

  it('deletes a rate after a confirmation, and the API answers a bad rate per field', async () => {
    const bad = await call('POST', '/api/v1/exchange_rates', {
      token,
      company: company.id,
      body: {
        distributor: 'E2E',
        payment_date: '2026-01-01',
        original_currency: 'USD',
        target_currency: 'GBP',
        rate: '1.1234567',
      },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors ?? {})).toEqual(['rate']);

    await page.goto(`${cloudUrl()}/user/royalties`);
    await page.getByTestId('royalties-exchange-rates').click();
    await page.waitForURL('**/user/royalties/exchange_rates');
    const throwaway = `E2E Throwaway ${stamp}`;
    await page.getByTestId('rate-field-distributor').locator('input').first().fill(throwaway);
    await page.getByTestId('rate-field-original_currency').locator('input').first().fill('EUR');
    await page.getByTestId('rate-field-rate').locator('input').first().fill('0.85');
    await page.getByTestId('rate-submit').click();
    await expect.poll(() => text('rates-table')).toContain(throwaway);
    await page
      .locator('[data-testid="rates-table"] tbody tr')
      .filter({ hasText: throwaway })
      .locator('[data-testid^="rate-delete-"]')
      .click();
    // The confirmation names the rate with its day as the pages write days, not the stored 2026-12-07.
    const asked = await page.getByRole('dialog').filter({ hasText: throwaway }).innerText();
    expect(asked).toMatch(/EUR → GBP · \d{1,2}(st|nd|rd|th) \w{3} \d{4} · 0\.85/);
    await page.getByTestId('delete-confirm').click();
    await expect.poll(() => page.getByTestId('notification-message').textContent()).toBe('Exchange Rate Deleted');
    await page.getByTestId('delete-cancel').click();
    await expect.poll(() => text('rates-table')).not.toContain(throwaway);
    expect(errors).toEqual([]);
  }, 60_000);

  it('imports a large gzipped report in parts and reads its totals and sums', async () => {
    // 9,000 lines (~600 KB of text): more than two parts of the tests' 256 KB (global-setup.ts).
    const store = `E2E Big Store ${stamp}`;
    const lines = Array.from(
      { length: 9000 },
      (_, i) => `2026-0${1 + (i % 3)},GB-NLR-26-00001,Northern Light,Aurora Vale,1,0.010000,GBP,${store}`,
    );
    const big = path.join(dir, `big-${stamp}.csv.gz`);
    writeFileSync(big, gzipSync(`Period,ISRC,Song,Artist,Quantity,Net,Currency,Store\n${lines.join('\n')}\n`));
    await upload(gbpMap, big, 'done');
    await expect.poll(() => text('import-totals-equation')).toBe('9,000 read = 9,000 stored + 0 rejected + 0 skipped');
    expect(await text('royalty-import-parts')).toMatch(/^Imported in [3-9] parts side by side$/);
    // The note sits on its own line under the size, not run into it ("3.78 kBImported in…").
    const sizeBox = await page.getByTestId('royalty-import-size').boundingBox();
    const partsBox = await page.getByTestId('royalty-import-parts').boundingBox();
    expect(partsBox?.y ?? 0).toBeGreaterThanOrEqual((sizeBox?.y ?? 0) + (sizeBox?.height ?? 0) - 1);
    await screenshotIfAsked(page, '/tmp/royalty-import-parts.png', true);
    await page.getByTestId('royalty-import-lines').click();
    await expect.poll(() => text('royalties-count'), { timeout: 30_000 }).toBe('9000');
    expect(errors).toEqual([]);
  }, 120_000);

  it('shows the same pages to an admin in the distribution area, in the current company', async () => {
    const admin = await signedInManagerPage(
      browser,
      cloudUrl(),
      demo.admin,
      company,
      `/distribution/finances/royalties/import/${firstImport}`,
    );
    try {
      await expect
        .poll(() => admin.page.getByTestId('import-totals-equation').textContent())
        .toBe('4 read = 3 stored + 1 rejected + 0 skipped');
      await admin.page.getByRole('link', { name: 'Back to the imports' }).click();
      await admin.page.waitForURL('**/distribution/finances/royalties/imports');
      await expect
        .poll(() => admin.page.getByTestId('royalty-imports-table').textContent())
        .toContain(`imports-${stamp}.csv`);
      await admin.page.getByTestId('royalties-maps').click();
      await admin.page.waitForURL('**/distribution/royalty_maps');
      await admin.page.getByTestId('map-name').waitFor();
      await admin.page.goto(`${cloudUrl()}/distribution/finances/royalties/bulk_actions`);
      await expect.poll(() => admin.page.getByTestId('royalties-count').textContent()).not.toBe('…');
      expect(admin.errors).toEqual([]);
    } finally {
      await admin.page.close();
    }
  }, 60_000);

  it('assigns a match by identifier while a re-match runs, which runs once more to take it in', async () => {
    const lateIsrc = `ZZL8E${String(stamp).slice(-7)}`;
    const lateBare = `Late Bare Song ${stamp}`;
    const late = path.join(dir, `late-${stamp}.csv`);
    writeFileSync(
      late,
      `${[
        'Period,ISRC,Song,Artist,Quantity,Net,Currency,Store',
        `2026-04,${lateIsrc},Late Song ${stamp},Aurora Vale,1,1.00,GBP,E2E Store ${stamp}`,
        `2026-04,,${lateBare},Aurora Vale,1,0.50,GBP,E2E Store ${stamp}`,
      ].join('\n')}\n`,
    );
    const lateImport = await upload(gbpMap, late, 'done');
    // A re-match running, as its worker marks it (queued here without a message: no worker of the cloud takes it).
    Object.assign(process.env, inject('cloudEnv'));
    const { queueImportJob, startImportJob } = await import('../../functions/data/access/royalty-import-jobs.js');
    const { runImportJob } = await import('../../functions/royalties/import/rematch-job.js');
    const claim = `running-${stamp}`;
    expect(await queueImportJob(company.id, lateImport, { token: claim, kind: 'rematch' })).toBe(true);
    expect(await startImportJob(company.id, lateImport, claim, new Date().toISOString())).toBe(true);
    await page.reload();
    await expect
      .poll(() => text('import-unmatched-rematching'))
      .toContain('the re-match runs once more when it finishes');
    const row = page.locator('[data-testid="import-unmatched"] tbody tr').filter({ hasText: lateIsrc });
    const bare = page.locator('[data-testid="import-unmatched"] tbody tr').filter({ hasText: lateBare });
    // A line without an identifier is assigned by its names over the lines the re-match rewrites: it waits.
    expect(await bare.getByRole('button', { name: 'Assign' }).isDisabled()).toBe(true);
    await screenshotIfAsked(page, '/tmp/royalty-import-assign-while-rematching.png', true);
    await row.getByRole('button', { name: 'Assign' }).click();
    await page.getByTestId('assign-record').locator('button').first().click();
    await page
      .getByRole('option', { name: /Harbour Lights/ })
      .first()
      .click();
    await page.getByTestId('assign-confirm').click();
    await expect
      .poll(() => page.getByTestId('notification-message').textContent())
      .toBe('Match Assigned: the re-match under way runs once more to take it in');
    // The running re-match ends (it read the rules before the assignment): it runs once more, as the assignment.
    const { getDb } = await import('../../functions/data/service.js');
    await getDb()
      .entities.RoyaltyImport.patch({ tenantId: company.id, id: lateImport })
      .set({ job_status: 'queued' })
      .go();
    expect(await runImportJob({ tenantId: company.id, importId: lateImport, token: claim })).toBe('again');
    await expect
      .poll(() => page.getByTestId('notification-message').textContent(), { timeout: 60_000 })
      .toBe('Match Assigned');
    await expect.poll(() => text('import-unmatched')).not.toContain(lateIsrc);
    await expect.poll(() => page.getByTestId('import-unmatched-rematching').count()).toBe(0);
    expect(await bare.getByRole('button', { name: 'Assign' }).isDisabled()).toBe(false);
    expect(errors).toEqual([]);
  }, 120_000);
});
