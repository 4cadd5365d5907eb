import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { call, cloudUrl, demo } from '../support/api.js';
import {
  launchChromium,
  signedInAdminPage,
  signedInManagerPage,
  screenshotIfAsked,
  JOURNEY,
} from '../support/browser.js';
import { financeFixture } from '../support/finance-fixture.js';
import { ownLabelManager } from '../support/own-company.js';
import { formatMoney } from '../../shared/money.js';
import { defaultPeriod } from '../../shared/period-picker.js';
import type { AccountFinances, UserDashboard } from '../../shared/schemas/finance-views.js';
import { previewedRun, publishedRun } from '../support/statement-run.js';
import { labelShareWords } from '../../web/src/pages/money/statements/label-share-words.js';
import Big from 'big.js';

/**
 * Finances in Chromium, on a quarter imported into a company of this file's own: the user
 * dashboard draws its charts from real figures, a pie slice and a figure each open the
 * royalties list filtered to the lines behind them, and a label's accounting shows its table.
 * Screenshots go to /tmp/shots for a person to look at.
 */
let browser: Browser;
let page: Page;
let errors: string[];
let company: { id: string; name: string };
let token: string;
let dashboard: UserDashboard;
/** The company's calls as its label manager, and the quarter's second recording and its payee. */
let companyApi: Awaited<ReturnType<typeof financeFixture>>['api'];
let second: { id: string; payeeId: string };
const SHOTS = '/tmp/shots';

/** A pie's segments: Cloudscape draws each as a group with the button role, labelled "title (value)". */
const segments = (testId: string) => page.locator(`[data-testid="${testId}"] svg g[role="button"]`);

/** A point inside an SVG shape, in page coordinates: the first of a grid over its box that is in its fill. */
function insideShape(path: SVGGeometryElement): { x: number; y: number } {
  const box = path.getBBox();
  const matrix = path.getScreenCTM();
  for (let i = 1; i < 20; i += 1)
    for (let j = 1; j < 20; j += 1) {
      const local = new DOMPoint(box.x + (box.width * i) / 20, box.y + (box.height * j) / 20);
      if (matrix && path.isPointInFill(local)) {
        const screen = local.matrixTransform(matrix);
        return { x: screen.x, y: screen.y };
      }
    }
  throw new Error('no point inside the shape');
}

const api = <T>(path: string) => call<T>('GET', `/api/v1${path}`, { token, company: company.id });

/** The quarter's stores, each with its own revenue (so the largest are known), all in the default period. */
const STORES = ['Spotify', 'Apple Music', 'Amazon Music', 'Deezer', 'YouTube Music'];
/**
 * Three months ending two months before now: inside the default period (the 12 months to the end of last month)
 * whenever the file runs, and still inside it should the run cross into the next month. Fixed months would leave it.
 */
const NOW = new Date();
const QUARTER = [4, 3, 2].map((back) =>
  new Date(Date.UTC(NOW.getUTCFullYear(), NOW.getUTCMonth() - back, 1)).toISOString().slice(0, 7),
);
const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** "2026-07" → "Jul 2026", as the accounting table names a pay period. */
const monthName = (period: string) => `${MONTH_NAMES[Number(period.slice(5)) - 1]} ${period.slice(0, 4)}`;

/**
 * A distributed company of this file's own with a label, a release of two recordings, the payee
 * "Aurora Vale" paid on both, a quarter's report over five stores imported, and the payee's
 * statement for the quarter published (unpaid, so it is owed).
 */
async function ownQuarter() {
  const manager = await ownLabelManager('Finances journey');
  const stamp = Date.now();
  const isrc = (n: number) => `QF${String(stamp).slice(-3)}${String(n).padStart(7, '0')}`;
  const payeeId = `PAY-FJ-${stamp}`;
  const recordings = [1, 2].map((n) => ({ id: `REC-FJ-${stamp}-${n}`, title: `Finances track ${n}`, isrc: isrc(n) }));
  const lines = QUARTER.flatMap((period, p) =>
    recordings.flatMap((recording, r) =>
      STORES.map(
        (store, s) => `${recording.isrc},${(10 * (STORES.length - s) + p + r).toFixed(2)},GBP,${period},${store},GB`,
      ),
    ),
  );
  second = { id: recordings[1].id, payeeId };
  const { api: as } = await financeFixture({
    manager,
    source: { id: `SRC-FJ-${stamp}`, name: 'Finances journey store' },
    label: { labelId: `LAB-FJ-${stamp}`, name: `Finances Label ${stamp}` },
    release: { id: `REL-FJ-${stamp}`, title: 'Finances Release', recordings: recordings.map((r) => r.id) },
    catalogue: async (db, tenantId) => {
      await db.Payee.put({ tenantId, id: payeeId, name: 'Aurora Vale' }).go();
      for (const recording of recordings)
        await db.Recording.put({ tenantId, ...recording, recording_payees: [{ payee_id: payeeId, split: 100 }] }).go();
    },
    report: { name: 'finances-journey', lines },
  });
  companyApi = as;
  await publishedRun(as, {
    kind: 'payee',
    start_pay_period: QUARTER[0],
    end_pay_period: QUARTER[2],
    accounts: [{ type: 'Payee', id: payeeId }],
  });
  return manager;
}

beforeAll(async () => {
  const manager = await ownQuarter();
  company = manager.distributed;
  token = manager.token;
  browser = await launchChromium();
  ({ page, errors } = await signedInManagerPage(browser, cloudUrl(), manager, company));
  mkdirSync(SHOTS, { recursive: true });
  const { start, end } = defaultPeriod();
  const answer = await api<{ user_dashboard: UserDashboard }>(
    `/user_dashboard?company_id=${company.id}&start_date=${start}&end_date=${end}`,
  );
  expect(answer.status).toBe(200);
  dashboard = answer.body.user_dashboard;
}, 180_000);

afterAll(async () => {
  await browser?.close();
});

describe('finances in the browser', JOURNEY, () => {
  it('shows the user dashboard with charts of the real figures', async () => {
    const gbp = (v: string) => formatMoney(v, dashboard.finances.currency);
    expect(Number(dashboard.finances.totals.revenue)).toBeGreaterThan(0);
    await page.goto(`${cloudUrl()}/user`);
    await expect
      .poll(() => page.getByTestId('dashboard-revenue').textContent())
      .toBe(gbp(dashboard.finances.totals.revenue));
    expect(await page.getByTestId('dashboard-label-share').textContent()).toBe(
      gbp(dashboard.finances.totals.label_share),
    );
    // The period picker says the default range: 12 months to the end of last month.
    expect(await page.getByTestId('dashboard-period').getAttribute('data-period')).toBe('default');
    // A chart by pay period over the 12 months, and pies by store and territory with a segment per slice.
    const byPeriod = page.getByTestId('dashboard-by-period');
    expect(await byPeriod.getAttribute('data-periods')).toBe('12');
    await expect.poll(() => byPeriod.locator('svg').count()).toBeGreaterThan(0);
    const stores = dashboard.finances.by_store.filter((s) => Number(s.revenue) > 0).length;
    expect(stores).toBeGreaterThanOrEqual(4);
    expect(await page.getByTestId('dashboard-by-store').getAttribute('data-segments')).toBe(String(stores));
    await expect.poll(() => segments('dashboard-by-store').count()).toBe(stores);
    await expect.poll(() => segments('dashboard-by-territory').count()).toBeGreaterThan(0);
    // The store pie names the largest stores the API answered.
    const storeText = await page.getByTestId('dashboard-by-store').textContent();
    const largest = dashboard.finances.by_store.filter((s) => s.key !== null).slice(0, 3);
    expect(largest.length).toBeGreaterThan(0);
    for (const store of largest) expect(storeText).toContain(store.name);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshotIfAsked(page, `${SHOTS}/dashboard.png`, true);
    expect(errors).toEqual([]);
  });

  it('opens the royalties of a store when its pie slice is clicked', async () => {
    const top = dashboard.finances.by_store[0];
    // The mouse goes down on a point inside the slice's own shape (a donut slice's box centre may be the hole).
    const segment = page.locator(
      `[data-testid="dashboard-by-store"] svg g[role="button"][aria-label^="${top.name} ("]`,
    );
    await segment.scrollIntoViewIfNeeded();
    const point = await segment.locator('path').first().evaluate(insideShape);
    await page.mouse.click(point.x, point.y);
    const drill = page.getByTestId('dashboard-by-store-drill');
    await expect.poll(() => drill.textContent()).toBe(`Show the royalties of ${top.name}`);
    await drill.click();
    await page.waitForURL('**/user/royalties?**');
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toEqual(Object.fromEntries(new URLSearchParams(top.royalties_query)));
    // The list applies the slice's filters: its store, its dates, and counts its lines.
    await expect.poll(() => page.getByTestId('royalties-count').textContent()).toBe(String(top.lines));
    expect(await page.getByTestId('royalties-total').textContent()).toBe(formatMoney(top.revenue, 'GBP'));
    expect(await page.getByTestId('royalties-filter-retailer').textContent()).toContain(top.name);
    expect(errors).toEqual([]);
  });

  it('opens the royalties behind a figure, and shows the finances page with the same figures', async () => {
    await page.goto(`${cloudUrl()}/user/finances`);
    const revenue = page.getByTestId('finances-revenue');
    await expect.poll(() => revenue.textContent()).toBe(formatMoney(dashboard.finances.totals.revenue, 'GBP'));
    await expect.poll(() => page.getByTestId('finances-by-store').getAttribute('data-segments')).not.toBe('0');
    // The period in the figures' description is written in days as every page writes them, not as stored.
    const period = (await page.getByTestId('finances-figures').textContent()) ?? '';
    expect(period).toMatch(/\d{1,2}(st|nd|rd|th) [A-Z][a-z]{2} \d{4} to \d{1,2}(st|nd|rd|th) [A-Z][a-z]{2} \d{4}/);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshotIfAsked(page, `${SHOTS}/finances.png`, true);
    await revenue.click();
    await page.waitForURL('**/user/royalties?**');
    await expect
      .poll(() => page.getByTestId('royalties-count').textContent())
      .toBe(String(dashboard.finances.totals.lines));
    expect(await page.getByTestId('royalties-total').textContent()).toBe(
      formatMoney(dashboard.finances.totals.revenue, 'GBP'),
    );
    expect(errors).toEqual([]);
  });

  it('shows a label’s accounting table by pay period', async () => {
    const labels = await api<{ labels: { id: string; name: string }[] }>('/labels?page=1&per_page=5');
    const label = labels.body.labels[0];
    const query = new URLSearchParams({ label_id: label.id, label_name: label.name });
    await page.goto(`${cloudUrl()}/user/labels/finances/royalties/reports?${query}`);
    const table = page.getByTestId('accounting-table');
    await expect.poll(() => table.locator('tbody tr').count()).toBeGreaterThan(1);
    // The quarter's periods are rows, and the last row is the total with the closing balance.
    const text = await table.textContent();
    for (const month of QUARTER.map(monthName)) expect(text).toContain(month);
    const last = table.locator('tbody tr').last();
    expect(await last.textContent()).toContain('Total');
    expect(await last.textContent()).toContain(await page.getByTestId('accounting-closing').textContent());
    // The aggregator's cut shares the revenue's cell and recouped the expenses' (so the table fits the page), in every
    // row including the total.
    const rowCount = await table.locator('tbody tr').count();
    expect(await table.getByTestId('accounting-aggregator_fee').count()).toBe(rowCount);
    expect(await table.getByTestId('accounting-recouped').count()).toBe(rowCount);
    expect(await table.getByTestId('accounting-recouped').last().textContent()).toMatch(/^-?£[\d,]+\.\d{2} recouped$/);
    await screenshotIfAsked(page, `${SHOTS}/label-accounting.png`, true);
    expect(errors).toEqual([]);
  });

  it('shows a payee’s earnings beside their account, from the same ledger', async () => {
    const payees = await api<{ payees: { id: string; name: string }[] }>('/payees?page=1&per_page=50');
    const payee = payees.body.payees.find((p) => p.name === 'Aurora Vale') ?? payees.body.payees[0];
    const { start, end } = defaultPeriod();
    const finances = await api<{ finances: AccountFinances }>(
      `/payees/${payee.id}/finances?start_date=${start}&end_date=${end}`,
    );
    expect(finances.status).toBe(200);
    await page.goto(`${cloudUrl()}/user/payees/${payee.id}/accounting`);
    await expect
      .poll(() => page.getByTestId('earnings-share').textContent())
      .toBe(formatMoney(finances.body.finances.totals.artist_share, 'GBP'));
    // What the payee's unpaid statements owe (the quarter published above) is shown as the API answers it.
    expect(Number(finances.body.finances.owed)).toBeGreaterThan(0);
    expect(await page.getByTestId('earnings-owed').textContent()).toBe(formatMoney(finances.body.finances.owed, 'GBP'));
    expect(await page.getByTestId('earnings-by-period').getAttribute('data-kind')).toBe('line');
    expect(await page.getByTestId('earnings-by-period').getAttribute('data-periods')).toBe('12');
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshotIfAsked(page, `${SHOTS}/payee-earnings.png`, true);
    // The payee's own page states the same balance, the account's figure as the API answers it (never re-added).
    const balance = (await api<{ balance: string }>(`/payees/${payee.id}/accounting`)).body.balance;
    expect(Number(balance)).toBeGreaterThan(0);
    await page.goto(`${cloudUrl()}/user/payees/${payee.id}`);
    await expect.poll(() => page.getByTestId('payee-balance').textContent()).toBe(formatMoney(balance, 'GBP'));
    await screenshotIfAsked(page, `${SHOTS}/payee-page-balance.png`, true);
    expect(errors).toEqual([]);
  });

  it('shows one payees-and-artists figure on the dashboard, the finances page, the royalties page and a run preview', async () => {
    // The terms change after the import: the payee now holds 40 % of the second recording, the label keeps the rest.
    // Written as the fixture writes the catalogue: straight to the table, then its list marked changed.
    const { getDb } = await import('../../functions/data/service.js');
    await getDb()
      .entities.Recording.patch({ tenantId: company.id, id: second.id })
      .set({ recording_payees: [{ payee_id: second.payeeId, split: 40 }] })
      .go();
    const { LISTS, listsChangedAfterWrite } = await import('../../functions/data/list-cache.js');
    await listsChangedAfterWrite([LISTS.tenantCollection('recordings', company.id)]);
    const { start, end } = defaultPeriod();
    const range = `start_date=${start}&end_date=${end}`;
    const totals = (await api<{ user_dashboard: UserDashboard }>(`/user_dashboard?${range}`)).body.user_dashboard
      .finances.totals;
    expect(Number(totals.retained)).toBeGreaterThan(0);
    const { previewed } = await previewedRun(companyApi, {
      kind: 'payee',
      start_pay_period: QUARTER[0],
      end_pay_period: QUARTER[2],
    });
    const run = previewed.preview.totals;
    expect(new Big(run.allocated).round(2, Big.roundHalfUp).toFixed(2)).toBe(totals.artist_share);
    const shown = formatMoney(totals.artist_share, 'GBP');
    await page.goto(`${cloudUrl()}/user`);
    await expect.poll(() => page.getByTestId('dashboard-artist-share').textContent()).toBe(shown);
    expect(await page.getByTestId('dashboard-retained').textContent()).toBe(formatMoney(totals.retained, 'GBP'));
    await page.goto(`${cloudUrl()}/user/finances`);
    await expect.poll(() => page.getByTestId('finances-artist-share').textContent()).toBe(shown);
    await page.goto(`${cloudUrl()}/user/royalties?${range}`);
    await expect.poll(() => page.getByTestId('royalties-artist-sum').textContent()).toBe(shown);
    await page.goto(`${cloudUrl()}/user/finances/statement_run?run=${previewed.id}`);
    await page.getByTestId('run-owed-to-payees').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('run-owed-to-payees').textContent()).toBe(labelShareWords(run, 'GBP').payees);
    expect(errors).toEqual([]);
  });

  it('shows the admin dashboard with the platform’s figures by company', async () => {
    const admin = await signedInAdminPage(browser, cloudUrl(), demo.admin, { path: '/admin' });
    const table = admin.page.getByTestId('platform-companies-table');
    // The platform dashboard brings every company changed since its last view up to date before it answers; in the
    // suite's cloud that is hundreds of companies (24 s seen), so it gets a minute.
    await expect.poll(() => table.textContent(), { timeout: 60_000 }).toContain(company.name);
    expect(Number(await admin.page.getByTestId('platform-companies').textContent())).toBeGreaterThanOrEqual(2);
    await screenshotIfAsked(admin.page, `${SHOTS}/admin-dashboard.png`, true);
    await admin.page.goto(`${cloudUrl()}/distribution`);
    await expect
      .poll(() => admin.page.getByTestId('platform-companies-table').textContent(), { timeout: 60_000 })
      .toContain(company.name);
    // Any company's label, from the distribution area: read in the label's company, which the page offers to work in.
    const labels = await api<{ labels: { id: string }[] }>('/labels?page=1&per_page=5');
    await admin.page.goto(`${cloudUrl()}/distribution/labels/${labels.body.labels[0].id}/accounting`);
    const rows = admin.page.locator('[data-testid="accounting-table"] tbody tr');
    await expect.poll(() => rows.count()).toBeGreaterThan(1);
    expect(await admin.page.getByTestId('finances-work-in-company').textContent()).toBe(`Work in ${company.name}`);
    expect(admin.errors).toEqual([]);
    await admin.page.close();
  });
});
