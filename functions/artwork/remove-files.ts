import { ENV } from '../../infra/resources.js';
import { deleteCatalogueAsset, listCatalogueAssets } from '../data/access/catalogue-assets.js';
import { deleteObjectsUnder } from '../lib/bucket-objects.js';
import { requireEnv } from '../lib/clients.js';
import { log } from '../lib/logger.js';
import { releaseStorage } from '../plans/limits.js';
import { ARTWORK_PREFIX, RENDITIONS_PREFIX } from './cover-art.js';

/**
 * Removes a deleted release's or label's files from the uploads bucket: cover art
 * uploads and their renditions, kept assets (and their entries), a label's logo. Runs after the
 * record is gone: a file that cannot be deleted is logged and left (an orphan costs storage, an
 * un-deleted record would be wrong), so these never throw.
 */

/** The objects a release keeps: its cover art (originals, thumbnails) and its assets. */
export const releaseFilePrefixes = (tenantId: string, releaseId: string) => [
  `${ARTWORK_PREFIX}${tenantId}/${releaseId}/`,
  `${RENDITIONS_PREFIX}${tenantId}/${releaseId}/`,
  `assets/${tenantId}/releases/${releaseId}/`,
];

/** The objects a label keeps: its assets and its logo. */
export const labelFilePrefixes = (tenantId: string, labelId: string) => [
  `assets/${tenantId}/labels/${labelId}/`,
  `logos/${tenantId}/labels/${labelId}/`,
];

/**
 * Deletes every object under the prefixes and the named keys; answers how many went. Their bytes go
 * back to the company's storage counter (plans: file_storage_capacity; renditions the workers made
 * are given back too, so the counter errs on the company's side, never below zero).
 */
async function deleteObjects(tenantId: string, prefixes: readonly string[], keys: readonly string[]): Promise<number> {
  const { deleted, refused, listedBytes } = await deleteObjectsUnder(requireEnv(ENV.uploadsBucket), prefixes, keys);
  await releaseStorage(tenantId, listedBytes);
  if (refused.length)
    log().error('files of a deleted record not removed', {
      keys: refused.map((r) => r.key),
      error: refused[0]?.message,
    });
  return deleted;
}

/** The owner's kept-asset entries, gone with their files. */
async function deleteAssetEntries(tenantId: string, owner: string): Promise<void> {
  const entries = await listCatalogueAssets(tenantId, owner);
  await Promise.all(entries.map((entry) => deleteCatalogueAsset(tenantId, owner, entry.id)));
}

async function removeSafely(what: Record<string, string>, work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    log().error('files of a deleted record not removed', {
      ...what,
      error: error instanceof Error ? error.message : String(error),
    });
  }
}

/** The cover art's stored keys, as a stored release row carries them (`artwork`, set by the upload worker). */
function artworkKeys(artwork: unknown): string[] {
  if (!artwork || typeof artwork !== 'object') return [];
  const art = artwork as Record<string, unknown>;
  return [art.key, art.thumbnail_key, art.medium_key].filter((key): key is string => typeof key === 'string');
}

/** After a release is deleted: its cover art, renditions and assets. Never throws. */
export async function removeReleaseFiles(tenantId: string, release: { id: string; artwork?: unknown }): Promise<void> {
  await removeSafely({ tenantId, releaseId: release.id }, async () => {
    await deleteObjects(tenantId, releaseFilePrefixes(tenantId, release.id), artworkKeys(release.artwork));
    await deleteAssetEntries(tenantId, `releases#${release.id}`);
  });
}

/** After a label is deleted: its assets and its logo (wherever it was uploaded). Never throws. */
export async function removeLabelFiles(tenantId: string, label: { labelId: string; logo?: { key?: string } }) {
  await removeSafely({ tenantId, labelId: label.labelId }, async () => {
    await deleteObjects(tenantId, labelFilePrefixes(tenantId, label.labelId), [label.logo?.key ?? '']);
    await deleteAssetEntries(tenantId, `labels#${label.labelId}`);
  });
}
