import Big from 'big.js';
import { spreadsheetSafe } from '../../../../shared/spreadsheet-safe.js';

/**
 * CSV as banks and payout providers read it: comma separated, CRLF line ends, a field quoted when
 * it holds a comma, quote or line break; text that a spreadsheet would run as a formula (a payee's
 * name is typed by people) is made safe by the product's one rule (spreadsheetSafe).
 */
export function csvField(value: string): string {
  const safe = spreadsheetSafe(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Lines of fields, amounts given as already-formatted text (never a float). */
export function csvText(rows: readonly (readonly string[])[]): string {
  return `${rows.map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}

/** "12.34" as pence: "1234" (exact, from the 2-decimal string). */
export const pence = (amount: string) => new Big(amount).times(100).toFixed(0);

/** Σ of 2-decimal amounts, exact. */
export const total = (amounts: readonly string[]) =>
  amounts.reduce((sum, amount) => sum.plus(amount), new Big(0)).toFixed(2);
