import type { CatalogueAssetItem } from '../entities/catalogue-asset.js';
import type { ReleaseArtwork, ReleaseArtworkUpload, ReleaseItem } from '../entities/catalogue.js';
import { listsChanged, LISTS } from '../list-cache.js';
import { getDb } from '../service.js';
import { writeTransaction, writtenUnlessRefused } from '../transaction.js';

/** A company's release, or null (another company's id finds nothing). */
export async function getReleaseRecord(tenantId: string, releaseId: string): Promise<ReleaseItem | null> {
  return (await getDb().entities.Release.get({ tenantId, id: releaseId }).go()).data;
}

/** Writes a release's cover art fields with its lists marked changed (thumbnails show in lists). */
export async function saveReleaseArtwork(
  tenantId: string,
  releaseId: string,
  fields: { artwork_upload: ReleaseArtworkUpload; artwork?: ReleaseArtwork },
): Promise<void> {
  await writeTransaction((e) => [
    e.Release.patch({ tenantId, id: releaseId }).set(fields).commit(),
    ...listsChanged(e.ListVersion, [
      LISTS.tenantCollection('releases', tenantId),
      LISTS.allTenantsCollection('releases'),
    ]),
  ]);
}

/**
 * Marks the cover art upload `key` failed with `reason`, in one conditional write: only while that upload is still the
 * release's latest and neither stored nor refused, so a newer upload, or a verdict stored meanwhile, is left alone.
 * Whether it was marked.
 */
export async function failReleaseArtworkUpload(
  tenantId: string,
  releaseId: string,
  key: string,
  reason: string,
): Promise<boolean> {
  return writtenUnlessRefused((e) => [
    e.Release.patch({ tenantId, id: releaseId })
      .data(({ artwork_upload }, { set }) => {
        set(artwork_upload.status, 'failed');
        set(artwork_upload.reason, reason);
      })
      .where(
        ({ artwork_upload }, { eq, ne }) =>
          `${eq(artwork_upload.key, key)} AND ${ne(artwork_upload.status, 'ready')} AND ${ne(artwork_upload.status, 'failed')}`,
      )
      .commit(),
    ...listsChanged(e.ListVersion, [
      LISTS.tenantCollection('releases', tenantId),
      LISTS.allTenantsCollection('releases'),
    ]),
  ]);
}

/** The files kept beside one release or label of a company. */
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
