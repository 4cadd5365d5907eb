import type { CatalogueAssetItem } from '../entities/catalogue-asset.js';
import { getDb } from '../service.js';

/** The files kept beside one release or label of a company (spec 2 §7 update_assets). */
export async function listCatalogueAssets(tenantId: string, owner: string): Promise<CatalogueAssetItem[]> {
  return (await getDb().entities.CatalogueAsset.query.byOwner({ tenantId, owner }).go({ pages: 'all' })).data;
}

export async function getCatalogueAsset(tenantId: string, owner: string, id: string) {
  return (await getDb().entities.CatalogueAsset.get({ tenantId, owner, id }).go()).data;
}

export async function putCatalogueAsset(item: CatalogueAssetItem): Promise<void> {
  await getDb().entities.CatalogueAsset.create(item).go();
}

export async function deleteCatalogueAsset(tenantId: string, owner: string, id: string): Promise<void> {
  await getDb().entities.CatalogueAsset.delete({ tenantId, owner, id }).go();
}
