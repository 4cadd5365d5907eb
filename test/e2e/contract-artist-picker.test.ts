import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloudUrl } from '../support/api.js';
import { launchChromium, signedInManagerPage } from '../support/browser.js';
import { type OwnCompany, ownCompany } from '../support/own-company.js';

/**
 * A new contract's artist is searched among all the company's artists: a label with more artists than one page of
 * the artists list (100) can still make a contract with any of them.
 */
const stamp = Date.now();
const needle = `Zz Needle ${stamp}`;
let own: OwnCompany;
let browser: Browser;
let releaseId: string;

beforeAll(async () => {
  own = await ownCompany('Contract artist picker');
  // Made first and last by name: the end of either order of a list's first page.
  expect((await own.api.post('/artists', { name: needle })).status).toBe(201);
  for (let batch = 0; batch < 11; batch += 1)
    await Promise.all(
      Array.from({ length: 10 }, async (_, n) => {
        const made = await own.api.post('/artists', { name: `Aa Filler ${batch * 10 + n} ${stamp}` });
        expect(made.status).toBe(201);
      }),
    );
  releaseId = (await own.api.post('/releases', { title: `Picker EP ${stamp}` })).body.release.id;
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
});

describe('a new contract’s artist', () => {
  it('finds an artist beyond the first hundred by name, and makes the contract with them', async () => {
    // The premise: a first page of a hundred artists does not hold this one.
    const page100 = (await own.api.get('/artists?per_page=100')).body.artists as { name: string }[];
    expect(page100.map((a) => a.name)).not.toContain(needle);
    const { page, errors } = await signedInManagerPage(
      browser,
      cloudUrl(),
      own.manager,
      { id: own.companyId, name: own.name },
      `/user/releases/${releaseId}/contracts`,
    );
    await page.getByRole('button', { name: 'New contract' }).click();
    await page.getByTestId('contract-artist').getByRole('button').first().click();
    await page.keyboard.type('Needle');
    await page.getByRole('option', { name: needle }).first().click();
    await page.getByTestId('contract-contractor').locator('input').fill('Picker Records Ltd');
    await page.getByTestId('contract-contractee').locator('input').fill('Needle Ltd');
    await page.getByTestId('contract-create').click();
    await page.getByTestId('contract-detail').waitFor({ timeout: 60_000 });
    const contracts = (await own.api.get(`/contracts?contractable_type=release&contractable_id=${releaseId}`)).body
      .contracts as { contractee_id: string }[];
    const artists = (await own.api.get(`/artists?q=${encodeURIComponent(needle)}`)).body.artists as {
      id: string;
    }[];
    expect(contracts.map((c) => c.contractee_id)).toEqual([artists[0]?.id]);
    expect(errors).toEqual([]);
  }, 120_000);
});
