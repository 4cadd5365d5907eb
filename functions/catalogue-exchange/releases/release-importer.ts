import type { ModelImporter } from '../import-model.js';

/** The release importer (spec 2 §3 Release import schema): a stub until its rules land. */
export const releaseImporter: ModelImporter = {
  model: 'releases',
  attributes: [],
  plan: async () => [],
  write: async () => 0,
};
