import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** What a field shows: its text, and the values of its inputs (an autosuggest holds its choice in an input). */
const shown = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .first()
    .evaluate((field) =>
      [(field as HTMLElement).innerText, ...[...field.querySelectorAll('input')].map((input) => input.value)]
        .map((text) => text.trim())
        .filter(Boolean),
    );

/**
 * Opens a select or autosuggest, types `text` into its filter and chooses the first option named `option` (a
 * string matches a part of the name, any case). The options are redrawn as the typed filter is answered, and a
 * click that lands while they move can choose the option drawn under the pointer instead: so the choice is read
 * back from the field and made again if it missed (three tries), and the test fails naming what the field shows.
 */
export async function pickOption(page: Page, testId: string, text: string, option: string | RegExp) {
  const matches = (value: string) =>
    typeof option === 'string' ? value.toLowerCase().includes(option.toLowerCase()) : option.test(value);
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    await page.getByTestId(testId).first().click();
    await page.keyboard.type(text);
    await page.getByRole('option', { name: option }).first().click();
    if ((await shown(page, testId)).some(matches)) return;
  }
  const texts = await shown(page, testId);
  expect(texts.some(matches), `${testId} shows the option chosen (${String(option)}), not ${texts.join(' | ')}`).toBe(
    true,
  );
}
