import { z } from 'zod';
import { humanizeField, MESSAGES } from '../../../shared/messages.js';
import { currencyCode, currencyRefusal } from '../../../shared/schemas/currency.js';
import { exchangeRateText } from '../../../shared/schemas/payout-conversion.js';
import { ACCOUNT_TYPES } from '../../../shared/schemas/statement-views.js';
import { optionalCents } from '../../../shared/schemas/money.js';
import { listQuerySchema } from '../../lib/list-query.js';

/** The payments API's inputs. Ids are the server's own; money is typed in cents. */
const id = z.string().trim().min(1).max(80);
const date = z.iso.date('Payment date must be a date (YYYY-MM-DD)');
/** A text a form may leave blank: blank or null is "none" (null once read); absent is "not given". */
const text = (max: number) => z.string().trim().max(max).nullable().optional();

const PAYMENT_SORT_FIELDS = ['created_at', 'payment_date', 'payable_name', 'payment_total'] as const;

/** GET payments: paging, order (newest first unless asked), q (payee, references, statement numbers) and filters. */
export const paymentListQuery = listQuerySchema(PAYMENT_SORT_FIELDS, {
  label_id: id.optional(),
  payable_id: id.optional(),
  payable_type: z.enum(ACCOUNT_TYPES).optional(),
  statement_id: id.optional(),
  payment_run_id: id.optional(),
});
export type PaymentListQuery = z.infer<typeof paymentListQuery>;

const details = {
  payment_date: date.optional(),
  payment_method: text(100),
  payment_reference: text(200),
  invoice_reference: text(200),
  account_reference: text(200),
};

/** The currencies a payment may name by their sign, as the pages show them: the pound and the dollar. */
const BY_SIGN: Record<string, string> = { '£': 'GBP', $: 'USD' };

/** A payment's currency: a code in any case ("gbp" is "GBP") or the sign of the pound or the dollar. */
const paymentCurrency = z.preprocess(
  (value) => (typeof value === 'string' ? (BY_SIGN[value.trim()] ?? value) : value),
  currencyCode('Payment currency', `${currencyRefusal('Payment currency')}, or the sign £ or $`),
);

/** Money sent from an account in another currency: its code and the rate, both or neither (blank is neither). */
const sent = {
  // Blank is "not given" (a preprocess, not a union: a union's refusal would not name the currency's rule).
  sent_currency: z.preprocess((v) => (v === '' ? undefined : v), currencyCode('Sent currency').optional()),
  exchange_rate: z.union([z.literal('').transform(() => undefined), exchangeRateText]).optional(),
};
const bothOrNeither = (input: { sent_currency?: string; exchange_rate?: string }, context: z.RefinementCtx) => {
  if (input.sent_currency && !input.exchange_rate)
    context.addIssue({ code: 'custom', path: ['exchange_rate'], message: MESSAGES.exchangeRateForSent });
  if (input.exchange_rate && !input.sent_currency)
    context.addIssue({ code: 'custom', path: ['sent_currency'], message: MESSAGES.sentCurrencyForRate });
};
const statementIds = z.array(id).min(1, 'Choose the statements this payment pays').max(500);

/**
 * POST payments: the statements it pays; date today and the statements' currency unless given. Money sent in
 * another currency (a pound statement paid from a euro account) names that currency and the rate, both or neither.
 */
export const paymentInput = z
  .strictObject({
    statement_ids: statementIds,
    ...details,
    payment_total: optionalCents('Payment total'),
    payment_currency: paymentCurrency.optional(),
    ...sent,
    type: z.literal('DistributionPayment').optional(),
  })
  .superRefine(bothOrNeither);
export type PaymentInput = z.infer<typeof paymentInput>;

/**
 * POST payments/summary: what a payment of these statements would pay, worked out as recording it works it out (the
 * payment form shows it), with what the bank sends when the money leaves in another currency.
 */
export const paymentSummaryInput = z.strictObject({ statement_ids: statementIds, ...sent }).superRefine(bothOrNeither);
export type PaymentSummaryInput = z.infer<typeof paymentSummaryInput>;

const FIXED = 'cannot be changed: the amount and statements of a payment are fixed; delete it and record it again';
/** A field of a payment that is fixed once recorded: refused by name when sent, never ignored without a word. */
const fixed = (field: string) =>
  z
    .unknown()
    .optional()
    .refine((value) => value === undefined, `${humanizeField(field)} ${FIXED}`);
const FIXED_FIELDS = [
  'statement_ids',
  'payment_total',
  'payment_subtotal',
  'payment_vat_total',
  'vat',
  'payment_currency',
  'sent_currency',
  'exchange_rate',
  'payable_type',
  'payable_id',
  'self_billing',
  'type',
  'payment_run_id',
] as const;

/**
 * PATCH payments/{id}: the date, method and references only. Money and statements are fixed once
 * recorded (refused by name); any other field is not known.
 */
export const paymentPatch = z
  .strictObject({ ...details, ...Object.fromEntries(FIXED_FIELDS.map((field) => [field, fixed(field)])) })
  .transform(
    (value): PaymentPatch =>
      Object.fromEntries(
        (
          ['payment_date', 'payment_method', 'payment_reference', 'invoice_reference', 'account_reference'] as const
        ).flatMap((k) => (value[k] === undefined ? [] : [[k, value[k] || null]])),
      ),
  );
export type PaymentPatch = {
  payment_date?: string;
  payment_method?: string | null;
  payment_reference?: string | null;
  invoice_reference?: string | null;
  account_reference?: string | null;
};
