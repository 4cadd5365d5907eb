import { cachedList } from '../data/list-cache.js';
import { getDb } from '../data/service.js';
import { storedRow } from '../reference/reference-lists.js';
import type { Row } from '../reference/reference-resource.js';
import { TENANT_RESOURCES } from './tenant-collections.js';
import type { TenantResource } from './tenant-resource.js';

/** The cached lists of a tenant collection: one per company, and every company's for admins. */
export const tenantListName = (collection: string, tenantId: string) => `${collection}#${tenantId}`;
export const allTenantsListName = (collection: string) => `${collection}#all`;

type TenantEntity = {
  query: {
    byTenant: (k: { tenantId: string }) => { go: (o: object) => Promise<{ data: Record<string, unknown>[] }> };
    all: (k: object) => { go: (o: object) => Promise<{ data: Record<string, unknown>[] }> };
    byId: (k: { id: string }) => { go: (o?: object) => Promise<{ data: Record<string, unknown>[] }> };
  };
  get: (k: { tenantId: string; id: string }) => { go: () => Promise<{ data: Record<string, unknown> | null }> };
};

export const tenantEntity = (resource: TenantResource) => getDb().entities[resource.entity] as unknown as TenantEntity;

/**
 * A company's records of a collection, from memory while the list version is current. Reads that
 * only name linked records pass `forLinks` and accept a version checked within the last second.
 */
export function tenantRows(resource: TenantResource, tenantId: string, knownVersion?: string, forLinks = false): Promise<Row[]> {
  return cachedList(
    tenantListName(resource.collection, tenantId),
    async () => (await tenantEntity(resource).query.byTenant({ tenantId }).go({ pages: 'all' })).data.map(storedRow),
    knownVersion,
    { recheck: !forLinks },
  );
}

/** Every company's records of a collection (admin lists). */
export function allTenantRows(resource: TenantResource): Promise<Row[]> {
  return cachedList(allTenantsListName(resource.collection), async () => (await tenantEntity(resource).query.all({}).go({ pages: 'all' })).data.map(storedRow));
}

export function tenantResourceOf(collection: string): TenantResource | undefined {
  return TENANT_RESOURCES.find((r) => r.collection === collection);
}
