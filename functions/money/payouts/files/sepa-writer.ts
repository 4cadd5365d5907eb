import Big from 'big.js';
import { total } from './csv.js';
import { fixedCurrencyProblems, NO_ROW_LIMIT } from './currency-check.js';
import { schemaProblem } from './sepa-errors.js';
import { SEPA_CHARACTERS, unwritableNames } from './bank-text.js';
import { debtorProblems, sepaXml } from './sepa.js';
import type { FileContext, FileProblems, FileRow, PayoutFileWriter, Written } from './types.js';
import { SEPA_SCHEMA, schemaFindings, statedAmounts } from './xsd.js';

/**
 * The SEPA credit transfer file (pain.001.001.09). It is offered only once it passes the EPC schema and its
 * amounts, read back from the XML, equal the statements' to the cent: the `sepa` package that writes it sums in
 * floats, so its output is checked rather than trusted.
 */

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
    ? {
        amount: ["The SEPA file's amounts did not equal what the statements pay out to the cent, so it is not offered"],
      }
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

export const sepaWriter: PayoutFileWriter = {
  method: 'sepa',
  name: 'SEPA credit transfer file',
  extension: 'xml',
  contentType: 'application/xml',
  rowLimit: NO_ROW_LIMIT,
  validatedAgainst: SEPA_SCHEMA,
  validate(rows, context) {
    // A payment in the wrong currency is reported alone: the company's account does not matter for it.
    const currency = fixedCurrencyProblems('sepa', 'A SEPA transfer', rows);
    if (Object.keys(currency).length) return currency;
    return { ...debtorProblems(context), ...unwritableNames(rows, SEPA_CHARACTERS, 'a SEPA transfer') };
  },
  write(rows, context): Written {
    const checked = checkedSepaFile(rows, context);
    return 'problems' in checked ? checked : { text: checked.xml };
  },
};
