import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { cloudUrl } from '../support/api.js';
import { JOURNEY, launchChromium, screenshotIfAsked, signedInManagerPage, watchErrors } from '../support/browser.js';
import { ownCompany, type OwnCompany } from '../support/own-company.js';

/** A release's contracts in the browser: a new contract from the template, its terms and its document link. */
const stamp = Date.now();
let own: OwnCompany;
let browser: Browser;
let page: Page;
let errors: string[];
let releaseId: string;
const artistName = `Contract Journey Artist ${stamp}`;
const singer = `Journey Singer ${stamp}`;
const drummer = `Journey Drummer ${stamp}`;
const payeeIds: Record<string, string> = {};

beforeAll(async () => {
  own = await ownCompany('Contracts journey');
  releaseId = (await own.api.post('/releases', { title: `Contract Journey EP ${stamp}` })).body.release.id;
  expect((await own.api.post('/artists', { name: artistName })).status).toBe(201);
  for (const name of [singer, drummer]) payeeIds[name] = (await own.api.post('/payees', { name })).body.payee.id;
  browser = await launchChromium();
  ({ page } = await signedInManagerPage(browser, cloudUrl(), own.manager, { id: own.companyId, name: own.name }));
  errors = watchErrors(page);
}, 180_000);

afterAll(async () => {
  await browser?.close();
});

describe('release contracts', JOURNEY, () => {
  it('creates a contract from the template and shows its document link', async () => {
    await page.goto(`${cloudUrl()}/user/releases/${releaseId}/contracts`);
    // The page says whose contracts these are, and leads back to the release.
    const parent = page.getByTestId('parent-record-link');
    await expect.poll(() => parent.textContent()).toBe(`Release Contract Journey EP ${stamp}`);
    expect(await parent.getByRole('link').getAttribute('href')).toBe(`/user/releases/${releaseId}`);
    await page.getByRole('button', { name: 'New contract' }).click();
    await page.getByTestId('contract-artist').getByRole('button').click();
    await page.getByRole('option', { name: artistName }).first().click();
    await page.getByTestId('contract-contractor').locator('input').fill('Journey Records Ltd');
    await page.getByTestId('contract-contractee').locator('input').fill('Jo Journey');
    // The create's answer is awaited and named if refused, so a slow or refused save says which it was.
    const created = page.waitForResponse(
      (answer) => answer.request().method() === 'POST' && new URL(answer.url()).pathname === '/api/v1/contracts',
      { timeout: 90_000 },
    );
    await page.getByTestId('contract-create').click();
    const answer = await created;
    expect(answer.status(), await answer.text()).toBe(201);
    const detail = page.getByTestId('contract-detail');
    await detail.waitFor({ timeout: 60_000 });
    expect(await detail.innerText()).toContain('Artist release contract with Jo Journey');
    expect(await detail.innerText()).toContain('Release within 12 months of signing');
    expect(await page.getByTestId('contract-pdf').isVisible()).toBe(true);
    // The list reloads after the detail shows: wait for it rather than read it once.
    await expect.poll(() => page.getByTestId('contracts-table').innerText()).toContain('Draft');
    // A new draft opens its deal: a term, then the advance, first typed wrong.
    const deal = detail.getByTestId('contract-deal-editor');
    await deal.getByTestId('contract-term-rows-add').click();
    await deal.getByTestId('contract-term-rows-rate-0').fill('18');
    await deal.getByTestId('contract-term-rows-configuration-0').fill('CD');
    await deal.getByTestId('contract-term-rows-territories_in-0').fill('gb');
    expect(await deal.getByTestId('contract-term-rows-row-0').innerText()).toContain(
      '18% of the published price to dealer, on CD sales in GB',
    );
    await deal.getByLabel('Advance').fill('a lot');
    await deal.getByLabel('Reserve (%)').fill('20');
    await deal.getByTestId('contract-deal-save').click();
    // Said beside the fields, before anything is sent.
    expect(await deal.getByTestId('contract-deal-problem').textContent()).toBe(
      'Mend the fields marked above to save the deal',
    );
    expect(await deal.innerText()).toContain('Advance must be an amount such as 1500.00');
    expect(await deal.innerText()).toContain('Release periods must be a number');
    await deal.getByLabel('Advance').fill('1,500.00');
    await deal.getByLabel('Reserve paid after (statements)').fill('2');
    await deal.getByTestId('contract-deal-save').click();
    await expect
      .poll(() => page.getByTestId('contract-terms').innerText())
      .toContain('18% of the published price to dealer, on CD sales in GB');
    const saved = async () =>
      (await own.api.get(`/contracts?contractable_type=release&contractable_id=${releaseId}`)).body.contracts[0]
        ?.royalty_terms;
    await expect.poll(saved).toMatchObject({ advance: '1500.00', reserve: { percent: '20', release_periods: 2 } });
    await expect.poll(() => detail.getByTestId('contract-reserve').innerText()).toContain('20%');
    // What it would pay, before anything else is saved: the terms on the page run over a past month. Once a draft
    // has terms its deal opens on demand.
    const opener = detail.getByRole('button', { name: 'Edit the terms and the deal' });
    if ((await opener.getAttribute('aria-expanded')) !== 'true') await opener.click();
    await detail.getByLabel('First month').fill('2026-01');
    await detail.getByLabel('Last month').fill('2026-03');
    await detail.getByTestId('contract-preview-run').click();
    const preview = page.getByTestId('contract-preview');
    await expect
      .poll(async () => (await preview.isVisible()) && (await preview.innerText()))
      .toContain('1. 18% of the published price to dealer, on CD sales in GB');
    expect(await preview.innerText()).toContain('Sales no term covers: the label keeps them');
    expect(await page.getByTestId('contract-preview-total').innerText()).toMatch(
      /In all, the payees would be paid \D*0\.00/,
    );
    await screenshotIfAsked(page, '/tmp/contracts-release.png', true);
    expect(errors).toEqual([]);
  }, 180_000);

  it("edits a draft's details: an end date before its start is refused, the saved words reach its document", async () => {
    const detail = page.getByTestId('contract-detail');
    await detail.getByRole('button', { name: 'Edit the details' }).click();
    const details = detail.getByTestId('contract-details');
    await details.getByTestId('contract-details-act_name').locator('input').fill('The Journeymen');
    await details.getByTestId('contract-details-remixer_name').locator('input').fill('DJ Journey');
    await details.getByTestId('contract-details-recordings').locator('textarea').fill('Journey One; Journey Two');
    await details.getByTestId('contract-details-end_date').locator('input').fill('01/01/2020');
    await details.getByTestId('contract-details-save').click();
    // Said beside the field, before anything is sent.
    await expect.poll(() => details.innerText()).toContain('End date must be on or after the start date');
    await details.getByTestId('contract-details-end_date').locator('input').fill('31/12/2030');
    await details.getByTestId('contract-details-save').click();
    const contract = async () =>
      (await own.api.get(`/contracts?contractable_type=release&contractable_id=${releaseId}`)).body.contracts[0];
    await expect.poll(async () => (await contract())?.end_date).toBe('2030-12-31');
    const saved = await contract();
    expect(saved.metadata).toMatchObject({
      act_name: 'The Journeymen',
      remixer_name: 'DJ Journey',
      recordings: 'Journey One; Journey Two',
      term: expect.any(String),
    });
    // The document is written again from the template with the saved words.
    await expect
      .poll(async () => (await own.api.get(`/contracts/${saved.id}`)).body.contract.contract_data)
      .toContain('performing as The Journeymen, remixed by DJ Journey');
    // The page shows every word the document prints, the artist named as such.
    await expect.poll(() => detail.innerText()).toContain('DJ Journey');
    expect(await detail.innerText()).toContain('Journey One; Journey Two');
    expect(await detail.innerText()).toContain('Artist (contractee)');
    await expect.poll(() => detail.innerText()).toContain('31st Dec 2030');
    await screenshotIfAsked(page, '/tmp/contracts-details.png', true);
    expect(errors).toEqual([]);
  }, 120_000);

  it('sets who the contract pays on the page: shares that must add up to 100 %, saved on the draft', async () => {
    const detail = page.getByTestId('contract-detail');
    // With no payee yet the page says what to do, and offers nothing to save.
    expect(await detail.getByTestId('contract-payees-empty').textContent()).toBe(
      'No payees yet: choose Add payee, then give each their share (the shares add up to 100%)',
    );
    expect(await detail.getByTestId('contract-payees-save').count()).toBe(0);
    for (const [index, name] of [singer, drummer].entries()) {
      await detail.getByTestId('contract-payee-add').click();
      await detail.getByTestId(`contract-payee-${index}`).getByRole('button').first().click();
      // A payee already on a row is not offered again.
      if (index === 1) await expect.poll(() => page.getByRole('option', { name: drummer }).count()).toBe(1);
      if (index === 1) expect(await page.getByRole('option', { name: singer }).count()).toBe(0);
      await page.keyboard.type(name);
      await page.getByRole('option', { name }).first().click();
    }
    await detail.getByTestId('contract-payee-share-0').locator('input').fill('60');
    await detail.getByTestId('contract-payee-share-1').locator('input').fill('30');
    // Said before anything is sent, and the save waits for a right total.
    await expect
      .poll(() => detail.getByTestId('contract-payees-problem').textContent())
      .toBe('Payee shares must add up to 100% (they add up to 90%)');
    expect(await detail.getByTestId('contract-payees-save').isDisabled()).toBe(true);
    await detail.getByTestId('contract-payee-share-1').locator('input').fill('40');
    await detail.getByTestId('contract-payees-save').click();
    const contractId = async () =>
      (await own.api.get(`/contracts?contractable_type=release&contractable_id=${releaseId}`)).body.contracts[0]?.id;
    await expect
      .poll(async () => (await own.api.get(`/contracts/${await contractId()}`)).body.contract.contract_payees)
      .toEqual([
        expect.objectContaining({ payee_id: payeeIds[singer], share: '60' }),
        expect.objectContaining({ payee_id: payeeIds[drummer], share: '40' }),
      ]);
    await screenshotIfAsked(page, '/tmp/contracts-payees.png', true);
    // Signing is asked first: cancelled, the draft stays a draft; confirmed, it is signed.
    await detail.getByTestId('contract-sign').click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect((await own.api.get(`/contracts/${await contractId()}`)).body.contract.status).toBe('draft');
    await detail.getByTestId('contract-sign').click();
    await page.getByTestId('contract-status-confirm').click();
    await expect
      .poll(async () => (await own.api.get(`/contracts/${await contractId()}`)).body.contract.status)
      .toBe('signed');
    expect(errors).toEqual([]);
  });

  it('lists every contract of the company in one place, found by a name or its status, and opens one there', async () => {
    await page.goto(`${cloudUrl()}/user/releases/${releaseId}/contracts`);
    await page.getByTestId('contracts-all-link').click();
    await page.waitForURL(/\/user\/contracts$/);
    const register = page.getByTestId('contracts-register');
    const row = register.getByRole('row').filter({ hasText: 'Jo Journey' });
    // What it is on, in words and linked; its status and its end as the detail says them.
    await expect.poll(() => row.textContent()).toContain(`Release: Contract Journey EP ${stamp}`);
    expect(await row.textContent()).toContain('Signed');
    expect(await row.textContent()).toContain('31st Dec 2030');
    expect(await row.getByRole('link', { name: `Release: Contract Journey EP ${stamp}` }).getAttribute('href')).toBe(
      `/user/releases/${releaseId}`,
    );
    await page.getByTestId('register-search').locator('input').fill('journey JO');
    await expect.poll(() => register.getByRole('row').count()).toBe(2);
    await page.getByTestId('register-status').click();
    await page.getByRole('option', { name: 'Draft' }).click();
    await expect.poll(() => register.textContent()).toContain('No contract matches');
    await page.getByTestId('register-status').click();
    await page.getByRole('option', { name: 'Signed' }).click();
    await row.getByRole('link', { name: 'Artist release contract with Jo Journey' }).click();
    // The chosen contract opens below, and its address keeps it (a link to it opens it again).
    const detail = page.getByTestId('contract-detail');
    await expect.poll(() => detail.textContent()).toContain('Artist release contract with Jo Journey');
    expect(new URL(page.url()).searchParams.get('contract')).toBeTruthy();
    await screenshotIfAsked(page, '/tmp/contracts-register.png', true);
    expect(errors).toEqual([]);
  });

  it('deletes a draft made by mistake from its page, asked first, and says so', async () => {
    const artistId = (await own.api.get('/artists')).body.artists.find(
      (a: { name: string }) => a.name === artistName,
    ).id;
    const made = await own.api.post('/contracts', {
      contractable_type: 'release',
      contractable_id: releaseId,
      type: 'artist_release_contract',
      contractee_type: 'artist',
      contractee_id: artistId,
      contractee_legal_name: 'Mistaken Party',
      contractor_legal_name: 'Journey Records Ltd',
      start_date: '2026-03-01',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body.contract.id as string;
    await page.goto(`${cloudUrl()}/user/contracts?contract=${id}`);
    const detail = page.getByTestId('contract-detail');
    await expect.poll(() => detail.textContent()).toContain('Artist release contract with Mistaken Party');
    // A signed contract has no such button: it is terminated instead.
    await detail.getByTestId('contract-delete').click();
    await screenshotIfAsked(page, '/tmp/shots/contracts-delete-draft.png');
    await page.getByTestId('contract-delete-confirm').click();
    await expect.poll(() => page.getByText('Contract Deleted').count()).toBe(1);
    await expect.poll(() => detail.count()).toBe(0);
    expect(new URL(page.url()).searchParams.get('contract')).toBeNull();
    await expect.poll(() => page.getByTestId('contracts-register').textContent()).not.toContain('Mistaken Party');
    expect((await own.api.get(`/contracts/${id}`)).status).toBe(404);
    // The signed one keeps only Terminate.
    await page
      .getByTestId('contracts-register')
      .getByRole('link', { name: 'Artist release contract with Jo Journey' })
      .click();
    await expect.poll(() => detail.getByTestId('contract-terminate').count()).toBe(1);
    expect(await detail.getByTestId('contract-delete').count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
