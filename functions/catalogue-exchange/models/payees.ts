import { MODEL_ATTRIBUTES } from '../../../shared/catalogue-exchange/model-attributes.js';
import { payeeInput } from '../../../shared/schemas/catalogue.js';
import { type CellProblem, given, sameName, text, yesNoReader } from './cells.js';
import { catalogueRecords } from './catalogue-records.js';
import { taxFormProblems, taxFormToStore } from '../../../shared/tax-forms.js';
import { recordImporter } from './record-importer.js';

/**
 * Payees: name, email, minimum payout (a decimal amount, kept as text for the money
 * schema), self billing, VAT, the
 * withholding tax rate and the tax form (its expiry is worked out for a W-8, as the form does). Statement settings
 * start with the catalogue's defaults.
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
      tax_form: text(row.tax_form),
      tax_form_signed_on: text(row.tax_form_signed_on),
      tax_form_expires_on: text(row.tax_form_expires_on),
    });
    // The rules across the tax form's columns, named in the preview as the form names them.
    const today = new Date().toISOString().slice(0, 10);
    for (const [attribute, message] of Object.entries(taxFormProblems(input, today)))
      problems.push({ attribute, message });
    // Stored as the payee form stores it: the import writes through the registry, without the API's prepare hook.
    return { input: input.tax_form ? { ...input, ...taxFormToStore(input) } : input, problems };
  },
  identities: (record) => [`name:${sameName(record.name)}`],
  ...catalogueRecords('payees'),
});
