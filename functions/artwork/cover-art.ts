import path from 'node:path';
import { getReleaseRecord, saveReleaseArtwork } from '../data/access/catalogue-assets.js';
import type { ReleaseArtwork, ReleaseArtworkUpload } from '../data/entities/catalogue.js';
import { InvalidField, NotFound } from '../lib/errors.js';
import { presignDownload, presignUpload, safeFileName } from '../uploads/presign.js';

/**
 * A release's cover art: the browser PUTs a JPEG
 * or PNG straight to S3, the bucket event reaches the upload worker, which checks it as stores do
 * and either stores it as the release's `artwork` with a thumbnail and a medium JPEG, or deletes
 * it and records why in `artwork_upload` — then pushes a Release event to the uploader.
 */
export const ARTWORK_PREFIX = 'artwork/';
/** The JPEGs made from accepted art live apart, so writing them never triggers the worker's artwork path. */
export const RENDITIONS_PREFIX = 'artwork-renditions/';
const EXTENSIONS = ['jpg', 'jpeg', 'png'];

/** artwork/{tenant}/{release}/{uploader}/{ulid}-{file}: the worker reads who and what from the key. */
const sourcePrefix = (tenantId: string, releaseId: string, userId: string) =>
  `${ARTWORK_PREFIX}${tenantId}/${releaseId}/${userId}/`;

export function parseArtworkKey(
  key: string,
): { tenantId: string; releaseId: string; userId: string; upload: string; filename: string } | null {
  const match = /^artwork\/([^/]+)\/([^/]+)\/([^/]+)\/([0-9A-Z]{26})-([^/]+)$/.exec(key);
  return match
    ? { tenantId: match[1], releaseId: match[2], userId: match[3], upload: match[4], filename: match[5] }
    : null;
}

/** POST releases/{id}/update_images: a presigned PUT for one JPG or PNG (size and type checked by the body schema). */
export async function presignReleaseCoverArt(
  tenantId: string,
  userId: string,
  releaseId: string,
  file: { filename: string; content_type: string; size: number },
) {
  if (!(await getReleaseRecord(tenantId, releaseId))) throw new NotFound('Release');
  const extension = path.extname(file.filename).slice(1).toLowerCase();
  if (!EXTENSIONS.includes(extension)) throw new InvalidField('filename', 'Cover art must be a JPG or PNG file');
  const presigned = await presignUpload(sourcePrefix(tenantId, releaseId, userId), file);
  await saveReleaseArtwork(tenantId, releaseId, {
    artwork_upload: { status: 'uploading', key: presigned.key, filename: safeFileName(file.filename) },
  });
  return presigned;
}

/** The release's artwork as the SPA shows it: the facts, with short-lived URLs instead of keys. */
export async function presentArtwork(row: Record<string, unknown>): Promise<Record<string, unknown>> {
  const artwork = row.artwork as ReleaseArtwork | undefined;
  const upload = row.artwork_upload as ReleaseArtworkUpload | undefined;
  const presentedUpload = upload
    ? { status: upload.status, filename: upload.filename, reason: upload.reason ?? null }
    : null;
  if (!artwork) return { artwork: null, artwork_upload: presentedUpload };
  const { key, thumbnail_key, medium_key, ...facts } = artwork;
  const [url, thumbnail_url, medium_url] = await Promise.all([
    presignDownload(key, artwork.content_type),
    presignDownload(thumbnail_key, 'image/jpeg'),
    presignDownload(medium_key, 'image/jpeg'),
  ]);
  return { artwork: { ...facts, url, thumbnail_url, medium_url }, artwork_upload: presentedUpload };
}
