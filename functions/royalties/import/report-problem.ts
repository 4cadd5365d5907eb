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

/**
 * Whether an error while reading a report is this machine's, not the file's: a file in the work's own scratch
 * folder gone or unopenable, or the disk full. DuckDB says both as an "IO Error" naming the file.
 */
function isOwnFileFault(error: unknown, scratchFolder: string): boolean {
  const message = error instanceof Error ? error.message : String(error);
  if (!message.startsWith('IO Error')) return false;
  return (
    /No space left on device/.test(message) ||
    (message.includes(scratchFolder) && /No files found|No such file or directory|Cannot open file/.test(message))
  );
}

/**
 * Why a report could not be read, in the user's words: a ReportProblem's message, else a plain sentence. An error
 * of this machine's own (isOwnFileFault; `scratchFolder` is the work's folder) is thrown on instead: an import's
 * queue then delivers its message again (after the last attempt the import says it failed on our side), where
 * taking it for an unreadable report would tell the user to check a file that was fine.
 */
export function unreadableReport(error: unknown, scratchFolder: string): string {
  if (isOwnFileFault(error, scratchFolder)) throw error;
  if (error instanceof ReportProblem) return error.message;
  log().warn('royalty report unreadable', { error: error instanceof Error ? error.message : String(error) });
  return UNREADABLE_REPORT;
}
