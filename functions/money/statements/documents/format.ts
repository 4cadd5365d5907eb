import { formatCount, formatDate } from '../../../../shared/format.js';
import { formatDecimal, formatMoney } from '../../../../shared/money.js';

/**
 * Money as a statement prints it: the one formatter every screen uses (shared/money.ts), to the
 * cent, so the PDF and the statement page show the same text ("-£1,234.50", "EUR 7.13").
 */
export function money(value: string, currency: string): string {
  return formatMoney(value, currency);
}

/** A ledger-exact amount (6 decimals, as in the CSV): "1,234.567891". */
export function exact(value: string): string {
  return formatDecimal(value, 'exact');
}

/** A count with grouped thousands (shared/format.ts). */
export const count = formatCount;

/** Dates as the product shows them: 'Do MMM YYYY'. */
export const date = formatDate;
