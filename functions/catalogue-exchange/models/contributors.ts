import { MODEL_ATTRIBUTES } from '../../../shared/catalogue-exchange/model-attributes.js';
import { contributorInput } from '../../../shared/schemas/catalogue.js';
import { given, sameName, text } from './cells.js';
import { catalogueRecords, referenceFinder } from './catalogue-records.js';
import { recordImporter } from './record-importer.js';

/** Contributors: name, email and their society by name or code. */
export const contributorsImporter = recordImporter({
  model: 'contributors',
  title: 'Contributor',
  attributes: MODEL_ATTRIBUTES.contributors,
  schema: contributorInput,
  lookups: () => referenceFinder('societies', ['code']),
  toInput: (row, findSociety) => {
    const societyName = text(row.society);
    const society = societyName === undefined ? undefined : findSociety(societyName);
    const problems =
      societyName !== undefined && !society
        ? [{ attribute: 'society', message: `Society ${societyName} not found` }]
        : [];
    const input = given({ name: text(row.name) ?? '', email: text(row.email), society_id: society?.id });
    return { input, problems };
  },
  identities: (record) => [`name:${sameName(record.name)}`],
  ...catalogueRecords('contributors'),
});
