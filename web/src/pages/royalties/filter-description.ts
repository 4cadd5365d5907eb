import { useApi } from '../../app/resources';
import { territoryWords } from '../../../../shared/territories';
import { useImport } from './royalties-api';
import type { RoyaltyFilter } from './royalty-model';

const enc = encodeURIComponent;

/** The names a filter's ids stand for, once the records have answered (undefined until then, or when not found). */
export type FilterNames = { import?: string; recording?: string; release?: string };

/**
 * Says which hidden filter a link applied (an import's, or a statement figure's release or recording), naming the
 * record as its own page does: an import by its file, a recording or release by its title, never by its stored id.
 * Until the record answers (or when it is gone) the sentence names the kind of record only.
 */
export function filterDescription(filter: RoyaltyFilter, names: FilterNames = {}): string | undefined {
  const named = (kind: string, name: string | undefined) =>
    name ? `Lines of ${kind} ${name}` : `Lines of one ${kind}`;
  if (filter.import_id) return named('import', names.import);
  if (filter.recording_id) {
    const count = filter.recording_id.split(',').length;
    return count > 1 ? `Lines of ${count} recordings (a payee's or artist's)` : named('recording', names.recording);
  }
  if (filter.release_id) return named('release', names.release);
  if (filter.territory) return `Lines of territory ${territoryWords(filter.territory)}`;
  if (filter.artist_id) return 'Lines of the artist’s recordings';
  return undefined;
}

/** The filter's sentence, with the names of the import, recording or release it names read from their records. */
export function useFilterDescription(filter: RoyaltyFilter): string | undefined {
  const royaltyImport = useImport(filter.import_id || undefined);
  const oneRecording = filter.recording_id && !filter.recording_id.includes(',') ? filter.recording_id : null;
  const recording = useApi<{ recording: { title: string } }>(oneRecording ? `/recordings/${enc(oneRecording)}` : null);
  const release = useApi<{ release: { title: string } }>(
    filter.release_id ? `/releases/${enc(filter.release_id)}` : null,
  );
  return filterDescription(filter, {
    import: royaltyImport.data?.royalty_import.filename,
    recording: recording.data?.recording.title,
    release: release.data?.release.title,
  });
}
