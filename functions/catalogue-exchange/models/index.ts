import type { EXCHANGE_MODELS } from '../../../shared/catalogue-exchange/model-attributes.js';
import type { IMPORT_MODELS, ImportModel, ModelImporter } from '../import-model.js';
import { artistsImporter } from './artists.js';
import { contributorsImporter } from './contributors.js';
import { labelsImporter } from './labels.js';
import { payeesImporter } from './payees.js';

/** The admin importer's own models (issue 17); releases and recordings are the release import's. */
export const PEOPLE_IMPORTERS = {
  artists: artistsImporter,
  contributors: contributorsImporter,
  payees: payeesImporter,
  labels: labelsImporter,
} as const satisfies { [M in ImportModel]?: ModelImporter };

// The shared model list (web pages, metadata maps) and the contract's are the same list: either changing alone fails here.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameModels: Same<(typeof EXCHANGE_MODELS)[number], (typeof IMPORT_MODELS)[number]> = true;
void sameModels;
