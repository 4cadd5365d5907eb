import type { Row } from '../reference/reference-resource.js';
import { tenantCollectionOf, tenantRows } from './tenant-lists.js';

type ReleaseRecordingRow = { recording_id?: unknown };

/**
 * The recording picker also finds a recording by the catalogue number of a release it is on
 * ("Recordings are matched on … release cat_no"): the ids of the company's
 * recordings on releases whose cat_no contains the typed text, searched on the server in the
 * company's cached release list.
 */
export async function onReleasesWithCatNo(tenantId: string, needle: string): Promise<(row: Row) => boolean> {
  const releases = tenantCollectionOf('releases');
  if (!releases) throw new Error('releases is not a catalogue collection');
  const ids = new Set<unknown>();
  for (const release of await tenantRows(releases, tenantId, undefined, true)) {
    if (
      !String(release.cat_no ?? '')
        .toLowerCase()
        .includes(needle)
    )
      continue;
    for (const row of (release.release_recordings as ReleaseRecordingRow[] | undefined) ?? [])
      ids.add(row.recording_id);
  }
  return (row) => ids.has(row.id);
}
