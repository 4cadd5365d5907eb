import type { Page } from 'playwright-core';

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
