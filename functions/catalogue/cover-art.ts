import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import path from 'node:path';
import { getDb } from '../data/service.js';
import { listsChanged, LISTS } from '../data/list-cache.js';
import { writeTransaction } from '../data/transaction.js';
import type { ReleaseArtwork, ReleaseArtworkUpload, ReleaseItem } from '../data/entities/catalogue.js';
import { s3Client } from '../lib/clients.js';
import { InvalidField, NotFound } from '../lib/errors.js';
import { addLogContext, log } from '../lib/logger.js';
import { required } from '../lib/required.js';
import { pushToUser } from '../realtime/push.js';
import { presignDownload, presignUpload, safeFileName } from '../uploads/presign.js';
import { checkCoverArt, coverArtRendition, MEDIUM_PIXELS, THUMBNAIL_PIXELS } from './cover-art-check.js';

/**
 * A release's cover art (issue 16, spec 2 §7 releases/{id}/update_images): the browser PUTs a JPEG
 * or PNG straight to S3, the bucket event reaches the upload worker, which checks it as stores do
 * and either stores it as the release's `artwork` with a thumbnail and a medium JPEG, or deletes
 * it and records why in `artwork_upload` — then pushes a Release event to the uploader.
 */
export const ARTWORK_PREFIX = 'artwork/';
/** The JPEGs made from accepted art live apart, so writing them never triggers the worker's artwork path. */
const RENDITIONS_PREFIX = 'artwork-renditions/';
const EXTENSIONS = ['jpg', 'jpeg', 'png'];

/** artwork/{tenant}/{release}/{uploader}/{ulid}-{file}: the worker reads who and what from the key. */
const sourcePrefix = (tenantId: string, releaseId: string, userId: string) =>
  `${ARTWORK_PREFIX}${tenantId}/${releaseId}/${userId}/`;

function parseArtworkKey(
  key: string,
): { tenantId: string; releaseId: string; userId: string; upload: string; filename: string } | null {
  const match = /^artwork\/([^/]+)\/([^/]+)\/([^/]+)\/([0-9A-Z]{26})-([^/]+)$/.exec(key);
  return match
    ? { tenantId: match[1], releaseId: match[2], userId: match[3], upload: match[4], filename: match[5] }
    : null;
}

const getRelease = async (tenantId: string, releaseId: string): Promise<ReleaseItem | null> =>
  (await getDb().entities.Release.get({ tenantId, id: releaseId }).go()).data;

/** Writes the release's artwork fields with its lists marked changed (thumbnails show in lists). */
async function saveArtwork(
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

/** POST releases/{id}/update_images: a presigned PUT for one JPG or PNG (size and type checked by the body schema). */
export async function presignReleaseCoverArt(
  tenantId: string,
  userId: string,
  releaseId: string,
  file: { filename: string; content_type: string; size: number },
) {
  if (!(await getRelease(tenantId, releaseId))) throw new NotFound('Release');
  const extension = path.extname(file.filename).slice(1).toLowerCase();
  if (!EXTENSIONS.includes(extension)) throw new InvalidField('filename', 'Cover art must be a JPG or PNG file');
  const presigned = await presignUpload(sourcePrefix(tenantId, releaseId, userId), file);
  await saveArtwork(tenantId, releaseId, {
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

/**
 * Handles one object-created event under artwork/. The same event twice checks once: an upload
 * already accepted or refused, or replaced by a newer one, is left alone. A refused file is
 * deleted (the release keeps its earlier art); only storage and database errors are thrown.
 */
export async function handleCoverArtUpload(bucket: string, key: string): Promise<'stored' | 'refused' | 'skipped'> {
  const parsed = parseArtworkKey(key);
  if (!parsed) return 'skipped';
  const { tenantId, releaseId, userId, upload, filename } = parsed;
  addLogContext({ tenantId, releaseId });
  const release = await getRelease(tenantId, releaseId);
  if (!release) return 'skipped';
  const current = release.artwork_upload;
  if (current && current.key !== key && current.key > key) return 'skipped'; // a newer upload replaced this one
  if (release.artwork?.key === key || (current?.key === key && current.status === 'failed')) return 'skipped';

  const base: ReleaseArtworkUpload = { status: 'processing', key, filename };
  const push = (state: ReleaseArtworkUpload) =>
    pushToUser(userId, {
      type: 'record',
      model: 'Release',
      id: releaseId,
      title: release.title,
      status: state.status,
      reason: state.reason ?? null,
    }).catch(() => 0);

  const object = await s3Client().send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  const bytes = Buffer.from(await required(object.Body, 'the object body').transformToByteArray());
  const verdict = await checkCoverArt(bytes, object.ContentType);
  if (!verdict.ok) {
    await s3Client().send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    log().warn('cover art refused and deleted', { reason: verdict.reason });
    const failed: ReleaseArtworkUpload = { ...base, status: 'failed', reason: verdict.reason };
    await saveArtwork(tenantId, releaseId, { artwork_upload: failed });
    await push(failed);
    return 'refused';
  }
  const renditions = `${RENDITIONS_PREFIX}${tenantId}/${releaseId}/${upload}`;
  const keys = {
    thumbnail_key: `${renditions}-${THUMBNAIL_PIXELS}.jpg`,
    medium_key: `${renditions}-${MEDIUM_PIXELS}.jpg`,
  };
  for (const [renditionKey, pixels] of [
    [keys.thumbnail_key, THUMBNAIL_PIXELS],
    [keys.medium_key, MEDIUM_PIXELS],
  ] as const) {
    const body = await coverArtRendition(bytes, pixels);
    await s3Client().send(
      new PutObjectCommand({ Bucket: bucket, Key: renditionKey, Body: body, ContentType: 'image/jpeg' }),
    );
  }
  const artwork: ReleaseArtwork = { key, ...verdict.facts, ...keys, uploaded_at: new Date().toISOString() };
  const ready: ReleaseArtworkUpload = { ...base, status: 'ready' };
  await saveArtwork(tenantId, releaseId, { artwork, artwork_upload: ready });
  await push(ready);
  return 'stored';
}
