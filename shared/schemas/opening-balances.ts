import { z } from 'zod';
import { count, day, money } from './responses.js';
import { sizeLimitWords } from '../format.js';

/**
 * Payees' opening balances brought in from a file (CSV or XLSX): what the page sends, what the check and the import
 * answer, and the bounds both sides state. The file travels in the request as base64, so it is bounded well under
 * the API's 1 MB body (base64 adds a third).
 */

/** The largest file read: checked on the decoded bytes before anything parses them. */
export const OPENING_BALANCE_MAX_BYTES = 512 * 1024;
/** The most rows a file may hold (the header not counted): a label has a few thousand payees at most. */
export const OPENING_BALANCE_MAX_ROWS = 5_000;
/** How many problems and rows an answer lists; the rest are counted ("and 12 more"). */
export const OPENING_BALANCE_LISTED = 100;
/** What an entry says when its row gives no description. */
export const OPENING_BALANCE_DESCRIPTION = 'Opening balance';

/** The file: its name (which says CSV or XLSX) and its bytes as base64. */
export const openingBalanceFile = z.strictObject({
  file_name: z.string().trim().min(1, 'File name is required').max(255),
  content: z
    .string({ error: 'File is required' })
    .max(
      Math.ceil((OPENING_BALANCE_MAX_BYTES * 4) / 3) + 1024,
      `The file is larger than ${sizeLimitWords(OPENING_BALANCE_MAX_BYTES)}; split it`,
    )
    .regex(/^[A-Za-z0-9+/=\s]*$/, 'The file must be sent as base64'),
});
export type OpeningBalanceFile = z.output<typeof openingBalanceFile>;

/** One problem of the file: its row as the spreadsheet numbers it (header = 1; none for the whole file), its column. */
const problem = z.looseObject({ row: z.number().int().nullable(), column: z.string().nullable(), message: z.string() });
export type OpeningBalanceProblem = z.output<typeof problem>;

/** A row that reads: the payee it names, the signed balance (positive: the label owes the payee), its day. */
const balanceRow = z.looseObject({
  row: count,
  payee_id: z.string(),
  payee_name: z.string(),
  balance: money,
  currency: z.string(),
  date: day,
  description: z.string(),
});
export type OpeningBalanceRow = z.output<typeof balanceRow>;

/** Per currency as the file gives it: the rows whose balance reads, and their exact sum. */
const currencyTotal = z.looseObject({ currency: z.string(), rows: count, total: money });
export type OpeningBalanceTotal = z.output<typeof currencyTotal>;

/** The check's answer: every problem (the first OPENING_BALANCE_LISTED, then how many more), and the preview. */
export const openingBalanceCheckResponse = z
  .looseObject({
    file_name: z.string(),
    /** Rows read, blank rows not counted. */
    rows: count,
    /** Entries the import would write (rows that read, a balance of 0.00 left out). */
    entries: count,
    /** Rows with a balance of 0.00: nothing to carry, so no entry. */
    zero: count,
    currency: z.string(),
    default_date: day,
    totals: z.array(currencyTotal),
    problems: z.array(problem),
    more_problems: count,
    preview: z.array(balanceRow),
    more_rows: count,
    /** When the file was imported already (complete): the day, and the import is refused. */
    imported_on: day.nullable(),
  })
  .meta({ id: 'OpeningBalanceCheck' });
export type OpeningBalanceCheck = z.output<typeof openingBalanceCheckResponse>;

/** A file the company imported, for the page's list of them: newest first. */
const importedFile = z.looseObject({
  file_name: z.string(),
  /** complete: every balance written; importing: stopped part-way, carried on by importing the same file again. */
  status: z.enum(['importing', 'complete']),
  entries: count,
  total: money,
  currency: z.string(),
  /** The day it was finished, or for one stopped part-way the day it was last written. */
  imported_on: day,
  imported_by: z.string().nullable(),
});
export const openingBalanceImportsResponse = z
  .looseObject({ imports: z.array(importedFile) })
  .meta({ id: 'OpeningBalanceImports' });
export type OpeningBalanceImportedFile = z.output<typeof importedFile>;

/** The import's answer: the notice, the entries written (in all, this file) and their sum. */
export const openingBalanceImportResponse = z
  .looseObject({
    message: z.string(),
    entries: count,
    total: money,
    currency: z.string(),
    /** Whether this call carried on an import a crash had stopped. */
    resumed: z.boolean(),
    payees: z.array(z.looseObject({ id: z.string(), name: z.string() })),
  })
  .meta({ id: 'OpeningBalanceImport' });
export type OpeningBalanceImportAnswer = z.output<typeof openingBalanceImportResponse>;
