import { formatMoney } from '../../../../../shared/money';
import type { OpeningBalanceCheck } from '../../../../../shared/schemas/opening-balances';

/** What the opening balances page says of a check's answer (pure). */

/** The header over a check's problems: how many, and what to do. */
export function problemsHeader(check: OpeningBalanceCheck): string {
  const n = check.problems.length + check.more_problems;
  return `${n} ${n === 1 ? 'problem' : 'problems'}: fix the file and check it again. Nothing is imported until every row reads.`;
}

/** The import button's words. */
export const importLabel = (check: OpeningBalanceCheck) =>
  `Import ${check.entries} ${check.entries === 1 ? 'balance' : 'balances'}`;

/** What became of an imported file, in words: done, or stopped part-way and how to finish it. */
export const importStatusWords = (status: 'importing' | 'complete') =>
  status === 'complete' ? 'Imported' : 'Stopped part-way: import the same file again to finish it';

/** The checked file's total in each currency with its rows: "£950.05 (2 rows) · EUR 10.00 (1 row)", '-' for none. */
export const totalsWords = (totals: OpeningBalanceCheck['totals']) =>
  totals.map((t) => `${formatMoney(t.total, t.currency)} (${t.rows} ${t.rows === 1 ? 'row' : 'rows'})`).join(' · ') ||
  '-';
