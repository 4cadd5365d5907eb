import Big from 'big.js';
import { currencySymbol, formatDate } from '../../../shared/format.js';

/** "1234567" → "1,234,567": thousands grouped with commas. */
function group(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** A decimal string with `places` decimals (half-up) and grouped thousands: "-1234.5" → "-1,234.50". */
function groupedDecimal(value: string, places: number): string {
  const fixed = new Big(value || '0').round(places, Big.roundHalfUp).toFixed(places);
  const negative = fixed.startsWith('-');
  const [whole, fraction] = (negative ? fixed.slice(1) : fixed).split('.');
  const text = fraction === undefined ? group(whole) : `${group(whole)}.${fraction}`;
  return negative && !/^[0.,]+$/.test(text) ? `-${text}` : text;
}

/**
 * Money as a statement prints it: the currency's sign (gbp → £, usd → $, else the code and a
 * space), 2 decimals, grouped thousands, the minus before the sign ("-£1,234.50").
 */
export function money(value: string, currency: string): string {
  const sign = currencySymbol(currency);
  const prefix = sign.length === 1 ? sign : sign ? `${sign} ` : '';
  const amount = groupedDecimal(value, 2);
  return amount.startsWith('-') ? `-${prefix}${amount.slice(1)}` : `${prefix}${amount}`;
}

/** A ledger-exact amount (6 decimals, as in the CSV): "1,234.567891". */
export function exact(value: string): string {
  return groupedDecimal(value, 6);
}

/** A count with grouped thousands. */
export function count(value: number): string {
  return group(String(Math.trunc(value)));
}

/** Dates as the product shows them: 'Do MMM YYYY'. */
export const date = formatDate;
