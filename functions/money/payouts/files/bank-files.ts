import Big from 'big.js';
import { PAYOUT_METHODS, type PayoutMethod } from '../../../../shared/schemas/payment-views.js';
import { METHOD_CURRENCY } from '../../../../shared/schemas/payout-details.js';
import { total } from './csv.js';
import { paypalCsv } from './paypal.js';
import { schemaProblem } from './sepa-errors.js';
import { sepaXml } from './sepa.js';
import { SEPA_SCHEMA, schemaFindings, statedAmounts } from './xsd.js';
import type { BankFile, FileContext, FileProblems, FileRow } from './types.js';
import { ukBulkCsv } from './uk-bulk.js';
import { wiseCsv } from './wise.js';

/**
 * A run's bank files: one file per method and currency, split at the format's row
 * limit (PayPal 5,000 per file, Wise 1,000 per batch). A SEPA file is offered only once it passes
 * the EPC schema and its amounts, read back from the XML, equal the statements' to the cent;
 * anything else refuses the whole export with field errors, so no partial set is ever offered.
 */
const ROW_LIMITS: Record<PayoutMethod, number> = {
  sepa: Number.POSITIVE_INFINITY,
  uk_bulk: Number.POSITIVE_INFINITY,
  paypal: 5_000,
  wise: 1_000,
};

const EXTENSION: Record<PayoutMethod, string> = { sepa: 'xml', uk_bulk: 'csv', paypal: 'csv', wise: 'csv' };
const CONTENT_TYPE: Record<PayoutMethod, string> = {
  sepa: 'application/xml',
  uk_bulk: 'text/csv',
  paypal: 'text/csv',
  wise: 'text/csv',
};

/** Rows in chunks of at most `size`. */
function chunks<T>(rows: readonly T[], size: number): T[][] {
  if (!Number.isFinite(size)) return [rows.slice()];
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** The SEPA file's amounts as the XML states them, against the statements': the problems, if any. */
function sepaAmountProblems(xml: string, rows: readonly FileRow[]): FileProblems {
  const stated = statedAmounts(xml);
  const expected = total(rows.map((r) => r.item.amount));
  const byStatement = new Map(rows.map((r) => [r.item.statement_number, r.item]));
  const wrong =
    stated.transactions.length !== rows.length ||
    stated.transactions.some((tx) => {
      const item = byStatement.get(tx.endToEndId);
      return !item || !new Big(tx.amount).eq(item.amount) || tx.amount !== item.amount || tx.currency !== item.currency;
    }) ||
    stated.controlSums.some((sum) => sum !== expected);
  return wrong
    ? { amount: ["The SEPA file's amounts did not equal the statements' payable to the cent, so it is not offered"] }
    : {};
}

/** One SEPA file, checked; or why it is not offered. */
export function checkedSepaFile(
  rows: readonly FileRow[],
  context: FileContext,
): { xml: string } | { problems: FileProblems } {
  const built = sepaXml(rows, context);
  if ('problems' in built) return built;
  const findings = schemaFindings(built.xml);
  if (findings.length) {
    // The engine's words are for the operators; the user reads schemaProblem's.
    console.error('SEPA file failed the schema', { runId: context.runId, findings });
    return { problems: schemaProblem(findings) };
  }
  const amounts = sepaAmountProblems(built.xml, rows);
  return Object.keys(amounts).length ? { problems: amounts } : built;
}

function content(method: PayoutMethod, rows: readonly FileRow[], context: FileContext) {
  if (method === 'uk_bulk') return { text: ukBulkCsv(rows, context.debtor?.uk_bulk_amounts ?? 'pounds') };
  if (method === 'paypal') return { text: paypalCsv(rows, context.companyName) };
  if (method === 'wise') return { text: wiseCsv(rows) };
  const checked = checkedSepaFile(rows, context);
  return 'problems' in checked ? checked : { text: checked.xml };
}

/** Every file of a run, or the problems that keep all of them from being offered. */
export function bankFiles(
  rows: readonly FileRow[],
  context: FileContext,
): { files: BankFile[] } | { problems: FileProblems } {
  const files: BankFile[] = [];
  const problems: FileProblems = {};
  for (const method of PAYOUT_METHODS) {
    const ofMethod = rows.filter((r) => r.item.method === method);
    const currencies = [...new Set(ofMethod.map((r) => r.item.currency))].sort();
    for (const currency of currencies) {
      const fixed = METHOD_CURRENCY[method];
      if (fixed && currency !== fixed) {
        problems.currency = [
          ...(problems.currency ?? []),
          `${method === 'sepa' ? 'A SEPA transfer' : 'A UK bank payment'} is paid in ${fixed}, not ${currency}`,
        ];
        continue;
      }
      const parts = chunks(
        ofMethod.filter((r) => r.item.currency === currency),
        ROW_LIMITS[method],
      );
      parts.forEach((part, index) => {
        const made = content(method, part, context);
        if ('problems' in made) {
          for (const [field, texts] of Object.entries(made.problems))
            problems[field] = [...(problems[field] ?? []), ...texts];
          return;
        }
        files.push({
          name: `${method.replace('_', '-')}-${currency.toLowerCase()}-${index + 1}.${EXTENSION[method]}`,
          method,
          currency,
          rows: part.length,
          total: total(part.map((r) => r.item.amount)),
          validated_against: method === 'sepa' ? SEPA_SCHEMA : null,
          content: made.text,
          contentType: CONTENT_TYPE[method],
        });
      });
    }
  }
  return Object.keys(problems).length ? { problems } : { files };
}
