import { METHOD_CURRENCY } from '../../../../shared/schemas/payout-details.js';
import type { PayoutMethod } from '../../../../shared/schemas/payment-views.js';
import type { FileProblems, FileRow } from './types.js';

/** Rows per file without a provider's limit. */
export const NO_ROW_LIMIT = Number.POSITIVE_INFINITY;

/**
 * A method that pays in one currency only refuses rows in any other, before any file is written. `aPayment`
 * names the payment in the user's words ("A SEPA transfer").
 */
export function fixedCurrencyProblems(method: PayoutMethod, aPayment: string, rows: readonly FileRow[]): FileProblems {
  const fixed = METHOD_CURRENCY[method];
  const currency = rows[0]?.item.currency;
  return fixed && currency && currency !== fixed
    ? { currency: [`${aPayment} is paid in ${fixed}, not ${currency}`] }
    : {};
}
