import { MODEL_ATTRIBUTES } from '../../../shared/catalogue-exchange/model-attributes.js';
import { payeeInput } from '../../../shared/schemas/catalogue.js';
import { type CellProblem, given, sameName, text, yesNoReader } from './cells.js';
import { catalogueRecords } from './catalogue-records.js';
import { recordImporter } from './record-importer.js';

/**
 * Payees: name, email, minimum payout (a decimal amount, kept as text for the money
 * schema), self billing, VAT and the
 * withholding tax rate. Statement settings start with the catalogue's defaults.
 */
export const payeesImporter = recordImporter({
  model: 'payees',
  title: 'Payee',
  attributes: MODEL_ATTRIBUTES.payees,
  schema: payeeInput,
  lookups: async () => undefined,
  toInput: (row) => {
    const problems: CellProblem[] = [];
    const yesNo = yesNoReader(row, MODEL_ATTRIBUTES.payees, problems);
    const input = given({
      name: text(row.name) ?? '',
      email: text(row.email),
      minimum_payout: text(row.minimum_payout),
      self_billing: yesNo('self_billing'),
      vat_registered: yesNo('vat_registered'),
      vat_number: text(row.vat_number),
      vat_rate: text(row.vat_rate),
      withholding_tax_rate: text(row.withholding_tax_rate),
      address: text(row.address),
    });
    return { input, problems };
  },
  identities: (record) => [`name:${sameName(record.name)}`],
  ...catalogueRecords('payees'),
});
