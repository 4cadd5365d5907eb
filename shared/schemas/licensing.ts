import Big from 'big.js';
import { z } from 'zod';
import { currencyCode } from './currency.js';
import { formNumber } from './form-number.js';
import { optionalCents } from './money.js';
import { vatNumberText } from './vat-number.js';
import { type QuarterRange, quarterRangeQuery } from './day-range.js';
import { formatPercent } from '../format.js';
import { valueWords } from '../messages.js';

/**
 * Licences in and out: what the licensing API accepts and answers, shared with the SPA's forms so
 * both refuse the same input with the same sentence. Every text and list is bounded here, before
 * any read or write.
 */

/** The pipeline: a licence moves forward through these, or ends declined or expired. */
export const LICENSE_STATUSES = [
  'enquiry',
  'quoted',
  'negotiating',
  'signed',
  'invoiced',
  'paid',
  'declined',
  'expired',
] as const;
export type LicenseStatus = (typeof LICENSE_STATUSES)[number];
/** A step the pipeline does not have is told the steps, in the words the licence pages use. */
const STATUS_REFUSAL = `Status must be one of: ${LICENSE_STATUSES.map((step) => valueWords(step)).join(', ')}`;
const LICENSE_TYPES = ['outgoing', 'incoming'] as const;
export type LicenseType = (typeof LICENSE_TYPES)[number];

/**
 * Where a licence may go next. Invoiced and paid are reached only through the invoice and payment
 * calls (they number an invoice, or move money); an incoming licence is paid by us once signed, an
 * outgoing one is invoiced once signed and paid once invoiced.
 */
const PIPELINE_MOVES: Record<LicenseStatus, readonly LicenseStatus[]> = {
  enquiry: ['quoted', 'negotiating', 'signed', 'declined'],
  quoted: ['negotiating', 'signed', 'declined', 'expired'],
  negotiating: ['quoted', 'signed', 'declined', 'expired'],
  signed: ['expired'],
  invoiced: [],
  paid: [],
  declined: [],
  expired: [],
};
export function pipelineMoves(status: LicenseStatus): readonly LicenseStatus[] {
  return PIPELINE_MOVES[status];
}

const text = (label: string, max: number) =>
  z.string(`${label} must be text`).trim().max(max, `${label} must be at most ${max} characters`);
const optionalText = (label: string, max: number) => text(label, max).optional();
const date = (label: string) =>
  z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.iso.date(`${label} must be a date (YYYY-MM-DD)`).optional(),
  );
const id = z.string().trim().min(1).max(80);

/** A split as a percentage with up to 2 decimals ("33.34"): kept as text so the sum is exact. */
const split = z.preprocess(
  (value) => (typeof value === 'number' ? String(value) : value),
  z
    .string('Split must be a percentage')
    .trim()
    .regex(/^\d{1,3}(\.\d{1,2})?$/, 'Split must be a percentage with up to 2 decimals')
    .refine((value) => new Big(value).gt(0) && new Big(value).lte(100), 'Split must be more than 0 and at most 100'),
);

const ASSET_TYPES = ['recording', 'release'] as const;
const ASSET_TYPE_REFUSAL = 'Asset type must be recording or release';
const asset = z.strictObject({
  asset_type: z.enum(ASSET_TYPES, ASSET_TYPE_REFUSAL),
  asset_id: id,
  split,
});
export type LicenseAssetInput = z.infer<typeof asset>;
/** An asset as stored: its title and codes copied when it was chosen, for the invoice and the ledger lines. */
export type LicenseAsset = LicenseAssetInput & { title?: string; isrc?: string; upc?: string; artist?: string };

const contact = z.strictObject({
  name: text('Contact name', 200).min(1, 'Contact name is required'),
  email: z.union([z.literal(''), z.email('Contact e-mail must be a valid e-mail').max(200)]).optional(),
  phone: optionalText('Contact phone', 60),
  role: optionalText('Contact role', 100),
});
export type LicenseContact = z.infer<typeof contact>;

/** The splits of a licence's assets add up to exactly 100 %. */
function splitsTotal(assets: readonly { split: string }[]): Big {
  return assets.reduce((sum, a) => sum.plus(a.split), new Big(0));
}
export const SPLITS_MESSAGE = `The assets’ splits must add up to ${formatPercent(100)}`;

/** Blank or null is "not given": a form's empty picker, or a licence read back and sent again. */
const unlessBlank = (v: unknown) => (v === '' || v === null ? undefined : v);
/** The one release or recording a licence of a single asset names. */
const singleAssetId = (label: string) =>
  z.preprocess(
    unlessBlank,
    z
      .string(`${label} must be an id`)
      .trim()
      .min(1, `${label} must be an id`)
      .max(80, `${label} must be at most 80 characters`)
      .optional(),
  );

const fields = {
  label_id: z.preprocess((v) => (v === '' ? undefined : v), id.optional()),
  /**
   * A licence of one release or one recording may name it as `asset_type` with `release_id` or `recording_id`
   * instead of the assets list: it is kept as that list, the one asset at 100 % (see `singleAsset`).
   */
  asset_type: z.preprocess(unlessBlank, z.enum(ASSET_TYPES, ASSET_TYPE_REFUSAL).optional()),
  release_id: singleAssetId('Release'),
  recording_id: singleAssetId('Recording'),
  assets: z
    .array(asset)
    .max(50, 'At most 50 assets')
    .refine((list) => list.length === 0 || splitsTotal(list).eq(100), SPLITS_MESSAGE)
    .refine(
      (list) => new Set(list.map((a) => `${a.asset_type}#${a.asset_id}`)).size === list.length,
      'Each asset may be listed once',
    )
    .optional(),
  licensee_name: text('Licensee name', 200).min(1, 'Licensee name is required'),
  licensee_address: optionalText('Licensee address', 500),
  licensee_phone: optionalText('Licensee phone', 60),
  /** Printed on its invoice; required there when the licensee accounts for the VAT under the reverse charge. */
  licensee_vat_number: vatNumberText('Licensee VAT number', 30).optional(),
  licensee_country: z.preprocess(
    (v) => (v === '' ? undefined : typeof v === 'string' ? v.trim().toUpperCase() : v),
    z
      .string('Licensee country must be a two-letter country code')
      .regex(/^[A-Z]{2}$/, 'Licensee country must be a two-letter country code')
      .optional(),
  ),
  contacts: z.array(contact).max(20, 'At most 20 contacts').optional(),
  usage: optionalText('Usage', 2000),
  territory: optionalText('Territory', 200),
  territory_id: z.preprocess((v) => (v === '' ? undefined : v), id.optional()),
  tags: z.array(text('Tag', 40).min(1, 'A tag must not be blank')).max(20, 'At most 20 tags').optional(),
  term: optionalText('Term', 200),
  initial_contact_date: date('Initial contact date'),
  proposal_date: date('Proposal date'),
  signed_date: date('Signed date'),
  advance_fee: optionalCents('Advance fee'),
  advance_paid_date: date('Advance paid date'),
  license_start_date: date('Licence start date'),
  license_end_date: date('Licence end date'),
  credit: optionalText('Credit', 500),
  fee: optionalCents('Fee'),
  /** A code of the currencies list ("gbp" is GBP): a slip such as "GPB" is refused, not kept on an invoice. */
  fee_currency: z.preprocess((v) => (v === '' ? undefined : v), currencyCode('Fee currency').optional()),
  contract_data: optionalText('Contract text', 20_000),
  report_every_months: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    formNumber(
      z
        .number('Report every (months) must be a whole number')
        .int('Report every (months) must be a whole number')
        .min(1, 'Report every (months) must be 1 to 24')
        .max(24, 'Report every (months) must be 1 to 24'),
    ).optional(),
  ),
  invoice_due_days: formNumber(
    z
      .number('Days to pay the invoice must be a whole number')
      .int('Days to pay the invoice must be a whole number')
      .min(0, 'Days to pay the invoice must be 0 to 365')
      .max(365, 'Days to pay the invoice must be 0 to 365'),
  ).optional(),
};

type SingleAssetFields = {
  asset_type?: LicenseAssetInput['asset_type'];
  release_id?: string;
  recording_id?: string;
  assets?: LicenseAssetInput[];
};

/**
 * The one asset a call names by `release_id` or `recording_id`, with the field it came in (what a refusal names), as
 * the assets list keeps it: that asset at 100 %. Undefined when the call names neither. Create and update read what a
 * licence covers through this alone, so both forms are one licence, stored one way.
 */
export function singleAsset(
  input: SingleAssetFields,
): { field: 'release_id' | 'recording_id'; asset: LicenseAssetInput } | undefined {
  const [field, type] = input.release_id
    ? (['release_id', 'release'] as const)
    : input.recording_id
      ? (['recording_id', 'recording'] as const)
      : [];
  const assetId = field && input[field];
  return field && type && assetId ? { field, asset: { asset_type: type, asset_id: assetId, split: '100' } } : undefined;
}

/**
 * A licence of one asset names a release or a recording, not both; its asset type, when sent, is that asset's kind;
 * and sent with the assets list as well, it is that list's only asset (a licence read back and sent again).
 */
function singleAssetAgrees(input: SingleAssetFields, context: z.RefinementCtx): void {
  if (input.release_id && input.recording_id) {
    context.addIssue({ code: 'custom', path: ['recording_id'], message: 'Choose a release or a recording, not both' });
    return;
  }
  const single = singleAsset(input);
  if (!single) return;
  const { asset_type: kind, asset_id: assetId } = single.asset;
  if (input.asset_type && input.asset_type !== kind)
    context.addIssue({
      code: 'custom',
      path: ['asset_type'],
      message: `Asset type must be ${kind} when a ${kind} is chosen`,
    });
  const list = input.assets;
  if (list && !(list.length === 1 && list[0]?.asset_type === kind && list[0].asset_id === assetId))
    context.addIssue({
      code: 'custom',
      path: [single.field],
      message: `${kind === 'release' ? 'Release' : 'Recording'} must be the licence’s only asset when the assets are sent too`,
    });
}

/** The end of a licence comes on or after its start. */
const datesInOrder = (value: { license_start_date?: string; license_end_date?: string }) =>
  !value.license_start_date || !value.license_end_date || value.license_end_date >= value.license_start_date;
const DATES_MESSAGE = { message: 'Licence end date must be on or after its start date', path: ['license_end_date'] };

/** POST /licenses. */
export const licenseCreate = z
  .strictObject({ type: z.enum(LICENSE_TYPES, 'Type must be incoming or outgoing'), ...fields })
  .refine(datesInOrder, DATES_MESSAGE)
  .superRefine(singleAssetAgrees);
export type LicenseCreate = z.infer<typeof licenseCreate>;

/** PATCH /licenses/{id}: any field but the type; a text sent as '' is emptied, a date sent as '' is left as it was. */
export const licenseUpdate = z
  .strictObject(fields)
  .partial()
  .refine(datesInOrder, DATES_MESSAGE)
  .superRefine(singleAssetAgrees);
export type LicenseUpdate = z.infer<typeof licenseUpdate>;

/** POST /licenses/{id}/status: a move along the pipeline (not to invoiced or paid). */
export const licenseMove = z.strictObject({
  status: z.enum(LICENSE_STATUSES, STATUS_REFUSAL),
});

/** POST /licenses/{id}/payment: the day the money arrived (or left); today when not given. */
export const licensePayment = z.strictObject({
  payment_date: z.iso.date('Payment date must be a date (YYYY-MM-DD)').optional(),
});

/** POST /licenses/{id}/advance: the day the advance arrived (or left); today when not given. */
export const licenseAdvance = z.strictObject({
  payment_date: z.iso.date('Payment date must be a date (YYYY-MM-DD)').optional(),
});

/** The day money went back (to a licensee, or from a licensor to us); today when not given. */
const refundDate = z.iso.date('Refund date must be a date (YYYY-MM-DD)').optional();

/** POST /licenses/{id}/advance_refund and payment_refund: the day the money went back. */
export const licenseRefund = z.strictObject({ refund_date: refundDate });

/** POST /licenses/{id}/report_received: the day the licensee's report came; today when not given. */
export const licenseReportReceived = z.strictObject({
  received_on: z.iso.date('Received on must be a date (YYYY-MM-DD)').optional(),
  /** The report's due date, as the page showed it: a second click on the same report changes nothing. */
  due_date: z.iso.date('Due date must be a date (YYYY-MM-DD)').optional(),
});

/**
 * A licence document's number as sent: "LI-000042" (an invoice) or "LC-000007" (a credit note), of the kinds
 * `prefixes` allows; anything else is refused as `{field} must be {what}, e.g. {example}`.
 */
const documentNumber = (prefixes: 'LI' | 'LC' | 'LI|LC', field: string, what: string, example: string) =>
  z
    .string(`${field} must be text`)
    .trim()
    .regex(new RegExp(`^(${prefixes})-\\d{6}$`), `${field} must be ${what}, e.g. ${example}`);

/** The path of one of a licence's documents: the licence's id and the document's number. */
const documentParams = (number: ReturnType<typeof documentNumber>) =>
  z.strictObject({ id: z.string().trim().min(1).max(80), number });

/**
 * POST /licenses/{id}/credit_note: why the invoice is cancelled (printed on the credit note) and, as the page showed
 * it, which invoice: a second click on the same invoice then changes nothing. Crediting a paid invoice refunds what
 * was paid against it, on `refund_date` (today unless given). With `amount` (the net to credit, in the invoice's
 * currency) the invoice is credited in part instead of cancelled: an unpaid one is reduced, a paid one refunded in
 * part (that net and its VAT given back on `refund_date`).
 */
export const licenseCreditNote = z.strictObject({
  reason: text('Reason', 500).min(1, 'Reason is required'),
  invoice_number: documentNumber('LI', 'Invoice number', 'an invoice number', 'LI-000042').optional(),
  refund_date: refundDate,
  /**
   * With `amount`, the invoice's balance due (on a paid invoice, what is still paid) as the page showed it: the same
   * credit sent again then changes nothing.
   */
  balance_due: optionalCents('Balance due'),
  amount: optionalCents('Amount').refine(
    (value) => value === undefined || new Big(value).gt(0),
    'Amount must be more than 0: to cancel the whole invoice, leave it empty',
  ),
});

/**
 * POST /licenses/{id}/mail: one of the licence's invoices or credit notes mailed with its PDF to the addresses
 * chosen (each one of the licence's contacts or a member of the company).
 */
export const licenseDocumentMail = z.strictObject({
  number: documentNumber('LI|LC', 'Number', 'an invoice or credit note number', 'LI-000042'),
  to: z
    .array(
      z.string().trim().pipe(z.email('Each recipient must be a valid e-mail').max(320)),
      'Recipients must be a list',
    )
    .min(1, 'Choose at least one recipient')
    .max(10, 'At most 10 recipients'),
});
export type LicenseDocumentMail = z.infer<typeof licenseDocumentMail>;

/** One mailing of a licence's invoice or credit note: which, to whom, when, by whom. */
export type LicenseDocumentMailed = { number: string; to: string[]; at: string; by_name: string };

/** GET /licenses/{id}/invoices/{number}: an invoice the licence has, or had before a credit note cancelled it. */
export const licenseInvoiceNumber = documentParams(documentNumber('LI', 'Number', 'an invoice number', 'LI-000042'));

/** GET /licenses/{id}/credit_notes/{number}: a credit note that cancelled one of the licence's invoices. */
export const licenseCreditNoteNumber = documentParams(
  documentNumber('LC', 'Number', 'a credit note number', 'LC-000007'),
);

/**
 * GET /licensing/invoices and /licensing/invoices_csv: the days the register covers, both included; the current
 * quarter when neither is given, the quarter of the one given otherwise.
 */
export const invoiceRegisterQuery = quarterRangeQuery;
export type InvoiceRegisterQuery = QuarterRange;

/** GET /licenses/{id}/document: the licence agreement or the quote, as PDF or Word. */
export const licenseDocumentQuery = z.strictObject({
  kind: z.enum(['licence', 'quote'], 'Document must be licence or quote').default('licence'),
  format: z.enum(['pdf', 'docx'], 'Format must be pdf or docx').default('pdf'),
});

/** GET /licenses filters. */
export const licenseFilters = {
  status: z.enum(LICENSE_STATUSES, STATUS_REFUSAL).optional(),
  type: z.enum(LICENSE_TYPES, 'Type must be incoming or outgoing').optional(),
  tag: z.string().trim().max(40).optional(),
  territory: z.string().trim().max(200).optional(),
  asset_id: z.string().trim().max(80).optional(),
};

/** Who moved a licence, when, from where to where. */
export type LicenseMove = {
  from: LicenseStatus | null;
  to: LicenseStatus;
  by: string;
  by_name: string;
  at: string;
  /** Why, where the move says more than its states (a credit note sending an invoiced licence back to signed). */
  note?: string;
};

/** An outgoing licence's invoice, numbered once per company; money as 2-decimal strings. */
export type LicenseInvoice = {
  number: string;
  date: string;
  due_date: string;
  currency: string;
  net: string;
  vat_rate: string;
  vat: string;
  total: string;
  /** The VAT rule that applied, in words printed on the invoice. */
  vat_note: string;
  /** The advance the licensee paid before the invoice, deducted from what is due, and what is left to pay. */
  advance_received?: string;
  balance_due?: string;
  /**
   * The partial credit notes that reduced the invoice since it was issued, oldest first. The invoice itself (what it
   * printed) never changes; what is still owed is its balance less these (`invoiceDue`, shared/licence-due.ts).
   */
  partial_credits?: PartialCreditNote[];
  /**
   * Who bills whom for what, as the invoice prints it, copied when it was issued: an issued invoice never changes, so
   * a later rename of the company or edit of the licensee does not reach it. Absent on invoices issued before it was
   * kept; those print the values of the day of their first download.
   */
  billed?: LicenseInvoiceParties;
};

/**
 * The credit note that cancelled an invoice in full, numbered once per company in a sequence of its own
 * ("LC-000007"). It credits what is left of the invoice (its amounts less its partial credit notes', `invoiceLeft`),
 * so it holds only its own words, and, when the invoice had been paid, the refund of that payment.
 */
type LicenseCreditNote = { number: string; date: string; reason: string; by_name: string; refund?: LicenseRefund };

/**
 * What a credit note of a paid invoice gave back: the payment (what the invoice asked, its total less an advance
 * received) refunded on `date`, and the ledger lines that reversed the payment's income lines (`reverses`) in the
 * refund's pay period.
 */
export type LicenseRefund = {
  date: string;
  paid_on: string;
  amount: string;
  royalty_ids: string[];
  reverses: string[];
  /**
   * An incoming licence's refund (the licensor gave back what we paid): the expenses of the opposite sign that took
   * back the payment's expenses (`reverses_expenses`), dated the refund's day.
   */
  expense_ids?: string[];
  reverses_expenses?: string[];
};

/**
 * A credit note that credited part of an invoice's net, numbered in the same sequence as the credit notes that cancel:
 * its own net, the VAT on it at the invoice's rate, and the total. On an unpaid invoice it lowers what the licensee
 * pays; on a paid one (part of the fee given back: a shorter term, a territory dropped) it refunds its total, and
 * `refund` says when and which ledger lines took its net back. Either way the invoice stays as it is.
 */
export type PartialCreditNote = {
  number: string;
  date: string;
  reason: string;
  by_name: string;
  net: string;
  vat: string;
  total: string;
  /**
   * The refund of a credit note issued on a paid invoice: its total given back on `date`, its net taken back from
   * the payment's ledger lines (`royalty_ids`, each taking part of the payment's line at the same place in
   * `reverses`).
   */
  refund?: LicenseRefund;
};

/** An invoice that was cancelled by a credit note: both documents stay on the licence, as issued. */
export type CreditedInvoice = { invoice: LicenseInvoice; credit_note: LicenseCreditNote };

/**
 * One line of the register of licence invoices and credit notes: what an accountant copies into a VAT return. A
 * credit note's amounts are the invoice's with the sign turned, so the register's totals are what was billed net of
 * what was cancelled.
 */
export type RegisterLine = {
  kind: 'invoice' | 'credit_note';
  number: string;
  date: string;
  license_id: string;
  /** The licensee as the document names it (kept at issue), else the licence's. */
  licensee: string;
  currency: string;
  net: string;
  vat_rate: string;
  vat: string;
  total: string;
  /** Where the document stands, in words: paid, unpaid or overdue, credited by a credit note, or what it credits. */
  status: string;
};

/** The words an invoice prints of its two parties and of what was licensed. */
export type LicenseInvoiceParties = {
  licensor_name: string;
  /** The company's postal address (its profile's), which a VAT invoice must show; absent on invoices before it. */
  licensor_address?: string | null;
  licensor_vat_number: string | null;
  licensee_name: string;
  licensee_address: string | null;
  /**
   * The licensee's VAT number, which an invoice under the reverse charge must show; absent (or null) on invoices
   * issued before it was kept.
   */
  licensee_vat_number?: string | null;
  licensee_country: string | null;
  /** The licensed assets with their shares, e.g. "Night Drive (50%), Day Drive (50%)". */
  licensed: string;
  usage: string | null;
  territory: string | null;
  term: string | null;
};
