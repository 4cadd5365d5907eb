import { z } from 'zod';
import { currencyCode } from './currency.js';
import { CLEARABLE_ROYALTY_FIELDS } from '../constants.js';
import { VALIDATION } from '../messages.js';

/**
 * What users send to change royalties: an edit, a manual sale, a bulk edit. The
 * API parses with these schemas and the SPA's royalty form validates its draft with them, so a
 * value one accepts the other accepts, with the same sentence for what is wrong.
 */

/** A decimal amount as DuckDB's DECIMAL(18,6) holds it: up to 6 decimals, and 12 digits before the point. */
const AMOUNT_FORMAT = /^-?\d+(\.\d{1,6})?$/;
const AMOUNT_SIZE = /^-?\d{1,12}(\.|$)/;
const PAY_PERIOD_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

/** A text that must not be blank: one sentence whether it is missing or empty. */
const requiredText = (label: string) =>
  z
    .string({ error: VALIDATION.required(label) })
    .trim()
    .min(1, { error: VALIDATION.required(label), abort: true });

/** An amount as an exact decimal string (never a float), labelled in the form's words. */
const amount = (label: string) =>
  requiredText(label)
    .regex(AMOUNT_FORMAT, { error: `${label} must be an amount with up to 6 decimals`, abort: true })
    .regex(AMOUNT_SIZE, `${label} must have at most 12 digits before the decimal point`);

const payPeriod = requiredText('Pay period').regex(PAY_PERIOD_PATTERN, 'Pay period must be a month as YYYY-MM');

const text = z.string().trim().max(300);
const id = z.string().trim().min(1).max(64);
const wholeNumber = 'Quantity must be a whole number';
/**
 * A whole number, also from the form's text ("3"); a blank text is not a number, nor is "1e3", "0x10" or 1e21
 * (Number() read the texts as 1000 and 16).
 */
const quantity = z
  .unknown()
  .transform((value, ctx): number => {
    const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
    if (!/^-?\d{1,10}$/.test(text)) {
      ctx.addIssue({ code: 'custom', message: wholeNumber });
      return z.NEVER;
    }
    return Number(text);
  })
  .pipe(z.number().min(-1_000_000_000).max(1_000_000_000));

/** Fields of a royalty a user may set (the report's original figures stay as they were). */
export const royaltyFields = z.strictObject({
  pay_period: payPeriod.optional(),
  retailer: requiredText('Retailer').max(300).optional(),
  territory: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'Territory must be a two-letter country code')
    .optional(),
  sales_category: text.optional(),
  song: text.optional(),
  artist: text.optional(),
  album: text.optional(),
  label_name: text.optional(),
  isrc: z
    .string()
    .trim()
    .transform((v) => v.replace(/-/g, '').toUpperCase())
    .pipe(z.string().regex(/^[A-Z]{2}[A-Z0-9]{3}\d{7}$/, 'ISRC must look like GB-ABC-24-00001'))
    .optional(),
  upc: z
    .string()
    .trim()
    .regex(/^\d{12,13}$/, 'UPC must be 12 or 13 digits')
    .optional(),
  cat_no: text.optional(),
  quantity: quantity.optional(),
  amount: amount('Amount').optional(),
  label_payable: amount('Label share').optional(),
  artist_payable: amount('Artist share').optional(),
  label_id: id.optional(),
  release_id: id.optional(),
  recording_id: id.optional(),
  artist_id: id.optional(),
});
export type RoyaltyFields = z.infer<typeof royaltyFields>;

type Clearable = (typeof CLEARABLE_ROYALTY_FIELDS)[number];
const clearable = Object.fromEntries(
  CLEARABLE_ROYALTY_FIELDS.map((field) => [field, royaltyFields.shape[field].nullable()]),
) as {
  [F in Clearable]: ReturnType<(typeof royaltyFields.shape)[F]['nullable']>;
};
/** An edit: the fields to set, and null for those to empty. */
export const royaltyUpdate = royaltyFields.extend(clearable);
export type RoyaltyUpdate = z.infer<typeof royaltyUpdate>;

/** A manual sale: what was sold, where, when and for how much, in which currency. */
export const newSale = royaltyFields.extend({
  pay_period: payPeriod,
  retailer: requiredText('Retailer').max(300),
  subtotal_payable: amount('Subtotal payable'),
  currency: currencyCode('Currency'),
  quantity: quantity.default(1),
});
export type NewSale = z.infer<typeof newSale>;
