import { getLabel, labelsOf } from '../../data/access/labels.js';
import type { LabelItem } from '../../data/entities/label.js';
import { LISTS } from '../../data/list-cache.js';
import { VersionedCache } from '../../lib/versioned-cache.js';

/**
 * The label a finances call names, from the company's labels held for the version of their list
 * (LISTS.tenantLabels, which every label write marks and the auth check reads when the operation
 * declares it): no read while it holds. Label accounting needs the whole item (deal percentage),
 * which the catalogue's cached summaries leave out. A label missing from the copy is read once
 * more before it is not found, in case it was written by something that does not mark the list.
 */
const cache = new VersionedCache<ReadonlyMap<string, LabelItem>>({
  entries: 50,
  weight: 100_000,
  maxAgeMs: 10 * 60_000,
  weigh: (labels) => labels.size + 1,
});

export async function financeLabel(
  tenantId: string,
  labelId: string,
  versions: Record<string, string | undefined>,
): Promise<LabelItem | null> {
  const version = versions[LISTS.tenantLabels(tenantId)];
  if (version === undefined) return getLabel(tenantId, labelId);
  const labels = await cache.get(
    tenantId,
    version,
    async () => new Map((await labelsOf(tenantId)).map((label) => [label.labelId, label])),
  );
  return labels.get(labelId) ?? getLabel(tenantId, labelId);
}
