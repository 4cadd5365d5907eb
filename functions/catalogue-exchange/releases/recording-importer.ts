import type { ModelImporter } from '../import-model.js';

/** The recording importer: a stub until its rules land. */
export const recordingImporter: ModelImporter = {
  model: 'recordings',
  attributes: [],
  plan: async () => [],
  write: async () => 0,
};
