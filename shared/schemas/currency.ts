import { z } from 'zod';
import { CURRENCY_CODES } from '../currencies.js';

/**
 * Every currency a user or a form sends is checked against the one currencies list, with the one wording: a code
 * in any case ("gbp" is GBP) is kept in capitals, and a slip such as "GPB" is refused instead of stored.
 */
export const currencyRefusal = (label: string) => `${label} must be one of the currencies listed, e.g. GBP, EUR or USD`;

/** A currency code of the list, named `label` in its refusal; `refusal` words it when the field takes more. */
export const currencyCode = (label: string, refusal = currencyRefusal(label)) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
    // One named schema in the API document, which every currency field refers to rather than listing every code.
    z.enum(CURRENCY_CODES, refusal).meta({ id: 'CurrencyCode', description: 'An ISO 4217 code in use, any case.' }),
  );

const KNOWN = new Set<string>(CURRENCY_CODES);

/** A form's own check before it sends: blank is left to the field's "required" rule, any other text must be listed. */
export function currencyProblem(label: string, value: string): string | null {
  const code = value.trim().toUpperCase();
  return code && !KNOWN.has(code) ? currencyRefusal(label) : null;
}
