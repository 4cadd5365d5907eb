import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { cloudUrl } from '../support/api.js';
import { launchChromium, screenshotIfAsked, signedInManagerPage } from '../support/browser.js';
import { ownCompany, type OwnCompany } from '../support/own-company.js';
import { importReport } from '../support/payee-earnings.js';
import { publishedRun } from '../support/statement-run.js';

/**
 * Every money page of a company whose currency is not GBP shows its money in that currency:
 * a EUR company and a USD company (one label manager, both companies), each with royalty lines
 * in its own currency, a payee run previewed and published, and the statement due. Each page is
 * visited in the browser and must show the company's currency and never a "£".
 */
let browser: Browser;
let page: Page;
let errors: string[];
const stamp = Date.now();

type Seeded = { company: OwnCompany; payeeId: string; runId: string; statementId: string; marker: string };
const seeded: Seeded[] = [];

/** A payee owed the company's currency for 2024-01 and 2024-02, a run previewed and published for it. */
async function seed(company: OwnCompany, currency: string, marker: string): Promise<Seeded> {
  const { api } = company;
  const payee = await api.post('/payees', { name: `Currency Payee ${currency} ${stamp}` });
  expect(payee.status).toBe(201);
  const payeeId = payee.body.payee.id as string;
  const isrc = `GBCU${currency.slice(0, 1)}${String(stamp).slice(-7)}`;
  const recording = await api.post('/recordings', {
    title: `Currency Track ${currency} ${stamp}`,
    isrc,
    recording_payees_attributes: [{ payee_id: payeeId, split: 100 }],
  });
  expect(recording.status).toBe(201);
  await importReport(api, `currency-pages-${currency}-${stamp}`, [
    'Store,Period,ISRC,Artist,Units,Net,Currency',
    `Spotify,2024-01,${isrc},Someone,10,3.335,${currency}`,
    `Apple,2024-02,${isrc},Someone,4,2.10,${currency}`,
    `Deezer,2024-02,${isrc},Someone,7,1.333333,${currency}`,
  ]);
  const { runId, previewed } = await publishedRun(api, {
    kind: 'payee',
    start_pay_period: '2024-01',
    end_pay_period: '2024-02',
    accounts: [{ type: 'Payee', id: payeeId }],
  });
  // The run's own view names the company's currency.
  expect(previewed.currency).toBe(currency);
  const statements = (await api.get(`/statements?statementable_type=Payee&statementable_id=${payeeId}`)).body
    .statements as { id: string; currency: string }[];
  expect(statements).toHaveLength(1);
  expect(statements[0]?.currency.toUpperCase()).toBe(currency);
  return { company, payeeId, runId, statementId: statements[0]?.id ?? '', marker };
}

beforeAll(async () => {
  const eur = await ownCompany('Currency pages EUR', { currency: 'EUR' });
  const usd = await eur.sibling('Currency pages USD', { currency: 'USD' });
  seeded.push(await seed(eur, 'EUR', 'EUR '), await seed(usd, 'USD', '$'));
  browser = await launchChromium();
  ({ page, errors } = await signedInManagerPage(browser, cloudUrl(), eur.manager, {
    id: eur.companyId,
    name: eur.name,
  }));
}, 300_000);

afterAll(async () => {
  await browser?.close();
});

/** Chooses the company in the header, as the manager would. */
async function choose(company: OwnCompany) {
  const current = page.getByTestId('header-company-link');
  if ((await current.count()) && (await current.innerText()).includes(company.name)) return;
  await page.getByTestId('header-company-refresh').click();
  await page.getByTestId(`company-choose-${company.companyId}`).click();
  await page.getByTestId('header-company-link').filter({ hasText: company.name }).waitFor();
}

/** The page's main content once its money has loaded (it names the company's currency). */
async function moneyText(path: string, marker: string): Promise<string> {
  await page.goto(`${cloudUrl()}${path}`);
  const main = page.locator('main').first();
  await expect.poll(async () => (await main.innerText()).includes(marker), { timeout: 30_000 }).toBe(true);
  // Sums and tables load separately: wait until nothing more is on its way.
  await page.waitForLoadState('networkidle');
  await screenshotIfAsked(page, `/tmp/currency${path.replace(/[^a-z0-9]+/gi, '-')}-${marker.trim()}.png`, true);
  return main.innerText();
}

describe('money pages of a EUR and a USD company', () => {
  for (const [index, currency] of ['EUR', 'USD'].entries()) {
    it(`${currency}: every money page shows ${currency}, never "£"`, async () => {
      const s = seeded[index];
      if (!s) throw new Error('not seeded');
      await choose(s.company);
      const paths = [
        '/user/royalties',
        '/user',
        '/user/finances',
        '/user/finances/statements',
        `/user/finances/statements/${s.statementId}`,
        `/user/finances/statement_run?run=${s.runId}`,
        '/user/finances/payment_run',
        `/user/payees/${s.payeeId}/accounting`,
        // The payee's own page: its minimum payout is money of the company's.
        `/user/payees/${s.payeeId}`,
      ];
      const found: string[] = [];
      for (const path of paths) {
        const text = await moneyText(path, s.marker);
        if (text.includes('£'))
          found.push(`${path}: ${text.slice(Math.max(0, text.indexOf('£') - 60), text.indexOf('£') + 20)}`);
      }
      expect(found).toEqual([]);
      expect(errors).toEqual([]);
    }, 240_000);
  }
});
