import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { formatMoney } from '../../shared/money.js';
import { cloudUrl } from '../support/api.js';
import { launchChromium, screenshotIfAsked, signedInManagerPage, watchErrors } from '../support/browser.js';
import { ownCompany, type OwnCompany } from '../support/own-company.js';
import { importReport } from '../support/payee-earnings.js';
import { until } from '../support/wait.js';

/**
 * What a share means, in the browser: a recording's form says in words what its artist's share
 * pays and what the label keeps, live as the share is typed, and states a total the server refuses;
 * a previewed run says what the payees are owed and what the label keeps of its share.
 */
const stamp = Date.now();
const isrc = `GBSH${String(stamp).slice(-8)}`;
let own: OwnCompany;
let browser: Browser;
let page: Page;
let errors: string[];
let recordingId: string;
let runId: string;

beforeAll(async () => {
  own = await ownCompany('Share words journey');
  const artist = await own.api.post('/artists', { name: `Share Artist ${stamp}` });
  expect(artist.status).toBe(201);
  const recording = await own.api.post('/recordings', {
    title: `Share Track ${stamp}`,
    isrc,
    artist_recordings_attributes: [{ artist_id: artist.body.artist.id, payee_share: 60 }],
  });
  expect(recording.status).toBe(201);
  recordingId = recording.body.recording.id;
  await importReport(own.api, `share-words-journey-${stamp}`, [
    'Store,Period,ISRC,Artist,Units,Net,Currency',
    `Spotify,2026-02,${isrc},Share Artist,10,3.335,GBP`,
    `Apple,2026-02,${isrc},Share Artist,4,2.10,GBP`,
  ]);
  const created = await own.api.post('/statements/create_statement_run', {
    kind: 'payee',
    start_pay_period: '2026-02',
    end_pay_period: '2026-02',
  });
  expect(created.status).toBe(201);
  runId = created.body.statement_run.id;
  browser = await launchChromium();
  ({ page } = await signedInManagerPage(browser, cloudUrl(), own.manager, { id: own.companyId, name: own.name }));
  errors = watchErrors(page);
}, 180_000);

afterAll(async () => {
  await browser?.close();
});

const text = (testId: string) => page.getByTestId(testId).innerText();

describe('share words', () => {
  it("says on the recording's form what the artist's share pays, live, and a total the server refuses", async () => {
    await page.goto(`${cloudUrl()}/user/recordings/${recordingId}/edit`);
    const words = 'ref-rows-artist_recordings-words';
    await page.getByTestId(words).waitFor({ timeout: 30_000 });
    expect(await text(words)).toContain(
      "The artist receives 60% of the label's share of digital income; the label keeps 40%.",
    );
    await page.getByTestId('ref-rows-artist_recordings-payee_share-0').fill('33.33');
    await expect
      .poll(() => text(words))
      .toContain("The artist receives 33.33% of the label's share of digital income; the label keeps 66.67%.");
    expect(await text(words)).toContain(
      "The artist receives 0% of the label's share of physical income; the label keeps 100%.",
    );
    await page.getByTestId('ref-rows-artist_recordings-physical_royalty_share-0').fill('50');
    await expect
      .poll(() => text('ref-rows-artist_recordings-words-0'))
      .toBe(
        "Pays this artist 33.33% of the label's share of digital income, 16.665% of physical income and 0% of licensing income.",
      );
    await screenshotIfAsked(page, '/tmp/share-words-recording.png', true);

    // A second artist splits the shares equally; 70 + 50 is more than the server accepts.
    await page.getByTestId('ref-rows-artist_recordings-add').click();
    await expect
      .poll(() => text(words))
      .toContain("Artists receive 100% of the label's share of digital income; the label keeps 0%.");
    await page.getByTestId('ref-rows-artist_recordings-payee_share-0').fill('70');
    await expect
      .poll(() => text('ref-rows-artist_recordings-problem'))
      .toContain("Payee share total must be under 100: the artists' payee shares add up to 120%");
    expect(await page.getByTestId(words).count()).toBe(0);
  }, 90_000);

  it('says in a previewed run what the payees are owed and what the label keeps of its share', async () => {
    const run = await until(async () => {
      const shown = (await own.api.get(`/statement_runs/${runId}`)).body.statement_run;
      return shown.status === 'previewing' ? undefined : shown;
    }, 60_000);
    expect(run.status).toBe('preview_ready');
    const { totals } = run.preview;
    await page.goto(`${cloudUrl()}/user/finances/statement_run?run=${runId}`);
    await page.getByTestId('run-label-share-words').waitFor({ timeout: 30_000 });
    // 5.435 × 60 % = 3.261 and 2.174: to the cent 3.26 + 2.17 ≠ 5.44, so what the label keeps is shown as the
    // rest, 2.18, as the company's finances show it for the same months.
    expect([totals.label_payable, totals.allocated, totals.retained]).toEqual(['5.435000', '3.261000', '2.174000']);
    expect(await text('run-retained')).toBe('£2.18');
    expect(await text('run-owed-to-payees')).toBe('£3.26');
    expect(await text('run-label-share-words')).toBe(
      "Of the label's share of this period's income, £5.44, the payees are owed £3.26, the label keeps £2.18 and no one is entitled to £0.00.",
    );
    const finances = (await own.api.get('/company/finances?start_date=2026-02-01&end_date=2026-02-28')).body.finances;
    expect(finances.totals).toMatchObject({ label_share: '5.44', artist_share: '3.26', retained: '2.18' });
    // 40 % of the label's share is the label's.
    expect(Number(totals.retained)).toBeGreaterThan(0);
    expect(await text('run-label-share-statements')).toContain(
      `The statements below state ${formatMoney(totals.payees.stated, 'GBP')} of it to the cent`,
    );
    await screenshotIfAsked(page, '/tmp/share-words-run.png', true);
    expect(errors).toEqual([]);
  }, 90_000);
});
