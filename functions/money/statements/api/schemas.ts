import { z } from 'zod';
import { humanizeField } from '../../../../shared/messages.js';
import {
  ACCOUNT_TYPES,
  RUN_KINDS,
  STATEMENT_LINE_FILTERS,
  STATEMENT_TYPES,
} from '../../../../shared/schemas/statement-views.js';
import { listQuerySchema } from '../../../lib/list-query.js';
import { companyFilter } from '../../../lib/across-companies.js';

/** The statements API's inputs. Ids are the server's own; periods are pay periods (YYYY-MM). */
const id = z.string().trim().min(1).max(80);
const idList = z.array(id).min(1, 'Choose at least one statement').max(500);
/** A pay period; absent periods are left to the operation, which answers 'Please Choose Statement Periods'. */
const payPeriod = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a pay period (YYYY-MM)');
const periods = { start_pay_period: payPeriod.optional(), end_pay_period: payPeriod.optional() };
const date = z.iso.date('must be a date (YYYY-MM-DD)');
const account = z.strictObject({ type: z.enum(ACCOUNT_TYPES), id });
const flag = z.enum(['true', 'false']).optional();

const STATEMENT_SORT_FIELDS = [
  'created_at',
  'number',
  'payee_name',
  'end_pay_period',
  'accounting_period',
  'payee_total',
] as const;

/** GET statements and the label/artist lists: paging, order, q (payee name, number) and the filters. */
const statementListFilters = {
  due: flag,
  paid: flag,
  label_id: id.optional(),
  statementable_type: z.enum(ACCOUNT_TYPES).optional(),
  statementable_id: id.optional(),
  type: z.enum(STATEMENT_TYPES).optional(),
  artist_id: id.optional(),
};
export const statementListQuery = listQuerySchema(STATEMENT_SORT_FIELDS, statementListFilters);
export type StatementListQuery = z.infer<typeof statementListQuery>;

/** GET /admin/statements: the same filters across companies, and `company` to keep one. */
export const adminStatementListQuery = listQuerySchema(STATEMENT_SORT_FIELDS, {
  ...statementListFilters,
  ...companyFilter,
});

const EDITABLE = ['recipients', 'subject', 'message', 'remittance_date'] as const;
/**
 * What PATCH statements/{id} may change. A published statement's figures never change: any
 * other field is refused, naming it, instead of being ignored without a word.
 */
const statementDetails = z
  .object({
    recipients: z.array(z.email()).max(20).optional(),
    subject: z.string().trim().min(1).max(300).optional(),
    message: z.string().max(5000).optional(),
    remittance_date: z.union([z.literal(''), date]).optional(),
  })
  .catchall(z.unknown())
  .superRefine((value, ctx) => {
    for (const key of Object.keys(value).filter((k) => !(EDITABLE as readonly string[]).includes(k)))
      ctx.addIssue({
        code: 'custom',
        path: [key],
        message: `${humanizeField(key)} cannot be changed: a published statement never changes; correct it with a new version or an adjustment`,
      });
  })
  .transform((value) => Object.fromEntries(EDITABLE.flatMap((k) => (value[k] === undefined ? [] : [[k, value[k]]]))));
export const statementPatch = z.strictObject({
  statement: statementDetails.optional(),
  distribution_statement: statementDetails.optional(),
});

/**
 * GET statement_runs/{id}: `view=progress` answers the run without its preview's rows and unaccountable recordings
 * (empty lists), for a page that holds them already and follows the run's status and counts.
 */
export const runViewQuery = z.strictObject({
  view: z
    .enum(['progress'])
    .optional()
    .meta({ description: 'progress: the run without its preview rows and unaccountable recordings (left empty).' }),
});

/** POST create_statement_run. */
export const runInput = z.strictObject({
  ...periods,
  kind: z.enum(RUN_KINDS).default('payee'),
  label_ids: z.array(id).max(500).optional(),
  accounts: z.array(account).max(5000).optional(),
});

/** POST statements (one account's statement, published straight away) and the artist/label variants. */
export const oneAccountInput = z.strictObject({
  ...periods,
  statementable_type: z.enum(ACCOUNT_TYPES).optional(),
  statementable_id: id.optional(),
  label_id: id.optional(),
  artist_id: id.optional(),
  payee_id: id.optional(),
});
export type OneAccountInput = z.infer<typeof oneAccountInput>;

export const bulkPayInput = z.strictObject({ statement_ids: idList, paid: z.boolean().default(true) });
export const payInput = z.strictObject({
  id,
  payment_date: date.optional(),
  payment_method: z.string().trim().max(100).optional(),
  payment_reference: z.string().trim().max(200).optional(),
});
/** POST statements/{id}/new_version: no body publishes the new version straight away; `preview` previews it first. */
export const newVersionInput = z
  .strictObject({
    preview: z
      .boolean()
      .optional()
      .meta({ description: 'true: preview the new version first; it is published from its run once looked at.' }),
  })
  .optional();

/** The notice of a correction started to be previewed first (it is not published yet). */
export const NEW_VERSION_PREVIEWING = 'New version being previewed: publish it from its run once you have checked it';

export const resendInput = z.strictObject({ id, recipients: z.array(z.email()).min(1).max(20).optional() });
export const bulkDownloadInput = z.strictObject({ statement_ids: idList });

/** The sums and period calls: a label or artist, and a period. */
export const periodQuery = z.strictObject({
  ...periods,
  label_id: id.optional(),
  artist_id: id.optional(),
});
export type PeriodQuery = z.infer<typeof periodQuery>;
export const optionalIdParams = z.strictObject({ id: id.optional() });

/** GET statements/{id}/lines: a page of at most 100 lines, and a filter per statement table (the row's name). */
export const statementLinesQuery = z.strictObject({
  page: z.coerce.number('Page must be a number').int().min(1).max(100_000).default(1),
  per_page: z.coerce.number('Per page must be a number').int().min(1).max(100).default(50),
  ...Object.fromEntries(STATEMENT_LINE_FILTERS.map((name) => [name, z.string().max(300).optional()])),
});
export type StatementLinesQuery = { page: number; per_page: number } & Partial<
  Record<(typeof STATEMENT_LINE_FILTERS)[number], string>
>;
