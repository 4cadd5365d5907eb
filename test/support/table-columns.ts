import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Each column header of the table (by test id) whose right edge lies past the table's own right edge, or past the
 * window's (`width`): a column cut off, to be scrolled to sideways. Waits for a row that holds `row` first.
 */
export async function cutOffColumns(on: Page, testId: string, row: string, width: number): Promise<string[]> {
  const table = on.getByTestId(testId);
  await table.locator('tbody tr').filter({ hasText: row }).first().waitFor({ timeout: 60_000 });
  const box = await table.boundingBox();
  const right = Math.min(box ? box.x + box.width : 0, width);
  const cut: string[] = [];
  for (const header of await table.locator('thead th').all()) {
    const cell = await header.boundingBox();
    if (cell && cell.x + cell.width > right + 1) cut.push((await header.innerText()).trim());
  }
  return cut;
}

/**
 * The side menu open, as a person keeps it: the layout may fold it away while a page loads (it
 * measures its room before it has it), and a table measured then has the menu's room as well. Waits for the table's
 * row `row` first, so the page has loaded.
 */
export async function withSideMenuOpen(on: Page, testId: string, row: string) {
  await on.getByTestId(testId).locator('tbody tr').filter({ hasText: row }).first().waitFor({ timeout: 60_000 });
  // Folded, the menu is a narrow strip of icons (the layout's toolbar, holding the button that opens it, is named
  // alike and comes first); open, its words take some 280 px.
  const menuWidth = async () =>
    (await on.getByRole('navigation', { name: 'Side menu' }).last().boundingBox())?.width ?? 0;
  if ((await menuWidth()) < 200) await on.getByRole('button', { name: 'Expand side menu' }).first().click();
  await expect.poll(menuWidth).toBeGreaterThan(200);
}
