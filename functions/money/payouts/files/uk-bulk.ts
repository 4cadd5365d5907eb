import { fixedCurrencyProblems, NO_ROW_LIMIT } from './currency-check.js';
import type { FileRow, PayoutFileWriter } from './types.js';
import { csvText, pence } from './csv.js';
import { accountHolder, BACS_CHARACTERS, bankText, unwritableNames } from './bank-text.js';

/**
 * A UK bulk payment file (Bacs / Faster Payments, the CSV UK banks' bulk upload takes): one row
 * per statement — sort code (6 digits), account number (8 digits), account name, amount (pounds
 * "12.34" or pence "1234", per the bank's template), reference — without a header row. Bacs
 * allows 18 characters of A–Z, 0–9, space and . - / & in the name and the reference.
 */
const bacsText = (value: string) => bankText(value, BACS_CHARACTERS).slice(0, 18).trimEnd();

function ukBulkCsv(rows: readonly FileRow[], amounts: 'pounds' | 'pence'): string {
  return csvText(
    rows.map((row) => [
      row.details.sort_code ?? '',
      row.details.account_number ?? '',
      bacsText(accountHolder(row)),
      amounts === 'pence' ? pence(row.item.amount) : row.item.amount,
      bacsText(row.item.statement_number),
    ]),
  );
}

export const ukBulkWriter: PayoutFileWriter = {
  method: 'uk_bulk',
  name: 'UK bulk payment file',
  extension: 'csv',
  contentType: 'text/csv',
  rowLimit: NO_ROW_LIMIT,
  validatedAgainst: null,
  validate: (rows) => {
    const currency = fixedCurrencyProblems('uk_bulk', 'A UK bank payment', rows);
    return Object.keys(currency).length ? currency : unwritableNames(rows, BACS_CHARACTERS, 'a UK bank payment');
  },
  // The bank's template decides whether amounts are pounds or pence; the company sets it with its bank account.
  write: (rows, context) => ({ text: ukBulkCsv(rows, context.debtor?.uk_bulk_amounts ?? 'pounds') }),
};
