import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import type { ReleaseArtwork, ReleaseArtworkUpload } from '../data/entities/catalogue.js';
import { s3Client } from '../lib/clients.js';
import { addLogContext, log } from '../lib/logger.js';
import { required } from '../lib/required.js';
import { pushToUser } from '../realtime/push.js';
import { checkCoverArt, coverArtRendition, MEDIUM_PIXELS, THUMBNAIL_PIXELS } from './cover-art-check.js';
import { failReleaseArtworkUpload, getReleaseRecord, saveReleaseArtwork } from '../data/access/catalogue-assets.js';
import { stoppedAfterAttempts } from '../lib/queue-attempts.js';
import { parseArtworkKey, RENDITIONS_PREFIX } from './cover-art.js';

/*
 * The upload worker's half of cover art: only the worker bundles sharp (a native module), so the
 * catalogue API, which presigns and presents art, stays free of it.
 */

/** The uploader's open pages show the release's cover art state and read the release again. */
const pushArtworkState = (userId: string, releaseId: string, title: string, state: ReleaseArtworkUpload) =>
  pushToUser(userId, {
    type: 'record',
    model: 'Release',
    id: releaseId,
    title,
    status: state.status,
    reason: state.reason ?? null,
  }).catch(() => 0);

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
  const release = await getReleaseRecord(tenantId, releaseId);
  if (!release) return 'skipped';
  const current = release.artwork_upload;
  if (current && current.key !== key && current.key > key) return 'skipped'; // a newer upload replaced this one
  if (release.artwork?.key === key || (current?.key === key && current.status === 'failed')) return 'skipped';

  const base: ReleaseArtworkUpload = { status: 'processing', key, filename };
  const push = (state: ReleaseArtworkUpload) => pushArtworkState(userId, releaseId, release.title, state);

  const object = await s3Client().send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  const bytes = Buffer.from(await required(object.Body, 'the object body').transformToByteArray());
  const verdict = await checkCoverArt(bytes, object.ContentType);
  if (!verdict.ok) {
    await s3Client().send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    log().warn('cover art refused and deleted', { reason: verdict.reason });
    const failed: ReleaseArtworkUpload = { ...base, status: 'failed', reason: verdict.reason };
    await saveReleaseArtwork(tenantId, releaseId, { artwork_upload: failed });
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
  await saveReleaseArtwork(tenantId, releaseId, { artwork, artwork_upload: ready });
  await push(ready);
  return 'stored';
}

/** What the release says when checking its cover art failed on every attempt of the upload queue. */
const COVER_ART_STOPPED = stoppedAfterAttempts(
  'uploadEvents',
  'Checking the cover art',
  'Upload the file again; if it stops again, contact support.',
);

/**
 * The upload queue's last attempt at this cover art failed: the release's upload says so (failed, with
 * COVER_ART_STOPPED; the release keeps its earlier art) instead of "uploading" for ever, and the uploader's open pages
 * are told. A newer upload, or a verdict already stored, is left alone (failReleaseArtworkUpload's condition).
 */
export async function coverArtUploadStopped(key: string): Promise<'marked' | 'skipped'> {
  const parsed = parseArtworkKey(key);
  if (!parsed) return 'skipped';
  const { tenantId, releaseId, userId } = parsed;
  if (!(await failReleaseArtworkUpload(tenantId, releaseId, key, COVER_ART_STOPPED))) return 'skipped';
  const release = await getReleaseRecord(tenantId, releaseId);
  if (release?.artwork_upload) await pushArtworkState(userId, releaseId, release.title, release.artwork_upload);
  return 'marked';
}
