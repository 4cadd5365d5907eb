import { referenceStore } from '../data/access/reference.js';
import { cachedList, LISTS } from '../data/list-cache.js';
import { REFERENCE_RESOURCES } from './collections.js';
import type { ReferenceResource, Row } from './reference-resource.js';

/** The stored record without key attributes, timestamps in snake_case. */
export function storedRow(item: Record<string, unknown>): Row {
  const { createdAt, updatedAt, ...fields } = item;
  return { ...(fields as Row), created_at: createdAt as string, updated_at: updatedAt as string };
}

/**
 * Every record of a reference collection, from the warm Lambda's memory while its list version
 * is current. Any area may read them (the companies area names a company's publishers).
 */
export function referenceRows(resource: ReferenceResource, forLinks = false): Promise<Row[]> {
  const load = async () => (await referenceStore(resource.entity).listAll()).map(storedRow);
  return cachedList(LISTS.reference(resource.collection), load, undefined, { recheck: !forLinks });
}

export function referenceResource(collection: string): ReferenceResource | undefined {
  return REFERENCE_RESOURCES.find((r) => r.collection === collection);
}
