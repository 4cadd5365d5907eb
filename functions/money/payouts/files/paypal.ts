import type { FileRow, PayoutFileWriter } from './types.js';
import { csvText } from './csv.js';

/**
 * A PayPal Payouts CSV (the Payouts web upload): recipient e-mail, amount, currency, reference
 * (the statement number, PayPal's "unique ID" for the item) and a note to the recipient, no
 * header row. PayPal takes one currency and at most 5,000 recipients per file, so the run splits.
 */
function paypalCsv(rows: readonly FileRow[], companyName: string): string {
  return csvText(
    rows.map(({ item, details }) => [
      details.email ?? '',
      item.amount,
      item.currency,
      item.statement_number,
      `Royalty statement ${item.statement_number} from ${companyName}`.slice(0, 4000),
    ]),
  );
}

export const paypalWriter: PayoutFileWriter = {
  method: 'paypal',
  name: 'PayPal Payouts file',
  extension: 'csv',
  contentType: 'text/csv',
  rowLimit: 5_000,
  validatedAgainst: null,
  // PayPal pays in the payee's currency and needs only the e-mail, which the payout details already require.
  validate: () => ({}),
  write: (rows, context) => ({ text: paypalCsv(rows, context.companyName) }),
};
