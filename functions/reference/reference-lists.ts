import { cachedList } from '../data/list-cache.js';
import { getDb } from '../data/service.js';
import { REFERENCE_RESOURCES } from './collections.js';
import type { ReferenceResource, Row } from './reference-resource.js';

/** The stored record without key attributes, timestamps in snake_case. */
export function storedRow(item: Record<string, unknown>): Row {
  const { createdAt, updatedAt, ...fields } = item;
  return { ...(fields as Row), created_at: createdAt as string, updated_at: updatedAt as string };
}

export const referenceListName = (collection: string) => `reference#${collection}`;

/**
 * Every record of a reference collection, from the warm Lambda's memory while its list version
 * is current. Any area may read them (the companies area names a company's publishers).
 */
export function referenceRows(resource: ReferenceResource, forLinks = false): Promise<Row[]> {
  const entity = getDb().entities[resource.entity] as unknown as { query: { all: (k: object) => { go: (o: object) => Promise<{ data: Record<string, unknown>[] }> } } };
  return cachedList(referenceListName(resource.collection), async () => (await entity.query.all({}).go({ pages: 'all' })).data.map(storedRow), undefined, { recheck: !forLinks });
}

export function referenceResource(collection: string): ReferenceResource | undefined {
  return REFERENCE_RESOURCES.find((r) => r.collection === collection);
}
