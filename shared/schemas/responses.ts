import { z } from 'zod';

/**
 * The shapes of the API's answers, as its OpenAPI document declares them: a test calls the routes
 * and checks the real answers against the document, so a handler that answers otherwise fails it.
 * A record names the fields integrators rely on; records may carry more (`looseObject`).
 */

/** A record: its id and the named fields; it may carry more. */
export const recordRow = <S extends z.ZodRawShape>(shape: S) => z.looseObject({ id: z.string().min(1), ...shape });

/** A list call's answer: the rows under the collection's name, with the page's counts. */
export const listResponse = (collection: string, row: z.ZodType) =>
  z.object({
    [collection]: z.array(row),
    total_count: z.number().int().min(0),
    total_pages: z.number().int().min(0),
    page: z.number().int().min(1),
    per_page: z.number().int().min(1),
  });

/**
 * A list that may answer without a page (a picker's first matches, `all=true`'s every row): the rows and their counts,
 * and the page numbers when a page was asked for.
 */
export const pickableListResponse = (collection: string, row: z.ZodType) =>
  listResponse(collection, row).partial({ page: true, per_page: true });

/** A detail call's answer: the record under its singular name. */
export const recordResponse = (singular: string, row: z.ZodType) => z.object({ [singular]: row });

/** A company's own record (catalogue): it belongs to one company. */
export const companyRecordRow = recordRow({ tenant_id: z.string().min(1) });

/** A label as the labels list and a label's page read it. */
export const labelRow = recordRow({
  name: z.string(),
  company_id: z.string().min(1),
  active: z.boolean(),
  distributed: z.boolean(),
  requested: z.boolean(),
}).meta({ id: 'Label' });

/** Reference data (countries, genres …): shared records with a name. */
export const referenceRow = recordRow({});

/** A count of rows or pages. */
export const count = z.number().int().min(0);
/** An amount of money as the API answers it: an exact decimal string, never a float. */
export const money = z.string().regex(/^-?\d+(\.\d+)?$/);
/** A calendar day, YYYY-MM-DD. */
export const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** Earnings over a date range as the one finances path gives them (a payee's or artist's finances, the artist portal). */
export const earningsOverRange = {
  currency: z.string(),
  start_date: day,
  end_date: day,
  by_period: z.array(z.looseObject({ pay_period: z.string() })),
  by_store: z.array(z.looseObject({})),
  totals: z.looseObject({}),
};

/** A write's answer: the record as saved under its singular name, and the notice the user is shown. */
export const savedResponse = (singular: string, row: z.ZodType) =>
  z.looseObject({ [singular]: row, message: z.string() });

/** An answer that is only the notice the user is shown ("Artist Mina deleted"). */
export const messageResponse = z.looseObject({ message: z.string() }).meta({ id: 'Message' });

/** A bulk delete's answer: its notice and how many records went. */
export const deletedResponse = z.looseObject({ message: z.string(), deleted: count }).meta({ id: 'Deleted' });

/** A file to fetch: a short-lived download link and the name to save it under. */
export const fileLinkResponse = z
  .looseObject({ url: z.string().min(1), filename: z.string() })
  .meta({ id: 'FileLink' });

/** Where to send a file: PUT its bytes to `url` with `headers`, then name `key` in the record's save. */
export const presignedUploadResponse = z
  .looseObject({
    url: z.string().min(1),
    key: z.string().min(1),
    method: z.literal('PUT'),
    headers: z.record(z.string(), z.string()),
  })
  .meta({ id: 'PresignedUpload' });

/**
 * A list that answers all its rows at once or states only some of a page's numbers (`counts`): the rows under the
 * collection's name, with whatever else the list adds (its sums, its filter menus).
 */
export const rowsResponse = (collection: string, row: z.ZodType, counts: z.ZodRawShape = {}) =>
  z.looseObject({ [collection]: z.array(row), ...counts });

/** The page numbers a list states when it knows its total but not the page asked for. */
export const totals = { total_count: count, total_pages: count };

/** One ledger line of the royalties list; its money fields are exact decimals (null before a rate converts it). */
const royaltyRow = recordRow({
  import_id: z.string().nullable(),
  pay_period: z.string(),
  isrc: z.string().nullable(),
  retailer: z.string().nullable(),
  territory: z.string().nullable(),
  quantity: z.number().nullable(),
  currency: z.string().nullable(),
  subtotal_payable: money.nullable(),
  amount: money.nullable(),
  label_payable: money.nullable(),
  paid: z.boolean().nullable(),
}).meta({ id: 'Royalty' });

/** One royalty line as its own record. */
export const royaltyResponse = recordResponse('royalty', royaltyRow);
/** A royalty line entered or edited by hand, and the notice. */
export const royaltySavedResponse = savedResponse('royalty', royaltyRow);

/** The royalties list: a page of lines with the sums of every line the filter selects. */
export const royaltyListResponse = listResponse('royalties', royaltyRow).extend({
  total_sum: money,
  label_sum: money,
  aggregator_sum: money,
  pay_periods: z.array(z.looseObject({ pay_period: z.string().nullable(), total: money })),
});

/** A sales report's import: the file, the source it was read as and how far it got. */
export const royaltyImportRow = recordRow({
  filename: z.string(),
  source_id: z.string(),
  status: z.enum(['processing', 'done', 'failed', 'duplicate']),
  /** The re-match asked for last, run in the background (null: none). */
  job: z
    .looseObject({
      kind: z.enum(['rematch', 'assign', 'rates']),
      status: z.enum(['queued', 'running', 'done', 'failed']),
      progress: z.number(),
      queued_at: z.string(),
      finished_at: z.string().nullable(),
      result: z
        .looseObject({ lines: z.number(), stated_lines: z.number(), statements: z.array(z.string()) })
        .nullable(),
      message: z.string().nullable(),
    })
    .nullable()
    .optional(),
}).meta({ id: 'RoyaltyImport' });

/** A published statement as lists show it (its detail adds the summaries and where each figure came from). */
export const statementRow = recordRow({
  number: z.string(),
  version: z.number().int().min(1),
  type: z.enum(['Statement', 'DistributionStatement']),
  payee_type: z.enum(['Payee', 'Artist', 'Label']),
  payee_id: z.string(),
  payee_name: z.string(),
  start_pay_period: z.string(),
  end_pay_period: z.string(),
  accounting_period: z.string(),
  currency: z.string(),
  figures: z.looseObject({}),
  payee_total: money,
  /** The tax withheld from what it pays, at its payee's rate when published; null when none. */
  withholding_tax: z.looseObject({ rate: z.string(), amount: money }).nullable(),
  /** What is paid out for it: payable + self-billing VAT − tax withheld. */
  payout: z.looseObject({ payable: money, vat: money, withholding_tax: money, total: money }),
  paid: z.boolean(),
  created_at: z.string(),
}).meta({ id: 'Statement' });

/** Who a payment pays and its money: a recorded payment's, and what a payment of chosen statements would pay. */
export const paymentFigureFields = {
  payable_type: z.enum(['Payee', 'Artist', 'Label']),
  payable_id: z.string(),
  payable_name: z.string(),
  payment_currency: z.string(),
  payment_total: money,
  payment_subtotal: money,
  payment_vat_total: money,
  payment_withholding_total: money,
  statement_ids: z.array(z.string()),
  converted: z.looseObject({ currency: z.string(), rate: z.string(), total: money }).nullable(),
};

/** A payment of one account's statements. */
export const paymentRow = recordRow({
  ...paymentFigureFields,
  payment_date: day,
  statements: z.array(
    z.looseObject({
      id: z.string(),
      number: z.string(),
      payable: money,
      paid: money,
      converted_amount: money.optional(),
    }),
  ),
}).meta({ id: 'Payment' });

/** The money figures of a finances view. */
const financeFigures = z.looseObject({
  revenue: money,
  label_share: money,
  artist_share: money,
  aggregator_fee: money,
  lines: count,
  quantity: z.number(),
});

/** A company's finances over a date range: totals, by period, store, territory, label and release, the money side. */
export const financesResponse = z.object({
  finances: z
    .looseObject({
      scope: z.looseObject({ type: z.string(), id: z.string().nullable(), name: z.string() }),
      currency: z.string(),
      start_date: day,
      end_date: day,
      totals: financeFigures,
      by_period: z.array(financeFigures.extend({ pay_period: z.string() })),
      by_store: z.array(financeFigures.extend({ key: z.string().nullable(), name: z.string() })),
      by_territory: z.array(financeFigures.extend({ key: z.string().nullable(), name: z.string() })),
      money: z.looseObject({
        expenses: money,
        statements: count,
        paid: money,
        owed: money,
        by_currency: z.array(z.looseObject({ currency: z.string(), paid: money, owed: money })),
      }),
    })
    .meta({ id: 'Finances' }),
});

/** A contract on a release, label or artist, with its royalty terms as data. */
export const contractRow = recordRow({
  contractable_type: z.string(),
  contractable_id: z.string(),
  type: z.string(),
  status: z.string(),
  start_date: z.string(),
  end_date: z.string().nullable(),
  contract_payees: z.array(z.looseObject({ payee_id: z.string(), name: z.string() })),
  royalty_terms: z.looseObject({ terms: z.array(z.looseObject({})) }),
  version: z.number().int().min(1),
}).meta({ id: 'Contract' });

/** A licence in or out: who, what for, where it is in the pipeline. */
export const licenseRow = recordRow({
  type: z.enum(['incoming', 'outgoing']),
  status: z.string(),
  licensee_name: z.string(),
  /** Printed on its invoice; needed there when the licensee accounts for the VAT under the reverse charge. */
  licensee_vat_number: z.string().nullable(),
  assets: z.array(z.looseObject({ asset_type: z.string(), asset_id: z.string() })),
  /** The kind of its assets when all are one kind; the release or recording (id and title) when it is the only asset. */
  asset_type: z.enum(['recording', 'release']).nullable(),
  release_id: z.string().nullable(),
  release: z.string().nullable(),
  recording_id: z.string().nullable(),
  recording: z.string().nullable(),
  tags: z.array(z.string()),
  paid: z.boolean(),
}).meta({ id: 'License' });

/** A promo made from a release. */
export const promoRow = recordRow({
  release_id: z.string(),
  title: z.string(),
  subject: z.string(),
  start_date: z.string(),
  expiry_date: z.string(),
  access: z.enum(['stream', 'download']),
  status: z.enum(['draft', 'sending', 'sent']),
  recording_ids: z.array(z.string()),
  /** One promo's read: the release's recordings, whether each is on the promo and whether a recipient can play it. */
  recordings: z
    .array(z.looseObject({ id: z.string(), title: z.string(), chosen: z.boolean(), has_audio: z.boolean() }))
    .optional(),
}).meta({ id: 'Promo' });

/** A smart link: one public address for a release (or recording) with a button per store. */
export const smartLinkRow = recordRow({
  slug: z.string(),
  path: z.string(),
  release_id: z.string(),
  recording_id: z.string().nullable(),
  title: z.string(),
  stores: z.array(z.looseObject({})),
  created_at: z.string(),
}).meta({ id: 'SmartLink' });
