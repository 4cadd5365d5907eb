import { PAYOUT_METHODS } from '../../../../shared/schemas/payment-views.js';
import { total } from './csv.js';
import { asSent } from './sent.js';
import type { BankFile, FileContext, FileProblems, FileRow } from './types.js';
import { PAYOUT_FILE_WRITERS } from './writers.js';

// The SEPA file's own check, where callers and its tests have always found it.
export { checkedSepaFile } from './sepa-writer.js';

/**
 * A run's bank files: one file per method and currency, split at the format's row limit, each written by its
 * method's writer (writers.ts). Any problem — a row the format cannot pay, a SEPA file that fails its schema or
 * its amounts — refuses the whole export with field errors, so no partial set is ever offered.
 */

/** Rows in chunks of at most `size`. */
function chunks<T>(rows: readonly T[], size: number): T[][] {
  if (!Number.isFinite(size)) return [rows.slice()];
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

const merge = (into: FileProblems, more: FileProblems) => {
  for (const [field, texts] of Object.entries(more)) into[field] = [...(into[field] ?? []), ...texts];
};

/** Every file of a run, or the problems that keep all of them from being offered. */
export function bankFiles(
  runRows: readonly FileRow[],
  context: FileContext,
): { files: BankFile[] } | { problems: FileProblems } {
  // A statement paid in another currency is written, checked and added up in the currency its file sends.
  const rows = runRows.map(asSent);
  const files: BankFile[] = [];
  const problems: FileProblems = {};
  for (const method of PAYOUT_METHODS) {
    const writer = PAYOUT_FILE_WRITERS[method];
    const ofMethod = rows.filter((r) => r.item.method === method);
    const currencies = [...new Set(ofMethod.map((r) => r.item.currency))].sort();
    for (const currency of currencies) {
      const ofCurrency = ofMethod.filter((r) => r.item.currency === currency);
      const refused = writer.validate(ofCurrency, context);
      if (Object.keys(refused).length) {
        merge(problems, refused);
        continue;
      }
      chunks(ofCurrency, writer.rowLimit).forEach((part, index) => {
        const written = writer.write(part, context);
        if ('problems' in written) {
          merge(problems, written.problems);
          return;
        }
        files.push({
          name: `${method.replace('_', '-')}-${currency.toLowerCase()}-${index + 1}.${writer.extension}`,
          method,
          currency,
          rows: part.length,
          total: total(part.map((r) => r.item.amount)),
          validated_against: writer.validatedAgainst,
          content: written.text,
          contentType: writer.contentType,
        });
      });
    }
  }
  return Object.keys(problems).length ? { problems } : { files };
}
