import { parseGenreMap } from '../../shared/dsp-terms.js';
import type { DspItem } from '../data/entities/reference.js';
import { ernParty } from './ern/message-parties.js';
import type { ErnParty, ErnStoreTerms } from './ern/types.js';

type StoreRecord = Pick<
  DspItem,
  'name' | 'pre_order' | 'instant_gratification' | 'timed_release' | 'genre_map' | 'ddex_party_id'
>;

/** What the store takes, from its DSP record: the deals its ERN states and the genre words it reads. */
export function storeTermsOf(dsp: StoreRecord): ErnStoreTerms {
  return {
    preOrder: dsp.pre_order === true,
    instantGratification: dsp.instant_gratification === true,
    timedRelease: dsp.timed_release === true,
    genreMap: parseGenreMap(dsp.genre_map),
  };
}

/** The message's recipient: the store under its DDEX party id (the placeholder until it has one). */
export function recipientOf(dsp: StoreRecord): ErnParty {
  return ernParty(dsp.name, dsp.ddex_party_id);
}
