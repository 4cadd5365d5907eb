import { tenantLabelSummaries } from '../../catalogue/labels.js';
import { tenantCollectionOf, tenantRows } from '../../catalogue/tenant-lists.js';
import { LISTS } from '../../data/list-cache.js';
import { required } from '../../lib/required.js';

/**
 * The names finances show for labels and releases, from the cached lists the catalogue pages
 * read (no reads while their versions hold). `nameLists` are the lists an operation declares so
 * their versions come with the auth check.
 */
export const nameLists = (tenantId: string) => [
  LISTS.royalties(tenantId),
  LISTS.tenantLabels(tenantId),
  LISTS.tenantCollection('releases', tenantId),
];

export async function catalogueNames(tenantId: string, versions: Record<string, string> = {}) {
  const [labels, releases] = await Promise.all([
    tenantLabelSummaries(tenantId, versions[LISTS.tenantLabels(tenantId)]),
    tenantRows(
      required(tenantCollectionOf('releases'), 'the releases collection'),
      tenantId,
      versions[LISTS.tenantCollection('releases', tenantId)],
    ),
  ]);
  return {
    labels: new Map(labels.map((l) => [l.id, l.name])),
    releases: new Map(releases.map((r) => [String(r.id), String(r.title ?? r.id)])),
  };
}
