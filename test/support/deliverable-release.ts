import { PutObjectCommand } from '@aws-sdk/client-s3';
import { BUCKETS } from '../../infra/resources.js';
import { call } from './api.js';
import { checkableRelease } from './checkable-release.js';

type Api = Parameters<typeof checkableRelease>[0];

/**
 * A release that passed quality control (sent by the label, approved by an admin), with cover art
 * and its recording's original audio seeded as the upload worker leaves them (issue 16 contract B):
 * the objects in the uploads bucket, `artwork` on the release, a ready `audio` on the recording.
 * Needs the cloud's environment in process.env (the tests' `cloudEnv`).
 */
export async function deliverableRelease(api: Api, admin: string, tenantId: string) {
  const { release, recording } = await checkableRelease(api, admin);
  const sent = await api.post(`/releases/${release.id}/quality_control`);
  if (sent.status !== 200) throw new Error(`not sent to QC: ${JSON.stringify(sent.body)}`);
  const approved = await call('PATCH', `/api/v1/admin/releases/${release.id}/update_status`, {
    token: admin,
    body: { status: 'accepted' },
  });
  if (approved.status !== 200) throw new Error(`not approved: ${JSON.stringify(approved.body)}`);
  const { s3Client } = await import('../../functions/lib/clients.js');
  const { getDb } = await import('../../functions/data/service.js');
  const put = (Key: string, Body: Buffer, ContentType: string) =>
    s3Client().send(new PutObjectCommand({ Bucket: BUCKETS.uploads.localName, Key, Body, ContentType }));
  const art = Buffer.from(`cover art of ${release.id}`);
  const audio = Buffer.from(`fLaC original of ${recording.id}`);
  const artKey = `artwork/${tenantId}/${release.id}/cover.jpg`;
  const audioKey = `audio/${tenantId}/${recording.id}/original.flac`;
  await put(artKey, art, 'image/jpeg');
  const db = getDb().entities;
  await db.Release.patch({ tenantId, id: release.id })
    .set({
      artwork: {
        key: artKey,
        content_type: 'image/jpeg',
        width: 3000,
        height: 3000,
        bytes: art.length,
        thumbnail_key: `${artKey}.thumb.jpg`,
        medium_key: `${artKey}.medium.jpg`,
        uploaded_at: new Date().toISOString(),
      },
    })
    .go();
  await seedOriginalAudio(tenantId, recording.id, audio, audioKey);
  return { release, recording, bytes: { art, audio } };
}

/** A recording's original audio as the upload worker leaves it: the object, and a ready `audio`. */
export async function seedOriginalAudio(
  tenantId: string,
  recordingId: string,
  audio = Buffer.from(`fLaC original of ${recordingId}`),
  key = `audio/${tenantId}/${recordingId}/original.flac`,
) {
  const { s3Client } = await import('../../functions/lib/clients.js');
  const { getDb } = await import('../../functions/data/service.js');
  await s3Client().send(
    new PutObjectCommand({ Bucket: BUCKETS.uploads.localName, Key: key, Body: audio, ContentType: 'audio/flac' }),
  );
  await getDb()
    .entities.Recording.patch({ tenantId, id: recordingId })
    .set({ audio: { status: 'ready', source_key: key, filename: 'original.flac', size: audio.length } })
    .go();
}
