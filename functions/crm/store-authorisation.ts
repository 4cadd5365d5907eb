import { storeNotAuthorised } from '../../shared/crm.js';
import { distributorOf, getCrmLabel } from '../data/access/crm.js';
import { getLabel } from '../data/access/labels.js';
import { BadRequest } from '../lib/errors.js';

/**
 * The delivery rule a distributor sets: a company that is a distributor's client delivers a release
 * only to the stores the distributor authorised for the release's label. A company no distributor
 * runs is not limited here (its store connections still are). Called by the deliveries when a
 * delivery is created and again when it is sent, so a store taken away later is refused too.
 */
export async function requireAuthorisedStores(
  tenantId: string,
  release: { title: string; label_id?: string | null },
  stores: ReadonlyMap<string, string>,
): Promise<void> {
  if (!stores.size || !(await distributorOf(tenantId))) return;
  const labelId = release.label_id;
  const label = labelId ? await getLabel(tenantId, labelId) : null;
  if (!labelId || !label) {
    const message = `${release.title} has no label, so your distributor has authorised no store for it`;
    throw new BadRequest(message, { label_id: [message] });
  }
  const allowed = new Set((await getCrmLabel(tenantId, labelId))?.dsp_ids ?? []);
  for (const [dspId, store] of stores)
    if (!allowed.has(dspId)) {
      const message = storeNotAuthorised(label.name, store);
      throw new BadRequest(message, { dsp_id: [message] });
    }
}
