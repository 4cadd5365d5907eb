import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { cloudUrl, inCompany } from '../support/api.js';
import { openManagerSession, screenshotIfAsked } from '../support/browser.js';
import { cutOffColumns, withSideMenuOpen } from '../support/table-columns.js';

/**
 * A label's expenses as its accountant sees them: the list (dates as "1st Feb 2026", money with its currency), an
 * expense's form, and a paid expense refused deletion with the words the product fixes, before any call is made.
 */
let browser: Browser;
let page: Page;
let errors: string[];
let label: { id: string; name: string };
let paid: { id: string; description: string };

beforeAll(async () => {
  const session = await openManagerSession('Expenses journey');
  ({ browser, page, errors } = session);
  const api = inCompany(session.token, session.company.id);
  label = (await api.post('/labels', { name: `Expenses Label ${Date.now()}` })).body.label;
  const made = await api.post('/expenses', {
    date: '2026-02-01',
    description: 'Sleeve artwork',
    supplier: 'Acme Print',
    category: 'Artwork',
    subtotal: '100',
    vat: '20',
    paid: true,
    expensable_id: label.id,
  });
  expect(made.status).toBe(201);
  paid = made.body.expense;
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

describe("a label's expenses", () => {
  it('lists them, opens one, and refuses to delete a paid one', async () => {
    const query = new URLSearchParams({ label_id: label.id, label_name: label.name });
    await page.goto(`${cloudUrl()}/user/labels/finances/expenses?${query}`);
    const row = page.getByRole('row', { name: /Sleeve artwork/ });
    await row.waitFor({ timeout: 20_000 });
    const text = await row.innerText();
    expect(text).toContain('1st Feb 2026');
    expect(text).toContain('£120.00');
    await screenshotIfAsked(page, '/tmp/shots/expenses-list.png', true);
    // Every column is on the page at 1,400 px, the side menu open: none is cut off behind a sideways scroll.
    await withSideMenuOpen(page, 'expenses-table', 'Sleeve artwork');
    expect(await cutOffColumns(page, 'expenses-table', 'Sleeve artwork', page.viewportSize()?.width ?? 0)).toEqual([]);
    // The subtotal and VAT under the total, whether a statement carries it under the paid mark.
    for (const shown of ['£100.00', '£20.00', 'Not on a statement']) expect(text).toContain(shown);

    await row.getByRole('radio').check();
    await page.getByTestId('expenses-delete').click();
    await expect.poll(() => page.locator('body').innerText()).toContain('You cannot delete a paid expense');

    await page.getByTestId(`expense-link-${paid.id}`).click();
    await page.getByTestId('expense-field-description').waitFor();
    await screenshotIfAsked(page, '/tmp/shots/expense-form.png', true);
    expect(errors).toEqual([]);
  }, 90_000);
});
