import { z } from 'zod';
import { humanizeField } from '../../shared/messages.js';
import { ACCOUNT_TYPES } from '../../shared/schemas/statement-views.js';
import { optionalCents } from '../../shared/schemas/money.js';
import { listQuerySchema } from '../lib/list-query.js';

/** The payments API's inputs (spec 3 §3.5, §7.3). Ids are the server's own; money is typed in cents. */
const id = z.string().trim().min(1).max(80);
const date = z.iso.date('Payment date must be a date (YYYY-MM-DD)');
/** A text a form may leave blank: blank is "none" (null). */
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => value || null);

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

/** POST payments: the statements it pays; date today and the statements' currency unless given. */
export const paymentInput = z.strictObject({
  statement_ids: z.array(id).min(1, 'Choose the statements this payment pays').max(500),
  ...details,
  payment_total: optionalCents('Payment total'),
  payment_currency: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{3}$/, 'Payment currency must be a currency code (GBP)')
    .optional(),
  type: z.literal('DistributionPayment').optional(),
});
export type PaymentInput = z.infer<typeof paymentInput>;

const EDITABLE = Object.keys(details);
const FIXED = 'cannot be changed: the amount and statements of a payment are fixed; delete it and record it again';
/**
 * PATCH payments/{id}: the date, method and references only. Money and statements are fixed once
 * recorded: such a field is refused by name, never ignored without a word.
 */
export const paymentPatch = z
  .object(details)
  .catchall(z.unknown())
  .superRefine((value, ctx) => {
    for (const key of Object.keys(value).filter((k) => !EDITABLE.includes(k)))
      ctx.addIssue({ code: 'custom', path: [key], message: `${humanizeField(key)} ${FIXED}` });
  })
  .transform((value) => ({
    payment_date: value.payment_date,
    ...Object.fromEntries(
      (['payment_method', 'payment_reference', 'invoice_reference', 'account_reference'] as const).flatMap((k) =>
        k in value ? [[k, value[k]]] : [],
      ),
    ),
  })) as z.ZodType<PaymentPatch>;
export type PaymentPatch = {
  payment_date?: string;
  payment_method?: string | null;
  payment_reference?: string | null;
  invoice_reference?: string | null;
  account_reference?: string | null;
};
