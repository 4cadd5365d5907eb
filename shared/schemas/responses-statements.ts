import { z } from 'zod';
import {
  count,
  listResponse,
  money,
  recordResponse,
  recordRow,
  royaltyImportRow,
  rowsResponse,
  savedResponse,
  statementRow,
  totals,
} from './responses.js';
import { RUN_KINDS, RUN_STATUSES } from './statement-views.js';

/**
 * The answers of statement runs and of the calls that act on published statements and on royalty lines (marks, bulk
 * edits) and imports after they ran (declared in the OpenAPI document and checked against real answers by the
 * response-schema tests). Money is an exact decimal string throughout.
 */

const accountRef = z.looseObject({ type: z.enum(['Payee', 'Artist', 'Label']), id: z.string() });

/** One account's row of a run's preview: what its statement will say. */
const previewRow = z.looseObject({
  account: accountRef,
  name: z.string(),
  lines: count,
  opening_balance: money,
  royalties: money,
  costs: money,
  reserves: money.optional(),
  transfers: money.optional(),
  payments: money.optional(),
  adjustments: money.optional(),
  recouped: money.optional(),
  closing_balance: money,
  payable: money,
  to_pay: money.optional(),
});

/**
 * A statement run: previewed (its figures, totals that reconcile to the label's share, and warnings), then published
 * as one statement per account. `progress` is a whole percent of the accounts done.
 */
const statementRunRow = recordRow({
  kind: z.enum(RUN_KINDS),
  status: z.enum(RUN_STATUSES),
  start_pay_period: z.string(),
  end_pay_period: z.string(),
  label_ids: z.array(z.string()),
  accounts: z.array(accountRef),
  progress: z.number().int().min(0).max(100),
  total: count,
  done: count,
  skipped: count,
  resumable: z.boolean(),
  preview: z
    .looseObject({
      rows: z.array(previewRow),
      totals: z.looseObject({
        lines: count,
        label_payable: money,
        allocated: money,
        retained: money,
        unaccountable: money,
      }),
      warnings: z.looseObject({ unmatched_lines: count }),
    })
    .nullable(),
  currency: z.string().optional(),
  unaccountable: z.array(z.looseObject({ lines: count })),
  error: z.string().nullable(),
  scheduled: z.boolean(),
  created_at: z.string(),
  published_at: z.string().nullable(),
  replaces: z
    .looseObject({ id: z.string(), number: z.string(), version: count, row: previewRow.nullable() })
    .nullable()
    .optional(),
}).meta({ id: 'StatementRun' });

export const statementRunListResponse = rowsResponse('statement_runs', statementRunRow, totals);
export const statementRunResponse = recordResponse('statement_run', statementRunRow);
/** A run started (one account's statement, a new version) or resumed, and the notice. */
export const statementRunSavedResponse = savedResponse('statement_run', statementRunRow);
/** A published statement's details changed, or it was paid, and the notice. */
export const statementSavedResponse = savedResponse('statement', statementRow);
/** Statements marked paid or unpaid together, as they are now. */
export const statementsMarkedResponse = z.looseObject({ statements: z.array(statementRow), message: z.string() });
/** Admins: every company's statements, each naming its company. */
export const adminStatementListResponse = rowsResponse(
  'statements',
  statementRow.extend({ company_name: z.string() }),
  totals,
);

/** Money in months already stated that no statement carries yet, per statement: a correction states it. */
export const notYetStatedResponse = rowsResponse(
  'not_yet_stated',
  z.looseObject({
    statement_id: z.string(),
    number: z.string(),
    account: accountRef,
    name: z.string(),
    start_pay_period: z.string(),
    end_pay_period: z.string(),
    lines: count,
    amount: money,
  }),
  { total_count: count },
);

/** The months the company's (or a label's) royalty lines fall in. */
export const payPeriodsResponse = z.looseObject({ pay_periods: z.array(z.string().nullable()) });

/** Royalty lines marked (paid, artist paid) or edited together: how many, and the notice. */
export const royaltiesUpdatedResponse = z.looseObject({ updated: count, message: z.string() });

/**
 * Exchange rates applied again to one import or all: each import is matched again in the background; how many, and
 * which (each import's `job` says what it found).
 */
export const ratesQueuedResponse = z.looseObject({
  result: z.looseObject({ imports: count, import_ids: z.array(z.string()) }),
  message: z.string(),
});

/** An import's unmatched lines grouped by identifier (or names), with their amount in the company's currency. */
export const unmatchedLinesResponse = z.looseObject({
  unmatched: z.array(
    z.looseObject({
      isrc: z.string().nullable(),
      upc: z.string().nullable(),
      cat_no: z.string().nullable(),
      song: z.string().nullable(),
      artist: z.string().nullable(),
      album: z.string().nullable(),
      lines: count,
      amount: money.nullable(),
    }),
  ),
  unmatched_lines: count,
  matched_lines: count,
});
/** An import acted on (re-run, accepted, re-match queued): the import as it is now, and the notice. */
export const importSavedResponse = savedResponse('royalty_import', royaltyImportRow);
/**
 * A match assigned by identifier (the rule stored, the import being matched again: the import and its `job`) or, to
 * lines without one, by their names (how many).
 */
export const matchAssignedResponse = z.union([
  importSavedResponse,
  z.looseObject({ lines: count, message: z.string() }),
]);

const periodRange = { start_pay_period: z.string(), end_pay_period: z.string() };
/** A label's sums for a period: its lines' total, what the aggregator paid it and the aggregator's own cut. */
export const labelPeriodSumsResponse = z.looseObject({
  label_id: z.string(),
  ...periodRange,
  lines: count,
  total: money,
  revenue_from_aggregator: money,
  aggregator_payable: money,
});
/** What an artist (its own account and its members' payees) is owed for a period range. */
export const artistPeriodSumResponse = z.looseObject({
  artist_id: z.string(),
  ...periodRange,
  lines: count,
  artist_payable: money,
});
/** A label's recordings nobody is entitled to and its unmatched lines: never dropped from a statement. */
export const unaccountableRecordingsResponse = z.looseObject({
  label_id: z.string(),
  unaccountable_recordings: z.array(z.looseObject({ lines: count })),
});

/** The admins' royalties across companies: a page of lines, each naming its company, with their sums. */
export const adminRoyaltyListResponse = rowsResponse(
  'royalties',
  z.looseObject({
    id: z.string(),
    company_id: z.string(),
    company_name: z.string().nullable(),
    pay_period: z.string().nullable(),
  }),
  { ...totals, sums: z.looseObject({}), engine: z.string() },
);
/** One line as its company sees it, naming the company. */
export const adminRoyaltyResponse = z.looseObject({
  royalty: z.looseObject({ id: z.string(), company_id: z.string(), company_name: z.string() }),
});

/** The fields a royalty line has, and the ones a column map may read from a report. */
export const royaltyAttributesResponse = z.looseObject({
  attributes: z.array(z.string()),
  mapping_columns: z.array(z.string()),
});

/** A page of an artist's lines in a period range, each with the artist's share, and what the artist is owed. */
export const artistRoyaltyLinesResponse = listResponse(
  'royalties',
  z.looseObject({ id: z.string(), pay_period: z.string().nullable(), artist_share: money }),
).extend({ artist_payable: money });

/** GET statements/{id}/lines: a page of a published statement's lines (its CSV's), and what the kept lines add up to. */
export const statementLinesResponse = z.looseObject({
  lines: z.array(
    z.looseObject({
      pay_period: z.string(),
      retailer: z.string(),
      territory: z.string(),
      sales_format: z.string(),
      release: z.string(),
      track: z.string(),
      isrc: z.string(),
      quantity: z.number(),
      label_payable: money,
      term: z.string(),
      share: money,
    }),
  ),
  total_count: count,
  total_pages: count,
  quantity: z.number(),
  share: money,
});
