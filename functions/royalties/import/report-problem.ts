import { log } from '../../lib/logger.js';

/**
 * What is wrong with a report, in the user's words: the import fails with this
 * message as it is. Anything else thrown while reading a report is the engine's (DuckDB, zlib,
 * the zip reader): its text names SQL, bindings and internals, so it is logged for us and the
 * user reads a plain sentence instead.
 */
export class ReportProblem extends Error {}

/** The plain sentence for a report the reader could not make sense of (its own error is logged, never shown). */
export const UNREADABLE_REPORT =
  'The report could not be read as delimited text (comma, tab, semicolon or pipe separated) or as an Excel ' +
  "workbook. Check the file, and the map's delimiter and rows before the header.";

/** Why an import failed when its report could not be read: a ReportProblem's message, else a plain sentence. */
export function unreadableReport(error: unknown): string {
  if (error instanceof ReportProblem) return error.message;
  log().warn('royalty report unreadable', { error: error instanceof Error ? error.message : String(error) });
  return UNREADABLE_REPORT;
}
