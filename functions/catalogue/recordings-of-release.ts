import { catalogueStore } from '../data/access/catalogue.js';
import type { Row } from '../reference/reference-resource.js';

type ReleaseRecordingRow = { recording_id?: unknown };

/**
 * The recordings list's `release_id=…`: the recordings a release holds, so a release's page reads what its recordings'
 * cards show in one call instead of one per recording. The release is read first, in the caller's company (or, for
 * an admin's list across companies, wherever it is); a release the caller cannot see holds none.
 */
export async function onRelease(releaseId: string, tenantId?: string): Promise<(row: Row) => boolean> {
  const store = catalogueStore('Release');
  const release = tenantId ? await store.get({ tenantId, id: releaseId }) : await store.findAnyTenant(releaseId);
  if (!release) return () => false;
  const ids = new Set(
    ((release.release_recordings as ReleaseRecordingRow[] | undefined) ?? []).map((row) => row.recording_id),
  );
  return (row) => row.tenantId === release.tenantId && ids.has(row.id);
}
