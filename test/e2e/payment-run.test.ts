import { mkdirSync, readFileSync } from 'node:fs';
import Big from 'big.js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { call, cloudUrl, demo } from '../support/api.js';
import { launchChromium, signedInManagerPage, screenshotIfAsked } from '../support/browser.js';
import { dueStatement } from '../support/due-statements.js';
import { ownLabelManager } from '../support/own-company.js';
import { publishHandStatement } from '../support/published-statements.js';

/**
 * A payment run end to end in Chromium: due statements of a payee paid by SEPA → the
 * run previewed → its SEPA file exported, downloaded and valid against the EPC schema with the
 * statements' amounts to the cent → confirmed once the bank accepted it → the statements list
 * shows them paid. The statements are written as the statements worker would (published, unpaid).
 */
let browser: Browser;
let page: Page;
let errors: string[];
const stamp = Date.now();
const name = `Sepa Payee ${stamp}`;
const amounts = ['1234.57', '0.99'];
let statements: { id: string; number: string }[] = [];
let payeeId: string;
/** An artist and a distributed label paid by UK bank transfer: their pages show the same masked panel. */
let artistId: string;
let labelId: string;
/** A payee with two unpaid statements (Q1 30.00 carried into Q2: 70.00 owed). */
const carriedName = `Carried Payee ${stamp}`;
let carriedId: string;
/** The file's company, as the API is called in it. */
let as: { token: string; company: string };

beforeAll(async () => {
  // A distributed company of this file's own: the run pays only the payees made here.
  const manager = await ownLabelManager('Payment run');
  const company = manager.distributed;
  const { admin } = manager.own;
  as = { token: admin, company: company.id };
  const payee = (await call('POST', '/api/v1/payees', { ...as, body: { name } })).body.payee;
  payeeId = payee.id;
  const details = await call('PUT', `/api/v1/payees/${payee.id}/payout_details`, {
    ...as,
    body: { method: 'sepa', account_name: name, iban: 'FR1420041010050500013M02606', bic: 'PSSTFRPPXXX' },
  });
  expect(details.status).toBe(200);
  const debtor = await call('PUT', '/api/v1/company/debtor_account', {
    ...as,
    body: { name: company.name, iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
  });
  expect(debtor.status).toBe(200);
  const uk = { method: 'uk_bulk', sort_code: '20-00-00', account_number: '55779911' };
  artistId = (await call('POST', '/api/v1/artists', { ...as, body: { name: `Paid Artist ${stamp}` } })).body.artist.id;
  labelId = (await call('POST', '/api/v1/labels', { ...as, body: { name: `Paid Label ${stamp}`, distributed: true } }))
    .body.label.id;
  for (const path of [`artists/${artistId}`, `labels/${labelId}`]) {
    const saved = await call('PUT', `/api/v1/${path}/payout_details`, {
      ...as,
      body: { ...uk, account_name: `Paid ${stamp}` },
    });
    expect(saved.status).toBe(200);
  }
  const carried = (await call('POST', '/api/v1/payees', { ...as, body: { name: carriedName } })).body.payee;
  carriedId = carried.id;
  const me = (await call('GET', '/api/v1/me', { token: admin })).body.user.id;
  const account = { type: 'Payee' as const, id: carried.id, name: carriedName };
  await publishHandStatement(company.id, me, account, ['2027-01', '2027-03'], '30.000000');
  await publishHandStatement(company.id, me, account, ['2027-04', '2027-06'], '40.000000');
  statements = [];
  for (const amount of amounts) statements.push(await dueStatement(company.id, payee, amount));
  browser = await launchChromium();
  ({ page, errors } = await signedInManagerPage(browser, cloudUrl(), demo.admin, company));
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

describe('a payment run in the browser', () => {
  it('goes from due statements to a valid SEPA file, then marks them paid', async () => {
    await page.goto(`${cloudUrl()}/distribution/finances/payment_run`);
    const due = page.getByTestId('payments-due');
    await expect.poll(() => due.textContent()).toContain(name);
    // Only this payee's statements: clear the default choice (every payable account), then choose it.
    await page.getByRole('checkbox', { name: 'Pay every account' }).click();
    await page.getByRole('checkbox', { name: `Pay ${name}` }).click();
    // A day that does not exist is refused beside the field, named as the field names it (never the API's name).
    await page.getByTestId('payment-run-date').locator('input').fill('30/02/2026');
    await page.getByTestId('payment-run-preview').click();
    await page.getByText('Pay on must be a whole date (DD/MM/YYYY)').waitFor();
    expect(await page.getByTestId('payments-due').textContent()).not.toContain('Execution date');
    await page.getByTestId('payment-run-date').locator('input').fill('01/12/2026');
    // Two unpaid statements of one payee are owed once: the later one, which carries the earlier.
    await expect.poll(() => page.getByTestId(`due-payable-${carriedId}`).textContent()).toBe('£70.00');
    expect(await page.getByTestId(`due-carried-${carriedId}`).textContent()).toMatch(/^carries ST-\d{6}$/);
    await page.getByTestId('payment-run-preview').click();
    await expect.poll(() => page.getByTestId('payment-run-status').textContent()).toBe('Preview');
    expect(await page.getByTestId('payment-run-total-EUR').textContent()).toBe('EUR 1,235.56');

    await page.getByTestId('payment-run-export').click();
    // Export asks first: it freezes the run and makes files to upload once; nothing is paid yet.
    expect(await page.getByTestId('payment-run-export-consequence').innerText()).toContain('(EUR 1,235.56)');
    await screenshotIfAsked(page, '/tmp/shots/export-confirm.png');
    await page.getByTestId('payment-run-export-confirm').click();
    await page.getByTestId('payment-run-files').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('payment-run-files').textContent()).toContain('Valid against pain.001.001.09.xsd');
    mkdirSync('/tmp/shots', { recursive: true });
    await screenshotIfAsked(page, '/tmp/shots/payment-run.png', true);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('payment-run-download-sepa-eur-1.xml').click(),
    ]);
    expect(download.suggestedFilename()).toBe('payment-run-2026-12-01-sepa-eur-1.xml');
    const xml = readFileSync(await download.path(), 'utf8');
    Object.assign(process.env, inject('cloudEnv'));
    const { schemaFindings, statedAmounts } = await import('../../functions/money/payouts/files/xsd.js');
    expect(schemaFindings(xml)).toEqual([]);
    const stated = statedAmounts(xml);
    const expected = statements.map((s, i) => ({ endToEndId: s.number, amount: amounts[i], currency: 'EUR' }));
    const byId = (a: { endToEndId: string }, b: { endToEndId: string }) => a.endToEndId.localeCompare(b.endToEndId);
    expect(stated.transactions.sort(byId)).toEqual(expected.sort(byId));
    const sum = amounts.reduce((t, a) => t.plus(a), new Big(0)).toFixed(2);
    expect(stated.controlSums).toEqual([sum, sum]);

    await page.getByTestId('payment-run-confirm').click();
    await page.getByTestId('payment-run-confirm-yes').click();
    await expect.poll(() => page.getByTestId('payment-run-status').textContent()).toBe('Paid');
    // Each statement the run paid opens, and so does the payment that recorded it.
    const [first] = statements;
    expect(await page.getByTestId(`run-statement-${first?.id}`).getAttribute('href')).toBe(
      `/distribution/finances/statements/${first?.id}`,
    );
    expect(await page.getByTestId(`run-payment-${first?.id}`).getAttribute('href')).toMatch(
      /^\/distribution\/finances\/payments\/[^/]+$/,
    );

    await page.goto(`${cloudUrl()}/distribution/finances/statements`);
    for (const statement of statements)
      await expect.poll(() => page.getByTestId(`statement-paid-${statement.id}`).textContent()).toBe('Paid');
    expect(errors).toEqual([]);
  }, 120_000);

  it('shows the payee’s payout details masked on its page, never in full', async () => {
    await page.goto(`${cloudUrl()}/user/payees/${payeeId}`);
    const panel = page.getByTestId('payout-details');
    await expect.poll(() => panel.textContent()).toContain('•••• 2606');
    expect(await page.content()).not.toContain('20041010050500013');
    await screenshotIfAsked(page, '/tmp/shots/payee-payout-details.png', true);
    // The payee's page leads to its account (balance, statements, payments), where the accountant works.
    await page.getByTestId('payee-account-link').click();
    await page.waitForURL(new RegExp(`/user/payees/${payeeId}/accounting$`));
    await page.getByTestId('account-balance').waitFor();
    expect(errors).toEqual([]);
  });

  it('shows an artist’s and a distributed label’s payout details masked on their pages too', async () => {
    for (const [path, shot] of [
      [`/user/artists/${artistId}`, 'artist'],
      [`/user/labels/${labelId}`, 'label'],
    ]) {
      await page.goto(`${cloudUrl()}${path}`);
      const panel = page.getByTestId('payout-details');
      await expect.poll(() => panel.textContent()).toContain('•••• 9911');
      expect(await panel.textContent()).toContain('UK bulk payment');
      expect(await page.content()).not.toContain('55779911');
      await screenshotIfAsked(page, `/tmp/shots/${shot}-payout-details.png`, true);
    }
    expect(errors).toEqual([]);
  });

  it('pays a pound statement by SEPA in euro at the rate the run is given', async () => {
    const euroName = `Euro Account ${stamp}`;
    const payee = (await call('POST', '/api/v1/payees', { ...as, body: { name: euroName } })).body.payee;
    const details = await call('PUT', `/api/v1/payees/${payee.id}/payout_details`, {
      ...as,
      body: { method: 'sepa', account_name: euroName, iban: 'FR1420041010050500013M02606', bic: 'PSSTFRPPXXX' },
    });
    expect(details.status).toBe(200);
    const statement = await dueStatement(as.company, payee, '1234.57', 'GBP');
    await page.goto(`${cloudUrl()}/distribution/finances/payment_run`);
    const due = page.getByTestId('payments-due');
    await expect.poll(() => due.textContent()).toContain(euroName);
    expect(await due.textContent()).toContain("paid in EUR at the run's rate");
    await page.getByRole('checkbox', { name: 'Pay every account' }).click();
    await page.getByRole('checkbox', { name: `Pay ${euroName}` }).click();
    // The run asks the rate for the pair it converts, and refuses to be made without it.
    await page.getByTestId('payment-run-preview').click();
    await expect
      .poll(() => page.getByTestId('payments-due-errors').textContent())
      .toContain(`Give the rate from GBP to EUR: ${euroName} is paid in EUR`);
    await page.getByTestId('payment-run-rate-GBP-EUR').locator('input').fill('1.165');
    await page.getByTestId('payment-run-preview').click();
    await expect.poll(() => page.getByTestId('payment-run-status').textContent()).toBe('Preview');
    // 1,234.57 × 1.165 = 1,438.27405: half-up to the cent.
    expect(await page.getByTestId('payment-run-total-EUR').textContent()).toBe('EUR 1,438.27');
    expect(await page.getByTestId('payment-run-items').textContent()).toContain('£1,234.57 → EUR 1,438.27');
    expect(await page.getByTestId('payment-run-rates').textContent()).toContain('1 GBP = 1.165 EUR');
    await screenshotIfAsked(page, '/tmp/shots/payment-run-converted.png', true);
    await page.getByTestId('payment-run-cancel').click();
    await expect.poll(() => page.getByTestId('payment-run-status').textContent()).toBe('Cancelled');
    expect(statement.number).toMatch(/^PR-/);
    expect(errors).toEqual([]);
  }, 90_000);
});
