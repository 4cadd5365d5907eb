import { MODEL_ATTRIBUTES } from '../../../shared/catalogue-exchange/model-attributes.js';
import { labelInput } from '../../../shared/schemas/label.js';
import { createLabel, tenantLabelSummaries } from '../../catalogue/labels.js';
import { getLabel } from '../../data/access/labels.js';
import { type CellProblem, given, numeric, sameName, text, yesNoReader } from './cells.js';
import { referenceFinder } from './catalogue-records.js';
import { recordImporter } from './record-importer.js';

/** Labels: name, email, flags, biographies, deal percentage, country (name or ISO code), referrer. */
export const labelsImporter = recordImporter({
  model: 'labels',
  title: 'Label',
  attributes: MODEL_ATTRIBUTES.labels,
  schema: labelInput,
  lookups: () => referenceFinder('countries', ['iso_alpha_two', 'iso_alpha_three']),
  toInput: (row, findCountry) => {
    const countryName = text(row.country);
    const country = countryName === undefined ? undefined : findCountry(countryName);
    const problems: CellProblem[] =
      countryName !== undefined && !country
        ? [{ attribute: 'country', message: `Country ${countryName} not found` }]
        : [];
    const yesNo = yesNoReader(row, MODEL_ATTRIBUTES.labels, problems);
    const input = given({
      name: text(row.name) ?? '',
      email: text(row.email),
      active: yesNo('active'),
      distributed: yesNo('distributed'),
      biog: text(row.biog),
      short_biog: text(row.short_biog),
      deal_percentage: numeric(row.deal_percentage),
      country_id: country ? String(country.iso_alpha_two) : undefined,
      referrer: text(row.referrer),
    });
    return { input, problems, origins: { country_id: 'country' } };
  },
  identities: (record) => [`name:${sameName(record.name)}`],
  existing: (tenantId) => tenantLabelSummaries(tenantId),
  exists: async (tenantId, id) => Boolean(await getLabel(tenantId, id)),
  create: async (tenantId, id, input) => {
    await createLabel(tenantId, labelInput.parse(input), id);
  },
});
