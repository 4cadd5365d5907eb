import { SPOTIFY_ARTIST_PREFIX } from '../../../../shared/catalogue';
import type { RowValues } from '../admin/reference/reference-types';

/**
 * The identifier-row rules: choosing a service clears the identifier (Spotify
 * prefills its artist prefix); New can be ticked only while the identifier is empty, and
 * ticking it removes the prefix; typing an identifier unticks New.
 */
export function identifierRowChange(row: RowValues, patch: Partial<RowValues>): Partial<RowValues> {
  if ('service' in patch && patch.service !== row.service) {
    return { ...patch, identifier: patch.service === 'Spotify' ? SPOTIFY_ARTIST_PREFIX : '', new: false };
  }
  if (patch.new === true) {
    const identifier = String(row.identifier ?? '');
    if (identifier === SPOTIFY_ARTIST_PREFIX) return { ...patch, identifier: '' };
    if (identifier.trim()) return { ...patch, new: false };
  }
  if (typeof patch.identifier === 'string' && patch.identifier.trim() && row.new === true)
    return { ...patch, new: false };
  return patch;
}
