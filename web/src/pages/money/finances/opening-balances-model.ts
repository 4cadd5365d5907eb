import { formatDaysIn } from '../../../../../shared/format';
import type { OpeningBalanceCheck, OpeningBalanceProblem } from '../../../../../shared/schemas/opening-balances';

/** What the opening balances page says of a check's answer (pure). */

/** A problem as one line: where ("Row 4, balance"), then what. */
export function problemWhere(problem: OpeningBalanceProblem): string {
  if (problem.row === null) return 'The file';
  return problem.column ? `Row ${problem.row}, ${problem.column}` : `Row ${problem.row}`;
}

/** The problem's words, any day in it as the pages show days. */
export const problemText = (problem: OpeningBalanceProblem) => formatDaysIn(problem.message);

/** The header over a check's problems: how many, and what to do. */
export function problemsHeader(check: OpeningBalanceCheck): string {
  const n = check.problems.length + check.more_problems;
  return `${n} ${n === 1 ? 'problem' : 'problems'}: fix the file and check it again. Nothing is imported until every row reads.`;
}

/** The line under a list cut short ("and 12 more"), or nothing. */
export const andMore = (more: number, noun: string) => (more > 0 ? `and ${more} more ${noun}` : '');

/** The import button's words. */
export const importLabel = (check: OpeningBalanceCheck) =>
  `Import ${check.entries} ${check.entries === 1 ? 'balance' : 'balances'}`;

/** A browser file's bytes as base64, read in pieces (String.fromCharCode takes a bounded number of arguments). */
export function base64Of(bytes: Uint8Array): string {
  let text = '';
  for (let at = 0; at < bytes.length; at += 0x8000) text += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(text);
}

/** What became of an imported file, in words: done, or stopped part-way and how to finish it. */
export const importStatusWords = (status: 'importing' | 'complete') =>
  status === 'complete' ? 'Imported' : 'Stopped part-way: import the same file again to finish it';
