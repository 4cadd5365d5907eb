import { ulid } from 'ulid';
import type { CreateRoyaltySource, RoyaltySourceItem } from '../entities/royalties.js';
import { getDb } from '../service.js';

/** Sources of royalty reports with their column maps ("royalty maps"). */
const sources = () => getDb().entities.RoyaltySource;

export async function getSource(tenantId: string, id: string): Promise<RoyaltySourceItem | null> {
  return (await sources().get({ tenantId, id }).go()).data;
}

export async function listSources(tenantId: string): Promise<RoyaltySourceItem[]> {
  return (await sources().query.byTenant({ tenantId }).go({ pages: 'all' })).data;
}

/** A new source under a new id. */
export async function createSource(
  tenantId: string,
  input: Pick<CreateRoyaltySource, 'name' | 'map'>,
): Promise<RoyaltySourceItem> {
  return (await sources().create({ tenantId, id: ulid(), name: input.name, map: input.map }).go()).data;
}

/** Renames a source or replaces its map; the source as it is afterwards. */
export async function updateSource(
  tenantId: string,
  id: string,
  input: Pick<CreateRoyaltySource, 'name' | 'map'>,
): Promise<RoyaltySourceItem> {
  const updated = await sources()
    .patch({ tenantId, id })
    .set({ name: input.name, map: input.map })
    .go({ response: 'all_new' });
  // ElectroDB types an update's answer as partial; all_new is the whole item.
  return updated.data as RoyaltySourceItem;
}

export async function deleteSource(tenantId: string, id: string): Promise<void> {
  await sources().delete({ tenantId, id }).go();
}
