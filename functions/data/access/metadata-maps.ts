import type { CreateMetadataMap, MetadataMapItem } from '../entities/metadata-map.js';
import { getDb } from '../service.js';

/** Every query of metadata maps (the admin importer's saved column maps), by name. */

const maps = () => getDb().entities.MetadataMap;

export async function listMetadataMaps(): Promise<MetadataMapItem[]> {
  return (await maps().query.all({}).go({ pages: 'all' })).data;
}

export async function getMetadataMap(id: string): Promise<MetadataMapItem | null> {
  return (await maps().get({ id }).go()).data;
}

export async function createMetadataMap(item: CreateMetadataMap): Promise<void> {
  await maps().create(item).go();
}

/** Sets the given fields and removes the cleared ones; the map must exist (a lost race is a 409). */
export async function patchMetadataMap(
  id: string,
  set: Partial<Omit<CreateMetadataMap, 'id'>>,
  remove: readonly (keyof CreateMetadataMap)[],
): Promise<void> {
  const patch = maps().patch({ id }).set(set);
  await (remove.length ? patch.remove([...remove] as never) : patch).go();
}

export async function deleteMetadataMap(id: string): Promise<void> {
  await maps().delete({ id }).go();
}
