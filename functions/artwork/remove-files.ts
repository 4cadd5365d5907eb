import { DeleteObjectsCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { ENV } from '../../infra/resources.js';
import { deleteCatalogueAsset, listCatalogueAssets } from '../data/access/catalogue-assets.js';
import { requireEnv, s3Client } from '../lib/clients.js';
import { log } from '../lib/logger.js';
import { ARTWORK_PREFIX, RENDITIONS_PREFIX } from './cover-art.js';

/**
 * Removes a deleted release's or label's files from the uploads bucket (issue 16): cover art
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

const DELETE_BATCH = 1000;

/** Deletes every object under the prefixes and the named keys; answers how many went. */
async function deleteObjects(prefixes: readonly string[], keys: readonly string[]): Promise<number> {
  const bucket = requireEnv(ENV.uploadsBucket);
  const found = new Set(keys.filter(Boolean));
  for (const prefix of prefixes) {
    let token: string | undefined;
    do {
      const page = await s3Client().send(
        new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) if (object.Key) found.add(object.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
  const all = [...found];
  for (let i = 0; i < all.length; i += DELETE_BATCH) {
    const batch = all.slice(i, i + DELETE_BATCH).map((Key) => ({ Key }));
    const answer = await s3Client().send(
      new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: batch, Quiet: true } }),
    );
    if (answer.Errors?.length)
      log().error('files of a deleted record not removed', {
        keys: answer.Errors.map((e) => e.Key),
        error: answer.Errors[0]?.Message,
      });
  }
  return all.length;
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

type ReleaseFiles = { id: string; artwork?: { key?: string; thumbnail_key?: string; medium_key?: string } };

/** After a release is deleted: its cover art, renditions and assets. Never throws. */
export async function removeReleaseFiles(tenantId: string, release: ReleaseFiles): Promise<void> {
  await removeSafely({ tenantId, releaseId: release.id }, async () => {
    const art = release.artwork ?? {};
    await deleteObjects(releaseFilePrefixes(tenantId, release.id), [
      art.key ?? '',
      art.thumbnail_key ?? '',
      art.medium_key ?? '',
    ]);
    await deleteAssetEntries(tenantId, `releases#${release.id}`);
  });
}

/** After a label is deleted: its assets and its logo (wherever it was uploaded). Never throws. */
export async function removeLabelFiles(tenantId: string, label: { labelId: string; logo?: { key?: string } }) {
  await removeSafely({ tenantId, labelId: label.labelId }, async () => {
    await deleteObjects(labelFilePrefixes(tenantId, label.labelId), [label.logo?.key ?? '']);
    await deleteAssetEntries(tenantId, `labels#${label.labelId}`);
  });
}
