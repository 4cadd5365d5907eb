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
    // The typed text replaces whatever the filter still holds (an earlier search the field kept while it closed
    // and opened again would make it "<old text><text>", which matches nothing).
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(text);
    // 15 s a try, so that three tries fit in a test's minute: a missed try is a click that landed elsewhere.
    const clicked = await page
      .getByRole('option', { name: option })
      .first()
      .click({ timeout: 15_000 })
      .then(() => true)
      .catch(() => false);
    if (clicked && (await shown(page, testId)).some(matches)) return;
    if (!clicked) await page.keyboard.press('Escape');
  }
  const texts = await shown(page, testId);
  expect(texts.some(matches), `${testId} shows the option chosen (${String(option)}), not ${texts.join(' | ')}`).toBe(
    true,
  );
}
