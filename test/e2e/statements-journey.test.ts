import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { cloudUrl, inCompany } from '../support/api.js';
import { openManagerSession, screenshotIfAsked, JOURNEY } from '../support/browser.js';
import { payeeWithEarnings } from '../support/payee-earnings.js';
import { formatMoney } from '../../shared/money.js';

/**
 * Statements end to end in Chromium: a run for a payee owed money is previewed and
 * published, the statement opens with its account adding up, its PDF downloads, its net revenue
 * drills down to the lines behind it, and it is marked paid.
 */
let browser: Browser;
let page: Page;
let errors: string[];
let api: ReturnType<typeof inCompany>;
let payee: { id: string; name: string };
const stamp = Date.now();

beforeAll(async () => {
  const session = await openManagerSession('Statements journey');
  ({ browser, page, errors } = session);
  api = inCompany(session.token, session.company.id);
  ({ payee } = await payeeWithEarnings(api, stamp));
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

/** Types a month into a Cloudscape month picker found by its wrapper's test id. */
async function month(testId: string, value: string) {
  const input = page.getByTestId(testId).locator('input');
  await input.fill(value);
  await input.press('Tab');
}

describe('a statement in the browser', JOURNEY, () => {
  it('previews and publishes a run for one payee', async () => {
    await page.goto(`${cloudUrl()}/user/finances/statement_run`);
    // No period: the product's message, and no run is started.
    await page.getByTestId('statement-run-preview').click();
    await page.getByText('Please Choose Statement Periods').first().waitFor();
    expect(page.url()).not.toContain('run=');
    await month('statement-run-period-start', '2024/01');
    await month('statement-run-period-end', '2024/02');
    await page.getByTestId('statement-run-payees').locator('button').first().click();
    await page.keyboard.type(payee.name);
    await page.getByRole('option', { name: payee.name }).first().click();
    await page.keyboard.press('Escape');
    await page.getByTestId('statement-run-preview').click();

    const preview = page.getByTestId('run-preview-rows');
    await preview.getByText(payee.name).waitFor({ timeout: 60_000 });
    // The periods are chosen: the message that asked for them is gone, not left over the preview.
    expect(await page.getByText('Please Choose Statement Periods').count()).toBe(0);
    await expect.poll(() => page.getByTestId('run-totals-mismatch').count()).toBe(0);
    // Publish asks first, saying what it will do; Cancel publishes nothing.
    await page.getByTestId('run-publish').click();
    await page.getByTestId('run-publish-consequence').waitFor();
    await screenshotIfAsked(page, '/tmp/shots/publish-confirm.png');
    expect(await page.getByTestId('run-publish-consequence').innerText()).toContain(
      '1 statement will be numbered and published.\n1 will be e-mailed to its payee.',
    );
    await page.getByTestId('run-publish-cancel').click();
    expect(await page.getByTestId('run-status').innerText()).not.toMatch(/publish/i);
    await page.getByTestId('run-publish').click();
    await page.getByTestId('run-publish-confirm').click();
    await page.getByTestId('run-published').waitFor({ timeout: 60_000 });
    await screenshotIfAsked(page, '/tmp/shots/run-published.png', true);
  }, 120_000);

  it('opens the statement: the account adds up to what the API says, and the PDF downloads', async () => {
    const [statement] = (await api.get(`/statements?statementable_type=Payee&statementable_id=${payee.id}`)).body
      .statements as { id: string; number: string; figures: Record<string, string> }[];
    expect(statement.number).toMatch(/^ST-\d{6}$/);
    await page.getByTestId('run-statements-link').click();
    // The list says the period in months, not the stored "2024-01 – 2024-02".
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: statement.number }) });
    await expect.poll(() => row.innerText()).toContain('Jan 2024 to Feb 2024');
    expect(await row.innerText()).not.toContain('2024-01');
    await page.getByRole('link', { name: statement.number }).first().click();
    await expect.poll(() => page.getByTestId('statement-number').textContent()).toBe(statement.number);
    await expect
      .poll(() => page.getByTestId('statement-figure-closing_balance').textContent())
      .toBe(`£${statement.figures.closing_balance}`);
    await expect.poll(() => page.getByTestId('statement-figures-mismatch').count()).toBe(0);
    // The control figures read as money, to the millionth, as the CSV sums them.
    const control = (await api.get(`/statements/${statement.id}`)).body.statement.control;
    expect(await page.getByTestId('statement-control').innerText()).toContain(
      `total of the lines ${formatMoney(control.lines_total, 'GBP', { precision: 'exact' })} (exact)`,
    );

    // The button opens the presigned URL in a new tab; the test keeps the URL and reads the file itself.
    await page.evaluate(() => {
      window.open = (url) => {
        document.body.dataset.opened = String(url);
        return null;
      };
    });
    await page.getByTestId('statement-pdf').click();
    await expect.poll(() => page.evaluate(() => document.body.dataset.opened ?? '')).toMatch(/^http/);
    const pdf = await fetch(await page.evaluate(() => document.body.dataset.opened ?? ''));
    expect(pdf.status).toBe(200);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  }, 60_000);

  it("drills down from net revenue to the statement's own lines behind it, adding up to it", async () => {
    const detail = page.url();
    const statementId = new URL(detail).pathname.split('/').at(-1) ?? '';
    const shown = (await api.get(`/statements/${statementId}`)).body.statement;
    await page.getByTestId('statement-figure-royalties').click();
    await page.waitForURL(/\/lines$/);
    await page.getByText(`Paid Track ${stamp}`).first().waitFor({ timeout: 30_000 });
    // Every line of the statement (no filter), its amount the server's lines total shown to the cent, as every amount
    // on screen is; the lines' own amounts are to the cent too, never the ledger's millionths.
    const total = (await page.getByTestId('statement-lines-total').textContent()) ?? '';
    expect(total).toMatch(/^\d+ lines? · quantity [\d,]+ · amount /);
    expect(total).toBe(
      `${shown.control.lines} ${shown.control.lines === 1 ? 'line' : 'lines'} · quantity ${total.split(' · ')[1]?.replace('quantity ', '')} · amount ${formatMoney(shown.control.lines_total, shown.currency)}`,
    );
    const table = await page.getByTestId('statement-lines').innerText();
    expect(table).toMatch(/£\d[\d,]*\.\d{2}\b/);
    expect(table).not.toMatch(/\d\.\d{3}/);
    // The heading says whose statement and its months as the product writes them.
    await page.getByText(`${payee.name} · Jan 2024 to Feb 2024 ·`).first().waitFor();
    expect(await page.locator('main').first().innerText()).not.toContain('2024-01');
    await screenshotIfAsked(page, '/tmp/statement-lines.png', true);
    await page.goto(detail);
  }, 60_000);

  it('marks it paid with the product’s message', async () => {
    await page.getByTestId('statement-pay').click();
    await page.getByTestId('pay-reference').locator('input').fill(`REF-${stamp}`);
    await page.getByTestId('pay-confirm').click();
    await page.getByText('Statement Marked as Paid').first().waitFor();
    await page.getByTestId('statement-unpay').waitFor();
    const [statement] = (await api.get(`/statements?statementable_type=Payee&statementable_id=${payee.id}`)).body
      .statements as { paid: boolean; payment: { payment_reference: string } | null }[];
    expect(statement).toMatchObject({ paid: true, payment: { payment_reference: `REF-${stamp}` } });
    expect(errors).toEqual([]);
  }, 60_000);
});
