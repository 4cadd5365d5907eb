import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cloudUrl } from '../support/api.js';
import { launchChromium, screenshotIfAsked, signedInManagerPage, watchErrors } from '../support/browser.js';
import { contractWithAdvance } from '../support/contract-fixture.js';
import { ownCompany, type OwnCompany } from '../support/own-company.js';
import { importReport, SALES_TYPE_MAP } from '../support/royalty-report.js';
import { publishedRun } from '../support/statement-run.js';

/**
 * A contract's advance and reserve on screen: the statement a contract recouped and reserved shows
 * each in its account and by contract, and a contract page shows what is still to recoup.
 */
const stamp = Date.now();
let own: OwnCompany;
let browser: Browser;
let page: Page;
let errors: string[];
let payeeId: string;

beforeAll(async () => {
  own = await ownCompany('Recoupment journey');
  const { api } = own;
  const isrc = `GBRJ${String(stamp).slice(-7)}1`;
  ({ payeeId } = await contractWithAdvance(api, {
    name: 'Recoup Journey',
    stamp,
    isrc,
    contractee: 'Recoup Journey Ltd',
    contractor: 'Journey Records Ltd',
    start_date: '2031-01-01',
  }));
  await importReport(api, {
    mapName: `Recoupment journey ${stamp}`,
    map: SALES_TYPE_MAP,
    filename: `recoupment-journey-${stamp}.csv`,
    report: [
      'Store,Period,ISRC,Country,Units,Type,Net',
      `Spotify,2031-04,${isrc},GB,1,Stream,1000.00`,
      `HMV,2031-04,${isrc},GB,1,CD,500.00`,
    ].join('\n'),
  });
  await publishedRun(api, {
    kind: 'payee',
    start_pay_period: '2031-04',
    end_pay_period: '2031-04',
    accounts: [{ type: 'Payee', id: payeeId }],
  });
  browser = await launchChromium();
  ({ page } = await signedInManagerPage(browser, cloudUrl(), own.manager, { id: own.companyId, name: own.name }));
  errors = watchErrors(page);
}, 300_000);

afterAll(async () => {
  await browser?.close();
});

it('shows what the statement held back and recouped, and what is still to recoup', async () => {
  const statements = (await own.api.get(`/statements?statementable_type=Payee&statementable_id=${payeeId}`)).body
    .statements as { id: string }[];
  expect(statements).toHaveLength(1);
  await page.goto(`${cloudUrl()}/user/finances/statements/${statements[0].id}`);
  // The artist's £750.00 (half of £1,500.00): 20 % of its £250.00 on CD held (£50.00), the other £700.00 recouped.
  const recouped = page.getByTestId('statement-figure-recouped');
  await expect.poll(async () => (await recouped.isVisible()) && (await recouped.innerText())).toBe('-£700.00');
  expect(await page.getByTestId('statement-figure-reserves').innerText()).toBe('-£50.00');
  expect(await page.getByTestId('statement-figure-closing_balance').innerText()).toBe('£0.00');
  const byContract = await page.getByTestId('statement-contract-recoupment').innerText();
  expect(byContract).toContain('Artist release contract with Recoup Journey Ltd');
  expect(await page.getByTestId('contract-unrecouped').innerText()).toBe('£300.00');
  expect(await page.getByTestId('reserve-held').innerText()).toBe('£50.00');
  expect(await page.getByTestId('statement-not-paid').innerText()).toContain('unrecouped advance: £300.00 remaining');
  await screenshotIfAsked(page, '/tmp/recoupment-statement.png', true);
  expect(errors).toEqual([]);
});

it('shows a release contract brought in from another system with its balance still to recoup', async () => {
  const releaseId = (await own.api.post('/releases', { title: `Recoup Journey EP ${stamp}` })).body.release.id;
  const artistId = (await own.api.post('/artists', { name: `Recoup Journey Other ${stamp}` })).body.artist.id;
  const made = await own.api.post('/contracts', {
    contractable_type: 'release',
    contractable_id: releaseId,
    type: 'artist_release_contract',
    contractee_type: 'artist',
    contractee_id: artistId,
    contractee_legal_name: 'Brought In Ltd',
    contractor_legal_name: 'Journey Records Ltd',
    start_date: '2031-01-01',
    royalty_terms: {
      deal_type: 'net_receipts',
      terms: [{ conditions: {}, rate: '50', base: 'net_receipts' }],
      opening_balance: '1234.56',
      reserve: { percent: '20', release_periods: 4 },
    },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  await page.goto(`${cloudUrl()}/user/releases/${releaseId}/contracts`);
  const link = page.getByTestId(`contract-${made.body.contract.id}`);
  await link.waitFor();
  await link.click();
  const balance = page.getByTestId('contract-balance');
  await expect.poll(async () => (await balance.isVisible()) && (await balance.innerText())).toBe('£1,234.56');
  const panel = await page.getByTestId('contract-recoupment').innerText();
  expect(panel).toContain('Brought in unrecouped');
  expect(await page.getByTestId('contract-reserve').innerText()).toContain(
    'Reserve: 20% of each statement’s physical sales is held back (none on returns) and paid in equal parts on the next 4 statements',
  );
  await screenshotIfAsked(page, '/tmp/recoupment-contract.png', true);
  expect(errors).toEqual([]);
});
