import { catalogueStore } from '../data/access/catalogue.js';
import { cachedList, LISTS } from '../data/list-cache.js';
import { storedRow } from '../reference/reference-lists.js';
import type { Row } from '../reference/reference-resource.js';
import { TENANT_COLLECTIONS } from './tenant-collections.js';
import type { TenantCollection } from './tenant-resource.js';

/**
 * A company's records of a collection, from memory while the list version is current. Reads that
 * only name linked records pass `forLinks` and accept a version checked within the last second.
 */
export function tenantRows(
  collection: TenantCollection,
  tenantId: string,
  knownVersion?: string,
  forLinks = false,
): Promise<Row[]> {
  return cachedList(
    LISTS.tenantCollection(collection.collection, tenantId),
    async () => (await catalogueStore(collection.entity).listTenant(tenantId)).map(storedRow),
    knownVersion,
    { recheck: !forLinks },
  );
}

/** Every company's records of a collection (admin lists). */
export function allTenantRows(collection: TenantCollection): Promise<Row[]> {
  return cachedList(LISTS.allTenantsCollection(collection.collection), async () =>
    (await catalogueStore(collection.entity).listAll()).map(storedRow),
  );
}

/** A catalogue collection as data (no hooks), e.g. to read or name its records. */
export function tenantCollectionOf(collection: string): TenantCollection | undefined {
  return TENANT_COLLECTIONS.find((r) => r.collection === collection);
}
