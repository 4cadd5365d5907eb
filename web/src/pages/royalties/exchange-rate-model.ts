import { RATE_PATTERN } from './royalty-model';
import { currencyProblem } from '../../../../shared/schemas/currency';
import { VALIDATION } from '../../../../shared/messages';
import type { ExchangeRateInput } from '../../../../shared/schemas/royalty-views';
import { dayProblem } from '../../components/form-rules';

/** The add form's values: the API's fields, all text (payment_date YYYY-MM-DD, as the DatePicker gives it). */
export type ExchangeRateValues = ExchangeRateInput;

/** The form prefilled from the page's query (?distributor=…&original_currency=…, from an import's missing rate). */
export function rateValuesFrom(query: URLSearchParams, companyCurrency: string, today: string): ExchangeRateValues {
  return {
    distributor: query.get('distributor') ?? '',
    payment_date: query.get('payment_date') ?? today,
    original_currency: (query.get('original_currency') ?? '').toUpperCase(),
    target_currency: (query.get('target_currency') ?? companyCurrency).toUpperCase(),
    rate: '',
  };
}

/** Per-field problems before the call; the server checks the same and answers per field too. */
export function validateRate(values: ExchangeRateValues): Partial<Record<keyof ExchangeRateValues, string>> {
  const errors: Partial<Record<keyof ExchangeRateValues, string>> = {};
  if (!values.distributor.trim()) errors.distributor = 'Distributor is required';
  const day = dayProblem('Payment date', values.payment_date, true);
  if (day) errors.payment_date = day;
  for (const [field, label] of [
    ['original_currency', 'Original currency'],
    ['target_currency', 'Target currency'],
  ] as const) {
    const problem = values[field].trim() ? currencyProblem(label, values[field]) : VALIDATION.required(label);
    if (problem) errors[field] = problem;
  }
  if (
    !errors.original_currency &&
    !errors.target_currency &&
    values.original_currency.trim().toUpperCase() === values.target_currency.trim().toUpperCase()
  ) {
    errors.target_currency = 'Choose a different currency to convert into';
  }
  const rate = values.rate.trim();
  if (!RATE_PATTERN.test(rate) || !/[1-9]/.test(rate))
    errors.rate = 'Rate must be a positive number with at most 6 decimal places';
  return errors;
}

/** The body of POST /exchange_rates: trimmed, currencies in capitals. */
export function ratePayload(values: ExchangeRateValues): ExchangeRateInput {
  return {
    distributor: values.distributor.trim(),
    payment_date: values.payment_date,
    original_currency: values.original_currency.trim().toUpperCase(),
    target_currency: values.target_currency.trim().toUpperCase(),
    rate: values.rate.trim(),
  };
}

/** Distributor suggestions: delivered_by values, column-map names (the distributor of lines without one) and the distributors list, once each. */
export function distributorSuggestions(...lists: (string[] | undefined)[]): string[] {
  const seen = new Map<string, string>();
  for (const name of lists.flat()) {
    const text = name?.trim();
    if (text && !seen.has(text.toLowerCase())) seen.set(text.toLowerCase(), text);
  }
  return [...seen.values()].sort((a, b) => a.localeCompare(b));
}
