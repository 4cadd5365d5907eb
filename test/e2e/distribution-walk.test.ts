import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, cloudUrl, newPlatformAdmin } from '../support/api.js';
import { launchChromium, screenshotIfAsked, signedInPage } from '../support/browser.js';
import { type OwnCompany, ownCompany } from '../support/own-company.js';
import { pageFaults, pageReady, sidewaysFaults } from '../support/page-faults.js';

/**
 * The distribution area as a distributor's admin works it, at 1,400 px in Chromium, with a client company of its own
 * (a label, a release with a track and two products, a pitch). Every page of the area is opened, its own records'
 * pages too; a page fails when it shows what test/support/page-faults.ts names (an internal id, a day as stored
 * ("2027-02-05") rather than "5th Feb 2027", a stored value, a "coming soon" placeholder, engine text, an amount without
 * two decimals) or a table that scrolls sideways at that width (none is let off). The expenses pages are walked by their
 * own files.
 */
let browser: Browser;
let own: OwnCompany;
let admin: { email: string; password: string; token: string };
let paths: string[];
/** The release's page, with its products. */
let releasePage: string;
/** Every figure of the release's two products, as its page shows them. */
const PRODUCT_FIGURES = [
  'Digital',
  'Distributed · EP',
  'Dealer 4.50',
  'Wholesale 5.25',
  'Retail 7.99',
  'GB, IE, US, CA, DE, FR, NL, BE',
  'Vinyl',
  'Premium',
  'Dealer 12.00',
  'Wholesale 14.50',
  'Retail 21.99',
  'Subscription No',
];
/** Words a page must show, by path: an empty list says what to do. */
const mustSay = new Map<string, string[]>();

beforeAll(async () => {
  own = await ownCompany('Distribution Walk', { distributed: true });
  admin = await newPlatformAdmin('Distribution Walk Admin');
  const label = await own.label(`Distribution Walk Label ${Date.now()}`);
  const track = (await own.api.post('/recordings', { title: 'Walk Track' })).body.recording;
  const release = await own.api.post('/releases', {
    title: `Distribution Walk EP ${Date.now()}`,
    label_id: label.id,
    release_date: new Date(Date.now() + 70 * 86_400_000).toISOString().slice(0, 10),
    release_recordings_attributes: [{ recording_id: track.id }],
    // Products with every figure of theirs filled (prices, pre-order day, territories), so the release's page shows
    // them as a reader would have them and the walk checks they fit.
    products_attributes: [
      {
        format: 'Digital',
        type_of: 'Distributed',
        price_tier: 'Front',
        product_type: 'EP',
        dealer_price: '4.50',
        wholesale_price: '5.25',
        retail_price: '7.99',
        pre_order: true,
        pre_order_date: new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10),
        product_territories: ['GB', 'IE', 'US', 'CA', 'DE', 'FR', 'NL', 'BE'],
      },
      {
        format: 'Vinyl',
        type_of: 'Distributed',
        price_tier: 'Premium',
        product_type: 'EP',
        dealer_price: '12.00',
        wholesale_price: '14.50',
        retail_price: '21.99',
        streaming: false,
        subscription: false,
      },
    ],
  });
  expect(release.status, JSON.stringify(release.body)).toBe(201);
  const releaseId = release.body.release.id as string;
  releasePage = `/distribution/releases/${releaseId}`;
  mustSay.set(releasePage, PRODUCT_FIGURES);
  const pitch = await own.api.post('/marketing/standalone_single_email', {
    form: {
      label_id: label.id,
      release_id: releaseId,
      release_date: release.body.release.release_date,
      genres: ['Pop'],
      pitch: 'A single for the first warm evening of the year.',
    },
  });
  expect(pitch.status, JSON.stringify(pitch.body)).toBe(201);
  const adminCall = (method: string, path: string, body?: object) =>
    call(method, `/api/v1${path}`, { token: admin.token, ...(body ? { body } : {}) });
  const distributor = await adminCall('POST', '/distributors', {
    name: `Walk Distributor ${Date.now()}`,
    url: 'https://walk.example',
  });
  expect(distributor.status, JSON.stringify(distributor.body)).toBe(201);
  const distributorId = distributor.body.distributor.id as string;
  // A client company of the distributor's, with a label of its own: the CRM's and the client labels' pages.
  const client = await own.api.post('/crm/clients', {
    client: { name: `Walk Client ${Date.now()}`, status: 'onboarding', deal_percentage: '15' },
  });
  expect(client.status, JSON.stringify(client.body)).toBe(201);
  const clientId = client.body.client.id as string;
  const clientLabel = await own.api.post(`/crm/clients/${clientId}/labels`, { label: { name: 'Walk Client Label' } });
  expect(clientLabel.status, JSON.stringify(clientLabel.body)).toBe(201);
  const clientLabelId = clientLabel.body.label.id as string;
  mustSay.set(`/distribution/companies/${clientId}`, [
    'No contacts yet: add one with their name and e-mail below',
    'Nothing to do: add a to-do below',
  ]);
  const dsps = await adminCall('GET', '/dsps?per_page=1');
  const dspId = dsps.body.dsps?.[0]?.id as string | undefined;
  const d = '/distribution';
  paths = [
    d,
    `${d}/distributors`,
    `${d}/distributors/new`,
    `${d}/distributors/${distributorId}`,
    `${d}/distributors/${distributorId}/edit`,
    `${d}/distributors/${distributorId}/dsps`,
    `${d}/crm`,
    `${d}/finances`,
    `${d}/finances/royalties`,
    `${d}/finances/royalties/imports`,
    `${d}/finances/royalties/bulk_actions`,
    `${d}/finances/payment_run`,
    `${d}/finances/statement_run`,
    `${d}/finances/statements`,
    `${d}/finances/statements/bulk_actions`,
    `${d}/finances/payments`,
    `${d}/finances/payments/new`,
    `${d}/companies`,
    `${d}/companies/${clientId}`,
    `${d}/companies/${own.companyId}/finances`,
    `${d}/marketing`,
    `${d}/catalogue`,
    `${d}/deliveries`,
    `${d}/release/deliveries`,
    `${d}/release_deliveries`,
    `${d}/release_deliveries/new`,
    `${d}/release_deliveries/bulk`,
    `${d}/labels`,
    `${d}/labels/${clientLabelId}`,
    `${d}/labels/${clientLabelId}/edit`,
    `${d}/labels/${clientLabelId}/affiliates`,
    `${d}/labels/${clientLabelId}/royalties`,
    `${d}/labels/${label.id}/catalogue_tasks`,
    `${d}/labels/${clientLabelId}/statement_settings`,
    `${d}/labels/${label.id}/accounting`,
    `${d}/releases`,
    `${d}/releases/${releaseId}`,
    `${d}/releases/${releaseId}/edit`,
    `${d}/releases/${releaseId}/distribution`,
    `${d}/recordings`,
    `${d}/dsps`,
    `${d}/dsps/new`,
    `${d}/dsps/connections`,
    `${d}/dsps/connection_requests`,
    ...(dspId ? [`${d}/dsps/${dspId}`, `${d}/dsps/${dspId}/edit`] : []),
    `${d}/upcs`,
    `${d}/upcs/import`,
    `${d}/royalty_maps`,
    `${d}/royalty_maps/new`,
  ];
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

/** What a user would find wrong on the page now, each as "path: fault". */
async function faults(page: Page, path: string): Promise<string[]> {
  const found = await pageFaults(page, path);
  const text = await page.evaluate(() => document.querySelector('main')?.innerText ?? document.body.innerText);
  for (const words of mustSay.get(path) ?? [])
    if (!text.includes(words)) found.push(`${path}: does not say "${words}"`);
  found.push(...(await sidewaysFaults(page, path)));
  return found;
}

describe('the distribution area at 1,400 px', () => {
  it('shows every page in the user’s words, each fitting the window', async () => {
    const { page, errors } = await signedInPage(browser, cloudUrl(), admin, {
      company: { id: own.companyId, name: own.name },
      viewport: { width: 1400, height: 1000 },
    });
    const found: string[] = [];
    for (const [index, path] of paths.entries()) {
      // With the side menu open, as a new user has it: the narrowest the content gets at this width. (The layout
      // sometimes collapses it to its rail on its own; those pages are then measured wider.)
      await page.evaluate(() => localStorage.setItem('lp.navCollapsed', 'false'));
      await page.goto(`${cloudUrl()}${path}`);
      const stuck = await pageReady(page, path);
      found.push(...(stuck ? [stuck] : await faults(page, path)));
      await screenshotIfAsked(page, `/tmp/distribution-walk-${String(index).padStart(2, '0')}.png`, true);
    }
    expect([...found, ...errors.map((error) => `uncaught page error: ${error}`)]).toEqual([]);
  }, 600_000);
});

describe('a release’s products in a narrower window', () => {
  it('keep every figure, in fewer columns, without scrolling sideways at 1,000 px', async () => {
    const { page, errors } = await signedInPage(browser, cloudUrl(), admin, {
      company: { id: own.companyId, name: own.name },
      viewport: { width: 1000, height: 1000 },
    });
    await page.evaluate(() => localStorage.setItem('lp.navCollapsed', 'false'));
    await page.goto(`${cloudUrl()}${releasePage}`);
    const products = page.getByTestId('ref-rows-products-table');
    await products.waitFor();
    const text = await products.innerText();
    for (const figure of PRODUCT_FIGURES) expect(text).toContain(figure);
    // The tier and UPC moved under the product: no column of their own at this width.
    expect(await products.locator('th').allInnerTexts()).not.toContain('UPC');
    await products.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await screenshotIfAsked(page, '/tmp/shots/distribution-release-products-1000.png');
    expect(await sidewaysFaults(page, releasePage)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);
});

describe('the distribution team’s marketing requests', () => {
  it('are linked from the dashboard, with the pitch lead time set above them', async () => {
    const { page, errors } = await signedInPage(browser, cloudUrl(), admin, { path: '/distribution' });
    const queue = page.getByTestId('distribution-dashboard').getByRole('link', { name: 'Marketing requests' });
    expect(await queue.getAttribute('href')).toBe('/distribution/marketing');
    await queue.click();
    const weeks = page.getByTestId('lead-weeks').locator('input');
    const stored = (await call('GET', '/api/v1/distribution/marketing_settings', { token: admin.token })).body
      .lead_weeks as number;
    await expect.poll(() => weeks.inputValue()).toBe(String(stored));
    // Out of range: refused with the field's own words, and nothing saved.
    await weeks.fill('27');
    await page.getByTestId('lead-weeks-save').click();
    await page.getByText('At most 26 weeks').waitFor();
    // The same weeks saved again (other files read the lead time): the button saves and says so.
    await weeks.fill(String(stored));
    await page.getByTestId('lead-weeks-save').click();
    await page.getByText('Marketing settings saved').waitFor();
    await screenshotIfAsked(page, '/tmp/distribution-walk-lead-weeks.png');
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);
});
