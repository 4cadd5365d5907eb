import { z } from 'zod';
import { count, day } from './responses.js';
import { sizeLimitWords } from '../format.js';

/**
 * Contracts brought in from a file (CSV or XLSX), one contract per row: what the page sends, what the check and the
 * import answer, and the bounds both sides state. The file travels as base64 in the request, like opening balances.
 */

/** The largest file read: checked on the decoded bytes before anything parses them. */
export const CONTRACT_IMPORT_MAX_BYTES = 512 * 1024;
/** The most rows a file may hold (the header not counted): a label brings a few hundred contracts at most. */
export const CONTRACT_IMPORT_MAX_ROWS = 2_000;
/** How many problems and rows an answer lists; the rest are counted ("and 12 more"). */
export const CONTRACT_IMPORT_LISTED = 100;

/** The file: its name (which says CSV or XLSX) and its bytes as base64. */
export const contractImportFile = z.strictObject({
  file_name: z.string().trim().min(1, 'File name is required').max(255),
  content: z
    .string({ error: 'File is required' })
    .max(
      Math.ceil((CONTRACT_IMPORT_MAX_BYTES * 4) / 3) + 1024,
      `The file is larger than ${sizeLimitWords(CONTRACT_IMPORT_MAX_BYTES)}; split it`,
    )
    .regex(/^[A-Za-z0-9+/=\s]*$/, 'The file must be sent as base64'),
});
export type ContractImportFile = z.output<typeof contractImportFile>;

/** One problem of the file: its row as the spreadsheet numbers it (header = 1; none for the whole file), its column. */
const problem = z.looseObject({ row: z.number().int().nullable(), column: z.string().nullable(), message: z.string() });
export type ContractImportProblem = z.output<typeof problem>;

/** A row that reads, in words: what the contract is on, with whom, its type, dates and deal. */
const previewRow = z.looseObject({
  row: count,
  subject: z.string(),
  contractee: z.string(),
  type: z.string(),
  start_date: day,
  end_date: day.nullable(),
  deal: z.string(),
});
export type ContractImportPreviewRow = z.output<typeof previewRow>;

/** The check's answer: every problem (the first CONTRACT_IMPORT_LISTED, then how many more), and the preview. */
export const contractImportCheckResponse = z
  .looseObject({
    file_name: z.string(),
    /** Rows read, blank rows not counted. */
    rows: count,
    /** Contracts the import would make. */
    contracts: count,
    problems: z.array(problem),
    more_problems: count,
    preview: z.array(previewRow),
    more_rows: count,
    /** When the file was imported already: the day, and the import is refused. */
    imported_on: day.nullable(),
  })
  .meta({ id: 'ContractImportCheck' });
export type ContractImportCheck = z.output<typeof contractImportCheckResponse>;

/**
 * The import's answer: the notice, how many contracts the file makes and how many are in. A request stops after a
 * time (a large file): then `complete` is false and sending the file again carries on.
 */
export const contractImportResponse = z
  .looseObject({
    message: z.string(),
    contracts: count,
    written: count,
    complete: z.boolean(),
    /** Whether this call carried on an import a crash had stopped (some of its contracts were there already). */
    resumed: z.boolean(),
  })
  .meta({ id: 'ContractImport' });
export type ContractImportAnswer = z.output<typeof contractImportResponse>;
