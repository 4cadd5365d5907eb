import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloudUrl } from '../support/api.js';
import { launchChromium, screenshotIfAsked, sidewaysScrollers, signedInManagerPage } from '../support/browser.js';
import { type OwnCompany, ownCompany } from '../support/own-company.js';

/**
 * An outgoing licence in Chromium: from an enquiry to paid with an advance on signing, its documents,
 * then the ledger lines the advance and the rest of the fee became, and the recording's licences;
 * then the payee's statement is published and shows the licence's lines, and its figure's drill-down
 * names the licence and opens it. An incoming licence says before it is paid which contract will recoup its cost, and
 * its payment is refunded when the deal is called off.
 */
let browser: Browser;
let own: OwnCompany;
const stamp = Date.now();
const licensee = `Northern Film ${stamp}`;
const track = `Sync Track ${stamp}`;
let recordingId: string;
let payeeId: string;

beforeAll(async () => {
  browser = await launchChromium();
  own = await ownCompany('Licensing e2e');
  // The recording pays its payee, whose statement summarises by store (the licensee is the store).
  const payee = await own.api.post('/payees', {
    name: `Sync Payee ${stamp}`,
    email: `sync.payee.${stamp}@example.test`,
    statement_settings_attributes: { default_summaries: ['store'] },
  });
  expect(payee.status, JSON.stringify(payee.body)).toBe(201);
  payeeId = payee.body.payee.id;
  const made = await own.api.post('/recordings', {
    title: track,
    recording_payees_attributes: [{ payee_id: payeeId, split: 100 }],
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  recordingId = made.body.recording.id;
});
afterAll(async () => {
  await browser?.close();
});

const text = (page: Page) => page.locator('body').textContent();

/** A licence made through the API and walked to signed: the page's journey starts from it. */
async function signedLicence(body: Record<string, unknown>): Promise<string> {
  const made = await own.api.post('/licenses', body);
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const id = made.body.license.id as string;
  expect((await own.api.post(`/licenses/${id}/status`, { status: 'signed' })).status).toBe(200);
  return id;
}

/** The licence's page, signed in as the file's manager. */
const licencePage = (id: string) =>
  signedInManagerPage(browser, cloudUrl(), own.manager, { id: own.companyId, name: own.name }, `/user/licensing/${id}`);

/**
 * A refund through its dialog on the licence's page: a day in the future refused on the field, then today confirmed
 * (the screenshot, when asked for, shows the dialog filled in).
 */
async function refundOnPage(page: Page, kind: 'advance' | 'payment', screenshot: string) {
  await page.getByTestId(`license-refund-${kind}`).click();
  const date = page.getByTestId(`license-refund-${kind}-date`).locator('input');
  await date.fill('2999-01-01');
  await page.getByTestId(`license-refund-${kind}-confirm`).click();
  await expect.poll(() => page.getByText('Refund date must not be in the future').count()).toBe(1);
  await date.fill(new Date().toISOString().slice(0, 10));
  await screenshotIfAsked(page, screenshot, true);
  await page.getByTestId(`license-refund-${kind}-confirm`).click();
}

const fill = (page: Page, field: string, value: string) =>
  page.getByTestId(`license-${field}`).locator('input').fill(value);

describe('licensing journey', () => {
  it('takes an outgoing licence from enquiry to paid with an advance to the payee’s statement, whose drill-down names the licence', async () => {
    const { page, errors } = await signedInManagerPage(
      browser,
      cloudUrl(),
      own.manager,
      { id: own.companyId, name: own.name },
      '/user/licensing',
    );
    await page.getByRole('link', { name: 'New outgoing licence' }).click();
    await expect.poll(() => text(page)).toContain('Licensee name');
    await fill(page, 'licensee_name', licensee);
    await screenshotIfAsked(page, 'test-results/licensing-new-outgoing.png', true);
    // A new licence's empty lists say how to fill them, not that no splits add up to 0 %.
    expect(await page.getByTestId('license-assets-empty').innerText()).toContain('No assets yet: choose Add an asset');
    expect(await page.getByText('Splits add up to 0%').count()).toBe(0);
    expect(await page.getByTestId('license-contacts-empty').innerText()).toBe(
      'No contacts yet: choose Add a contact to add one',
    );
    await fill(page, 'usage', 'Closing credits of a feature film');
    await fill(page, 'licensee_country', 'GB');
    await fill(page, 'territory', 'World');
    await fill(page, 'fee', '120.00');
    // The fee's currency is chosen from the currencies list, by code or name, the company's own first chosen.
    const currency = page.getByTestId('license-fee_currency');
    expect(await currency.innerText()).toContain('GBP — British Pound');
    await currency.locator('button').first().click();
    await page.keyboard.type('swiss');
    await expect.poll(() => page.getByRole('option').allInnerTexts()).toEqual(['CHF — Swiss Franc']);
    await page.getByRole('option', { name: 'CHF — Swiss Franc' }).click();
    expect(await currency.innerText()).toContain('CHF — Swiss Franc');
    await currency.locator('button').first().click();
    await page.keyboard.type('GBP');
    await page.getByRole('option', { name: 'GBP — British Pound' }).click();
    await fill(page, 'advance_fee', '20.00');
    await fill(page, 'report_every_months', '3');
    await page.getByRole('button', { name: 'Add a contact' }).click();
    await page.getByPlaceholder('Name', { exact: true }).fill('Ann Supervisor');
    await page.getByPlaceholder('E-mail', { exact: true }).fill(`ann.${stamp}@film.example`);
    await page.getByTestId('license-add-asset').click();
    expect(await page.getByTestId('license-assets-empty').count()).toBe(0);
    await page.getByTestId('license-asset-0').first().click();
    await page.keyboard.type(track);
    await page.getByRole('option', { name: track }).first().click();
    // A day that does not exist is refused in the form's words, never moved to another day.
    await fill(page, 'license_start_date', '45/13/2026');
    await page.getByTestId('license-save').click();
    await expect.poll(() => text(page)).toContain('Licence start date must be a whole date (DD/MM/YYYY)');
    await fill(page, 'license_start_date', '');
    await page.getByTestId('license-save').click();

    await expect.poll(() => page.getByTestId('license-status').textContent()).toBe('Enquiry');
    // The licensee's country is named, never shown as its code.
    expect(await text(page)).toContain('United Kingdom');
    expect(await text(page)).not.toMatch(/Country\s*GB\b/);
    for (const [step, word] of [
      ['quoted', 'Quoted'],
      ['negotiating', 'Negotiating'],
      ['signed', 'Signed'],
    ] as const) {
      await page.getByTestId(`license-move-${step}`).click();
      await expect.poll(() => page.getByTestId('license-status').textContent()).toBe(word);
    }
    // The quote and the licence are written from the templates; the advance comes on signing.
    await expect.poll(() => page.getByTestId('license-papers').textContent()).toContain('Quote (PDF)');
    await expect.poll(() => page.getByTestId('license-next-report').textContent()).toContain('Next report due on');
    await page.getByTestId('license-record-advance').click();
    await expect.poll(() => page.getByTestId('license-ledger-lines').textContent()).toContain('Licence advance');
    // Asked first, with what the invoice will print of the licensee: cancelled, nothing is numbered.
    await page.getByTestId('license-issue-invoice').click();
    await expect.poll(() => page.getByRole('dialog').textContent()).toContain('is then final');
    expect(await page.getByRole('dialog').textContent()).toContain(licensee);
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.getByTestId('license-status').textContent()).toBe('Signed');
    await page.getByTestId('license-issue-invoice').click();
    await page.getByTestId('license-issue-invoice-confirm').click();
    await expect.poll(() => page.getByTestId('license-status').textContent()).toBe('Invoiced');
    await expect.poll(() => page.getByTestId('license-invoice').textContent()).toContain('Invoice LI-000001');
    expect(await page.getByTestId('license-invoice').textContent()).toContain('Less the advance received');
    expect(await page.getByTestId('license-invoice').textContent()).toContain(`Billed to${licensee}`);
    // An issued invoice is corrected by a credit note, never changed: the reason is asked for, then the licence is
    // signed again, the invoice listed with its credit note, and a new invoice takes the next number.
    await page.getByTestId('license-credit-invoice').click();
    await page.getByTestId('license-credit-confirm').click();
    await expect.poll(() => page.getByText('Reason is required').count()).toBe(1);
    await page.getByTestId('license-credit-reason').locator('textarea').fill('Billed to the wrong office');
    await page.getByTestId('license-credit-confirm').click();
    await expect.poll(() => page.getByTestId('license-status').textContent()).toBe('Signed');
    const credited = page.getByTestId('license-credited-invoices');
    await expect.poll(() => credited.textContent()).toContain('LC-000001');
    for (const words of ['LI-000001', 'Billed to the wrong office', '£120.00'])
      expect(await credited.textContent()).toContain(words);
    expect(await page.getByText('Invoice LI-000001 cancelled by credit note LC-000001').count()).toBe(1);
    await screenshotIfAsked(page, 'test-results/licensing-credited.png', true);
    // The credited invoice's nine columns fit the page at 1,400 px: who credited it and when it was sent are seen.
    expect(await sidewaysScrollers(page)).toEqual([]);
    // Each document's number stays on one line ("LI-000001", never "LI-" over "000001").
    const numberLines = await credited
      .getByTestId('licence-document-number')
      .evaluateAll((spans) => spans.map((span) => `${span.textContent} ${span.getClientRects().length}`));
    expect(numberLines).toEqual(['LI-000001 1', 'LC-000001 1']);
    await page.getByTestId('license-issue-invoice').click();
    await page.getByTestId('license-issue-invoice-confirm').click();
    await expect.poll(() => page.getByTestId('license-invoice').textContent()).toContain('Invoice LI-000002');
    // An invoice not yet paid says so where its payment day will be, not an empty line.
    expect(await page.getByTestId('license-invoice').textContent()).toContain('Paid onNot paid yet');
    // Sent to the licensee's contact with its PDF attached, and the page says so.
    await page.getByTestId('license-mail-LI-000002').click();
    await expect.poll(() => page.getByTestId('license-mail-to').textContent()).toContain('Ann Supervisor');
    await screenshotIfAsked(page, 'test-results/licensing-mail.png', true);
    await page.getByTestId('license-mail-confirm').click();
    await expect
      .poll(() => page.getByTestId('license-invoice').textContent())
      .toContain(`Sentann.${stamp}@film.example on`);
    await page.getByTestId('license-record-payment').click();
    await expect.poll(() => page.getByTestId('license-status').textContent()).toBe('Paid');
    await expect.poll(() => page.getByTestId('license-ledger-lines').textContent()).toContain(track);
    await expect.poll(() => page.getByTestId('license-ledger-lines').textContent()).toContain('£100.00');
    expect(await page.getByTestId('license-ledger-lines').textContent()).toContain('£20.00');
    // Pay periods read as months ("Dec 2026"), as on every page, not as stored ("2026-12").
    expect(await page.getByTestId('license-ledger-lines').textContent()).not.toMatch(/\d{4}-\d{2}/);
    expect(await page.getByTestId('license-ledger-lines').textContent()).toMatch(/[A-Z][a-z]{2} \d{4}/);
    await screenshotIfAsked(page, 'test-results/licensing-detail.png', true);
    const licenceUrl = page.url();

    // The register of invoices and credit notes, from the hub: the credited invoice, its credit note taking it back
    // out, and the invoice that replaced it, paid.
    await page.goto(`${cloudUrl()}/user/licensing`);
    await page.getByRole('link', { name: 'Invoices and credit notes' }).click();
    const register = page.getByTestId('licence-invoices');
    await expect.poll(() => register.textContent()).toContain('LC-000001');
    for (const words of ['LI-000001', 'LI-000002', 'Credited by LC-000001', 'Credits LI-000001', '-£120.00', 'Paid on'])
      expect(await register.textContent()).toContain(words);
    expect(await page.getByTestId('licence-invoices-totals').textContent()).toContain('GBP: 3 documents');
    // Its days are typed as every form's are (DD/MM/YYYY, or picked from the calendar beside them).
    for (const end of ['from', 'to'])
      expect(await page.getByTestId(`licence-invoices-${end}`).locator('input').inputValue()).toMatch(
        /^\d{2}\/\d{2}\/\d{4}$/,
      );
    expect(await page.locator('main').first().textContent()).toContain('DD/MM/YYYY');
    await screenshotIfAsked(page, 'test-results/licensing-invoices.png', true);

    // The royalties list shows the line, the licensee as its retailer.
    await page.goto(`${cloudUrl()}/user/royalties`);
    await expect.poll(() => text(page)).toContain(licensee);
    await screenshotIfAsked(page, 'test-results/licensing-royalties.png', true);

    // The hub counts it among the paid licences, with its fee.
    await page.goto(`${cloudUrl()}/user/licensing`);
    // Said as money paid to the label: a licence in's fee is money it pays, never added to this.
    await expect.poll(() => page.getByTestId('pipeline-paid').textContent()).toContain('£120.00 from licensees');
    expect(await page.getByTestId('licensing-reminders').count()).toBe(1);
    await screenshotIfAsked(page, 'test-results/licensing-hub.png', true);

    // Every licence in one list, each opening its own page; the list fits the page at 1,400 px.
    await page.getByRole('link', { name: 'All licences' }).click();
    const list = page.getByTestId('licenses-table');
    await expect.poll(() => list.textContent()).toContain(licensee);
    expect(await sidewaysScrollers(page)).toEqual([]);
    await screenshotIfAsked(page, 'test-results/licensing-list.png', true);
    await list.getByRole('link', { name: new RegExp(licensee) }).click();
    await page.waitForURL(licenceUrl);

    // The recording's page lists the licence that names it.
    await page.goto(`${cloudUrl()}/user/recordings/${recordingId}`);
    await expect.poll(() => page.getByTestId('asset-licenses').textContent()).toContain(licensee);
    await screenshotIfAsked(page, 'test-results/licensing-recording.png', true);

    // The payee's statement for the month paid is published: it carries the licence's lines. The month is the
    // payment's (the page's today when it was recorded), not the month the test is in now, should it have turned since.
    const licenseId = new URL(licenceUrl).pathname.split('/').at(-1) ?? '';
    const paidOn = (await own.api.get(`/licenses/${licenseId}`)).body.license.payment_date as string;
    const period = paidOn.slice(0, 7);
    const created = await own.api.post('/statements', {
      payee_id: payeeId,
      start_pay_period: period,
      end_pay_period: period,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    let statementId = '';
    await expect
      .poll(
        async () => {
          const found = (await own.api.get(`/statements?statementable_type=Payee&statementable_id=${payeeId}`)).body
            .statements as { id: string; queue_status: string }[];
          statementId = found[0]?.id ?? '';
          return found[0]?.queue_status;
        },
        { timeout: 90_000 },
      )
      .toBe('published');
    await page.goto(`${cloudUrl()}/user/finances/statements/${statementId}`);
    await expect.poll(() => page.getByTestId('statement-summary-store').textContent()).toContain(licensee);
    // Why an amount opens more lines than it covers is said once, above the sources, not beside every amount.
    const sources = await page.getByTestId('statement-provenance').innerText();
    expect(sources.split('Each amount opens its lines.')).toHaveLength(2);
    expect(sources.split('\n').filter((line) => /no payee filter|have no import/.test(line))).toHaveLength(1);
    await screenshotIfAsked(page, 'test-results/licensing-statement.png', true);

    // The licensee's figure opens the statement's own lines behind it: both, adding up to its amount.
    await page.getByTestId(`statement-summary-store-${licensee}`).click();
    await page.waitForURL(/\/lines\?store=/);
    await expect
      .poll(() => page.getByTestId('statement-lines-total').textContent())
      .toBe('2 lines · quantity 2 · amount £120.00');
    // Its lines read to the cent, as the licence's own page shows them, not the ledger's millionths.
    expect(await page.getByTestId('statement-lines').innerText()).toContain('£100.00');
    expect(await page.getByTestId('statement-lines').innerText()).not.toMatch(/\d\.\d{3}/);
    expect(await page.getByTestId('statement-lines-filters').textContent()).toContain(`Store: ${licensee}`);
    await screenshotIfAsked(page, 'test-results/licensing-statement-lines.png', true);
    // In the royalties list, the same store's lines each name the licence they came from.
    const [year, month] = period.split('-').map(Number);
    const lastDay = new Date(Date.UTC(year ?? 0, month ?? 0, 0)).toISOString().slice(0, 10);
    await page.goto(
      `${cloudUrl()}/user/royalties?${new URLSearchParams({ start_date: `${period}-01`, end_date: lastDay, retailer: licensee })}`,
    );
    const named = `${licensee} (Closing credits of a feature film)`;
    await expect
      .poll(() => page.locator('[data-testid^="royalty-license-"]').allTextContents())
      .toEqual([named, named]);
    await screenshotIfAsked(page, 'test-results/licensing-drilldown.png', true);
    await page.locator('[data-testid^="royalty-license-"]').first().click();
    await page.waitForURL(new RegExp(`/user/licensing/${licenseId}$`));
    await expect.poll(() => page.getByTestId('license-status').textContent()).toBe('Paid');

    // Part of the fee is given back first (a territory dropped): a credit note with an amount refunds that net and its
    // VAT; the invoice stays paid and lists the refund beside what is still paid.
    await page.getByTestId('license-credit-invoice').click();
    await page.getByTestId('license-credit-kind').getByText('Refund part of what was paid').click();
    await page.getByTestId('license-credit-amount').locator('input').fill('10.00');
    await expect.poll(() => page.getByTestId('license-credit-preview').textContent()).toContain('Refunds £10.00');
    expect(await page.getByTestId('license-credit-refund-words').textContent()).toContain(
      'part of what was paid is refunded',
    );
    await page.getByTestId('license-credit-reason').locator('textarea').fill('Territory dropped');
    await screenshotIfAsked(page, 'test-results/licensing-part-refund-dialog.png', true);
    await page.getByTestId('license-credit-confirm').click();
    await expect.poll(() => page.getByTestId('license-reducing-credit-notes').textContent()).toContain('LC-000002');
    expect(await page.getByTestId('license-reducing-credit-notes').textContent()).toContain('refunded on');
    expect(await page.getByTestId('license-invoice').textContent()).toContain('Still paid after refunds');
    expect(await page.getByTestId('license-status').textContent()).toBe('Paid');
    await expect
      .poll(() => page.getByTestId('license-ledger-lines').textContent())
      .toContain('Licence fee partly refunded');
    await screenshotIfAsked(page, 'test-results/licensing-part-refunded.png', true);

    // The deal is called off after payment: the paid invoice's credit note refunds the rest, on the day asked, and
    // the payment's lines are reversed beside it, less the part refunded (the statement published above keeps them;
    // the next one gives them back).
    await page.getByTestId('license-credit-invoice').click();
    await expect.poll(() => page.getByTestId('license-credit-refund-words').textContent()).toContain('is refunded');
    await page.getByTestId('license-credit-reason').locator('textarea').fill('The film was cancelled');
    await page.getByTestId('license-credit-refund-date').locator('input').fill('2999-01-01');
    await page.getByTestId('license-credit-confirm').click();
    await expect.poll(() => page.getByText('Refund date must not be in the future').count()).toBe(1);
    await page.getByTestId('license-credit-refund-date').locator('input').fill(new Date().toISOString().slice(0, 10));
    await screenshotIfAsked(page, 'test-results/licensing-refund-dialog.png', true);
    await page.getByTestId('license-credit-confirm').click();
    await expect.poll(() => page.getByTestId('license-status').textContent()).toBe('Signed');
    await expect.poll(() => credited.textContent()).toContain('LC-000003');
    expect(await credited.textContent()).toContain('Not paid, nothing to refund');
    await expect.poll(() => page.getByTestId('license-ledger-lines').textContent()).toContain('Licence fee refunded');
    await screenshotIfAsked(page, 'test-results/licensing-refunded.png', true);
    expect(errors).toEqual([]);
    await page.close();
  }, 240_000);

  it('gives back the advance of a deal called off before its invoice', async () => {
    // Made through the API: signed with an advance received; the refund is what the page is for.
    const id = await signedLicence({
      type: 'outgoing',
      licensee_name: `Called Off Films ${stamp}`,
      usage: 'Teaser',
      fee: '80.00',
      fee_currency: 'GBP',
      advance_fee: '25.00',
      assets: [{ asset_type: 'recording', asset_id: recordingId, split: '100' }],
    });
    expect((await own.api.post(`/licenses/${id}/advance`, {})).status).toBe(200);

    const { page, errors } = await licencePage(id);
    await refundOnPage(page, 'advance', 'test-results/licensing-advance-refund.png');
    // The advance can be recorded again; its lines and their reversal are listed, and the history says why.
    await expect.poll(() => page.getByTestId('license-record-advance').count()).toBe(1);
    expect(await page.getByTestId('license-refund-advance').count()).toBe(0);
    expect(await page.getByTestId('license-ledger-lines').textContent()).toContain('Licence advance refunded: Teaser');
    expect(await page.getByText('Advance of £25.00 refunded on').count()).toBe(1);
    await screenshotIfAsked(page, 'test-results/licensing-advance-refunded.png', true);
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  it('says before an incoming licence is paid which contract recoups its cost, records the cost, and its refund', async () => {
    // Made through the API: a sampled artist under a contract recouping half its costs, and a signed incoming licence.
    const artist = (await own.api.post('/artists', { name: `Sampled Singer ${stamp}` })).body.artist.id as string;
    const recording = await own.api.post('/recordings', {
      title: `Sampled Song ${stamp}`,
      artist_recordings_attributes: [{ artist_id: artist, role: 'Main' }],
    });
    expect(recording.status, JSON.stringify(recording.body)).toBe(201);
    const contract = await own.api.post('/contracts', {
      contractable_type: 'artist',
      contractable_id: artist,
      type: 'artist_release_contract',
      contractee_type: 'payee',
      contractee_id: payeeId,
      contractee_legal_name: `Sampled Singer Ltd ${stamp}`,
      contractor_legal_name: 'Licensing Records Ltd',
      start_date: '2020-01-01',
      contract_payees: [{ payee_id: payeeId, share: '100' }],
      royalty_terms: { deal_type: 'net_receipts', recoupable_costs_percent: '50' },
    });
    expect(contract.status, JSON.stringify(contract.body)).toBe(201);
    expect((await own.api.patch(`/contracts/${contract.body.contract.id}`, { status: 'signed' })).status).toBe(200);
    const id = await signedLicence({
      type: 'incoming',
      licensee_name: `Sample Library ${stamp}`,
      usage: 'A drum break',
      fee: '60.00',
      fee_currency: 'GBP',
      assets: [{ asset_type: 'recording', asset_id: recording.body.recording.id, split: '100' }],
    });

    const { page, errors } = await licencePage(id);
    const note = page.getByTestId('license-cost-recoupment');
    await expect
      .poll(() => note.textContent())
      .toBe(
        `When paid, the fee is a cost of the contract with Sampled Singer Ltd ${stamp}: 50% of it is recouped from its payee’s statement.`,
      );
    expect(await note.getByRole('link').getAttribute('href')).toBe(`/user/artists/${artist}`);
    // The other party of an incoming licence is its licensor.
    expect(await page.getByText('Licensor', { exact: true }).count()).toBe(1);
    expect(await page.getByText('Licensee', { exact: true }).count()).toBe(0);
    await screenshotIfAsked(page, 'test-results/licensing-incoming-cost.png', true);
    await page.getByTestId('license-record-payment').click();
    await expect
      .poll(() => page.getByTestId('license-pipeline-end').textContent())
      .toContain(`Should the deal be called off and Sample Library ${stamp} give the money back, record the refund.`);
    expect(await note.count()).toBe(0);
    expect(await page.getByText('What was paid for this licence is recorded as expenses').count()).toBe(1);

    // The deal is called off and the library gives the fee back: the refund is recorded, the licence signed again.
    await refundOnPage(page, 'payment', 'test-results/licensing-incoming-refund.png');
    await expect.poll(() => page.getByTestId('license-status').textContent()).toBe('Signed');
    expect(await page.getByText(`Payment of £60.00 refunded by Sample Library ${stamp} on`).count()).toBe(1);
    // Signed again, it may be paid again, and says again who would bear the cost.
    expect(await page.getByTestId('license-record-payment').count()).toBe(1);
    expect(await note.count()).toBe(1);
    await screenshotIfAsked(page, 'test-results/licensing-incoming-refunded.png', true);
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  it('edits the company’s licence template, naming a placeholder the licence cannot fill', async () => {
    const { page, errors } = await signedInManagerPage(
      browser,
      cloudUrl(),
      own.manager,
      { id: own.companyId, name: own.name },
      '/user/licensing',
    );
    await page.getByRole('link', { name: 'Templates' }).click();
    await page.getByTestId('document-template-choice').getByText('Master use licence').click();
    await expect.poll(() => page.getByTestId('document-template').textContent()).toContain('The standard text.');
    const text = page.getByTestId('document-template-text').locator('textarea');
    await text.fill('OUR LICENCE to {{licensee}}: {{fee_in_words}}');
    await page.getByTestId('document-template-save').click();
    await expect
      .poll(() => page.getByTestId('document-template').textContent())
      .toContain('{{fee_in_words}} is not a placeholder this document can fill');
    await text.fill('OUR LICENCE to {{licensee}} for {{usage}}: {{fee}}');
    await page.getByTestId('document-template-save').click();
    await expect.poll(() => page.getByTestId('document-template').textContent()).toContain('Your company’s own text.');
    await screenshotIfAsked(page, 'test-results/licensing-templates.png', true);
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);
});
