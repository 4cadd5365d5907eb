import { tenantCollectionOf, tenantRows } from '../../catalogue/tenant-lists.js';
import { LISTS } from '../../data/list-cache.js';
import { required } from '../../lib/required.js';

/** The list whose version GET dashboard/releases declares, so its releases come from memory. */
export const releaseLists = (tenantId: string) => [LISTS.tenantCollection('releases', tenantId)];

/**
 * A company's latest releases, newest first, as the dashboard lists them (GET dashboard/releases),
 * from the releases list the catalogue pages hold (no read while its version holds).
 */
export async function latestReleases(tenantId: string, limit: number, versions: Record<string, string> = {}) {
  const rows = await tenantRows(
    required(tenantCollectionOf('releases'), 'the releases collection'),
    tenantId,
    versions[LISTS.tenantCollection('releases', tenantId)],
  );
  return [...rows]
    .sort((a, b) => String(b.created_at ?? '').localeCompare(String(a.created_at ?? '')))
    .slice(0, limit)
    .map((row) => ({
      id: String(row.id),
      title: row.title,
      upc: row.upc,
      label_id: row.label_id,
      status: row.status,
      release_date: row.release_date,
      createdAt: row.created_at,
    }));
}
