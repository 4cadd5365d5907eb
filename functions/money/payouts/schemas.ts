import { z } from 'zod';
import { currencyCode } from '../../../shared/schemas/currency.js';
import { exchangeRateText } from '../../../shared/schemas/payout-conversion.js';
import { listQuerySchema } from '../../lib/list-query.js';

/** The payouts API's inputs; payout details and the debtor account are shared/schemas/payout-details.ts. */
const id = z.string().trim().min(1).max(80);
const date = z.iso.date('must be a date (YYYY-MM-DD)');

/** `pay_on`: the day the payments would be made, which the warnings are of (today when not given). */
export const dueSummaryInput = z.strictObject({ label_id: id.optional(), pay_on: date.optional() });

export const createRunInput = z.strictObject({
  statement_ids: z.array(id).min(1, 'Choose at least one statement').max(20_000).optional(),
  execution_date: date.optional(),
  label_id: id.optional(),
  /** The rates for the statements a method pays in another currency, one per pair (from → to). */
  exchange_rates: z
    .array(
      z.strictObject({ from: currencyCode('From currency'), to: currencyCode('To currency'), rate: exchangeRateText }),
    )
    .max(50)
    .refine(
      (rates) => new Set(rates.map((r) => `${r.from}→${r.to}`)).size === rates.length,
      'Give one exchange rate per pair of currencies',
    )
    .optional(),
});

export const confirmInput = z.strictObject({ payment_date: date.optional() });

export const runListQuery = listQuerySchema(['created_at'], {
  status: z.enum(['draft', 'exported', 'confirming', 'confirmed', 'cancelled']).optional(),
});

/** A run's file: its name as the export gave it ("sepa-eur-1.xml"). */
export const runFileParams = z.strictObject({ id, name: z.string().regex(/^[a-z0-9.-]{1,80}$/, 'Unknown file') });
