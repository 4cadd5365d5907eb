import { ulid } from 'ulid';
import * as rates from '../../data/access/royalty-ledger.js';
import { InvalidField, NotFound } from '../../lib/errors.js';
import { isCalendarDay } from '../../../shared/calendar-day.js';

/**
 * Exchange rates: one unit of original_currency in target_currency, for one
 * distributor's reports paid on one date. A line uses the newest rate paid on or before its
 * import's payment date. Rates are exact decimal strings with at most 6 places, the precision
 * of the ledger's exchange_rate column, so a stored line's amount can be recomputed from it.
 */
export type ExchangeRateInput = {
  distributor: string;
  payment_date: string;
  original_currency: string;
  target_currency: string;
  rate: string;
};
export type ExchangeRateQuery = Omit<ExchangeRateInput, 'rate'>;

const RATE = /^(?:\d{1,12})(?:\.\d{1,6})?$/;

function currency(field: string, value: unknown): string {
  const code = typeof value === 'string' ? value.trim().toUpperCase() : '';
  if (!/^[A-Z]{3}$/.test(code)) throw new InvalidField(field, 'Currency must be a 3-letter code');
  return code;
}

function paymentDate(value: unknown): string {
  // 2026-02-30 is refused: Date.parse took it as 2 March, and a rate was stored under a day that does not exist.
  if (typeof value !== 'string' || !isCalendarDay(value))
    throw new InvalidField('payment_date', 'Payment date must be a date (YYYY-MM-DD)');
  return value;
}

function distributorOf(value: unknown): string {
  const name = typeof value === 'string' ? value.trim() : '';
  if (!name) throw new InvalidField('distributor', 'Distributor is required');
  return name;
}

export async function listExchangeRates(tenantId: string) {
  const items = await rates.listExchangeRates(tenantId);
  return items.sort(
    (a, b) => b.payment_date.localeCompare(a.payment_date) || a.distributor.localeCompare(b.distributor),
  );
}

/** The rate a line of this distributor and currency pair paid on payment_date uses, or null. */
export async function findExchangeRate(tenantId: string, query: ExchangeRateQuery) {
  const pair = {
    tenantId,
    distributor: distributorOf(query.distributor),
    original_currency: currency('original_currency', query.original_currency),
    target_currency: currency('target_currency', query.target_currency),
  };
  return rates.newestExchangeRate(pair, paymentDate(query.payment_date));
}

export async function createExchangeRate(tenantId: string, input: ExchangeRateInput) {
  const rate = typeof input.rate === 'string' ? input.rate.trim() : '';
  if (!RATE.test(rate) || !/[1-9]/.test(rate))
    throw new InvalidField('rate', 'Rate must be a positive number with at most 6 decimal places');
  const item = {
    tenantId,
    id: ulid(),
    distributor: distributorOf(input.distributor),
    payment_date: paymentDate(input.payment_date),
    original_currency: currency('original_currency', input.original_currency),
    target_currency: currency('target_currency', input.target_currency),
    rate,
  };
  // A rate converts one currency into another: a currency into itself is 1 without a rate.
  if (item.original_currency === item.target_currency)
    throw new InvalidField('target_currency', 'Choose a different currency to convert into');
  return rates.createExchangeRate(item);
}

export async function deleteExchangeRate(tenantId: string, id: string): Promise<void> {
  if (!(await rates.getExchangeRate(tenantId, id))) throw new NotFound('Exchange rate');
  await rates.deleteExchangeRate(tenantId, id);
}
