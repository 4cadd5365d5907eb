import type { ReferenceConfig } from '../admin/reference/reference-types';
import { artist, contributor, payee } from './people-configs';
import { recording, release } from './release-configs';
import { song } from './song-configs';

/**
 * A company's catalogue collections, served by the same generic list / form / detail pages as
 * reference data: in the current company under /user, across companies under /admin.
 */
export const CATALOGUE_CONFIGS: Readonly<Record<string, ReferenceConfig>> = {
  artists: artist,
  contributors: contributor,
  payees: payee,
  releases: release,
  recordings: recording,
  songs: song,
};
