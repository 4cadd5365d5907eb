import type { FileRow, PayoutFileWriter } from './types.js';
import { csvText } from './csv.js';

/**
 * A Wise batch transfer CSV (Wise's batch template for e-mail recipients): a header row, then one
 * transfer per statement; Wise takes at most 1,000 transfers per batch, so the run splits. The
 * reference is cut to Wise's 35 characters.
 */
const HEADER = [
  'name',
  'recipientEmail',
  'paymentReference',
  'receiverType',
  'amountCurrency',
  'amount',
  'sourceCurrency',
  'targetCurrency',
];

function wiseCsv(rows: readonly FileRow[]): string {
  return csvText([
    HEADER,
    ...rows.map(({ item, details }) => [
      details.account_name ?? item.name,
      details.email ?? '',
      item.statement_number.slice(0, 35),
      'PERSON',
      'source',
      item.amount,
      item.currency,
      // Wise converts into the currency the payee chose with their details, at its own rate on the day.
      details.currency ?? item.currency,
    ]),
  ]);
}

export const wiseWriter: PayoutFileWriter = {
  method: 'wise',
  name: 'Wise batch transfer file',
  extension: 'csv',
  contentType: 'text/csv',
  rowLimit: 1_000,
  validatedAgainst: null,
  // Wise pays in any currency (converting from the source itself) and needs only the e-mail, which the payout
  // details already require.
  validate: () => ({}),
  write: (rows) => ({ text: wiseCsv(rows) }),
};
