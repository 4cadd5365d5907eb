import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { cloudUrl, demo, inCompany } from '../support/api.js';
import { JOURNEY, launchChromium, screenshotIfAsked, signedInPage } from '../support/browser.js';
import { ownCompany, type OwnCompany } from '../support/own-company.js';

/**
 * Royalty lines name their territory in words ("France"), never as the report's country code ("FR"): on the
 * royalties page's lines, in the heading a finances figure's drill-down gives them, and on a distributor's client
 * label's Royalties tab. A drill-down to one recording's or release's lines names it by its title, never its id.
 */
let browser: Browser;
let own: OwnCompany;
let client: { id: string; label: { id: string; name: string } };
const stamp = Date.now();
const song = `Words Not Codes ${stamp}`;
/** A word of two capitals on its own ("FR", "GB"): a country code left on the screen. */
const CODE = /\b[A-Z]{2}\b/;

/** A store's sale of the song in France, as the new sale form makes it. */
const sale = (label_id?: string) => ({
  royalty: {
    pay_period: '2026-05',
    retailer: 'Corner Shop',
    subtotal_payable: '12.50',
    currency: 'GBP',
    quantity: 3,
    song,
    territory: 'FR',
    ...(label_id ? { label_id } : {}),
  },
});

beforeAll(async () => {
  own = await ownCompany('Territory words');
  expect((await own.api.post('/royalties', sale())).status).toBe(201);
  // A client company of this distributor, its label and the label's sale in its own books.
  const onboarded = await own.api.post('/crm/clients', { client: { name: `Words Client ${stamp}` } });
  expect(onboarded.status, JSON.stringify(onboarded.body)).toBe(201);
  const clientId = onboarded.body.client.id as string;
  const label = await own.api.post(`/crm/clients/${clientId}/labels`, { label: { name: `Words Label ${stamp}` } });
  expect(label.status, JSON.stringify(label.body)).toBe(201);
  client = { id: clientId, label: label.body.label };
  const clientSale = await inCompany(own.admin, clientId).post('/royalties', sale(client.label.id));
  expect(clientSale.status, JSON.stringify(clientSale.body)).toBe(201);
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

describe('royalty lines in words', JOURNEY, () => {
  it("names a line's territory on the royalties page and in a territory's drill-down", async () => {
    const { page, errors } = await signedInPage(browser, cloudUrl(), own.manager, {
      company: { id: own.companyId, name: own.name },
      path: '/user/royalties',
    });
    const row = page.getByTestId('royalties-table').locator('tbody tr').filter({ hasText: song });
    await expect.poll(() => row.innerText(), { timeout: 60_000 }).toContain('France');
    expect(await row.innerText()).not.toMatch(CODE);
    await screenshotIfAsked(page, '/tmp/shots/territory-words-royalties.png', true);

    // A finances page's territory slice links here with the code; the page says which lines in words.
    await page.goto(`${cloudUrl()}/user/royalties?by_territory=FR`);
    await expect.poll(() => page.locator('body').innerText()).toContain('Lines of territory France');
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  it("names a recording's and a release's lines by their titles, never their ids", async () => {
    const recording = (await own.api.post('/recordings', { title: `Drill Song ${stamp}` })).body.recording;
    const release = (await own.api.post('/releases', { title: `Drill Album ${stamp}` })).body.release;
    const { page, errors } = await signedInPage(browser, cloudUrl(), own.manager, {
      company: { id: own.companyId, name: own.name },
      path: `/user/royalties?recording_id=${recording.id}`,
    });
    const body = () => page.locator('body').innerText();
    await expect.poll(body, { timeout: 60_000 }).toContain(`Lines of recording Drill Song ${stamp}`);
    expect(await body()).not.toContain(recording.id);
    await page.goto(`${cloudUrl()}/user/royalties?release_id=${release.id}`);
    await expect.poll(body, { timeout: 60_000 }).toContain(`Lines of release Drill Album ${stamp}`);
    expect(await body()).not.toContain(release.id);
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  it("names a line's territory on a client label's Royalties tab", async () => {
    const { page, errors } = await signedInPage(browser, cloudUrl(), demo.admin, {
      company: { id: own.companyId, name: own.name },
      path: `/distribution/labels/${client.label.id}`,
    });
    await page.getByRole('tab', { name: 'Royalties' }).click();
    const row = page.getByTestId('label-royalties').locator('tbody tr').filter({ hasText: song });
    await expect.poll(() => row.innerText(), { timeout: 60_000 }).toContain('France');
    expect(await row.innerText()).not.toMatch(CODE);
    // Its amount and label share to the cent with the currency's sign, right-aligned as every money table has them.
    const money = await row.evaluate((tr) =>
      [...tr.querySelectorAll('td')]
        .map((td) => {
          const text = [...td.querySelectorAll('*')]
            .flatMap((e) => [...e.childNodes])
            .find((n) => n.nodeType === Node.TEXT_NODE && /£/.test(n.textContent ?? ''));
          return text?.parentElement
            ? { shown: text.textContent, align: getComputedStyle(text.parentElement).textAlign }
            : null;
        })
        .filter(Boolean),
    );
    // (Cloudscape sets a right-aligned box's text-align as "end", the right in a left-to-right page.)
    const right = expect.stringMatching(/^(right|end)$/);
    expect(money).toEqual([
      { shown: '£12.50', align: right },
      { shown: expect.stringMatching(/^£\d+\.\d{2}$/), align: right },
    ]);
    await screenshotIfAsked(page, '/tmp/shots/territory-words-client-label.png', true);
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);
});
