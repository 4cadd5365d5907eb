import type { ImportModel, ModelImporter } from './import-model.js';
import { InvalidField } from '../lib/errors.js';
import { artistsImporter } from './models/artists.js';
import { contributorsImporter } from './models/contributors.js';
import { labelsImporter } from './models/labels.js';
import { payeesImporter } from './models/payees.js';
import { recordingImporter } from './releases/recording-importer.js';
import { releaseImporter } from './releases/release-importer.js';

/**
 * The models a file can be imported into, one line per model: the pipeline
 * (imports/pipeline.ts) finds each model's importer here.
 */
export const IMPORTERS: { [M in ImportModel]?: ModelImporter } = {
  releases: releaseImporter,
  recordings: recordingImporter,
  artists: artistsImporter,
  contributors: contributorsImporter,
  payees: payeesImporter,
  labels: labelsImporter,
};

/** The importer of a model; a model nothing imports is the user's 400 on `model`. */
export function importerFor(model: ImportModel): ModelImporter {
  const importer = IMPORTERS[model];
  if (!importer) throw new InvalidField('model', `${model} cannot be imported`);
  return importer;
}
