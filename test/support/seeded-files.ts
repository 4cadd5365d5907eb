import { PutObjectCommand } from '@aws-sdk/client-s3';
import { BUCKETS } from '../../infra/resources.js';

/**
 * Files as the upload worker leaves them, written straight into the uploads
 * bucket and the table, for tests and benchmarks that deliver a release without uploading through
 * the browser. Need the cloud's environment in process.env.
 */
async function putUpload(Key: string, Body: Buffer, ContentType: string) {
  const { s3Client } = await import('../../functions/lib/clients.js');
  await s3Client().send(new PutObjectCommand({ Bucket: BUCKETS.uploads.localName, Key, Body, ContentType }));
}

/** A release's checked cover art: the object, and `artwork` on the release (3000×3000 JPEG). */
export async function seedCoverArt(
  tenantId: string,
  releaseId: string,
  art = Buffer.from(`cover art of ${releaseId}`),
) {
  const { getDb } = await import('../../functions/data/service.js');
  const key = `artwork/${tenantId}/${releaseId}/cover.jpg`;
  await putUpload(key, art, 'image/jpeg');
  await getDb()
    .entities.Release.patch({ tenantId, id: releaseId })
    .set({
      artwork: {
        key,
        content_type: 'image/jpeg',
        width: 3000,
        height: 3000,
        bytes: art.length,
        thumbnail_key: `${key}.thumb.jpg`,
        medium_key: `${key}.medium.jpg`,
        uploaded_at: new Date().toISOString(),
      },
    })
    .go();
  return art;
}

/** A recording's original audio: the object, and a ready `audio` on the recording. */
export async function seedOriginalAudio(
  tenantId: string,
  recordingId: string,
  audio = Buffer.from(`fLaC original of ${recordingId}`),
) {
  const { getDb } = await import('../../functions/data/service.js');
  const key = `audio/${tenantId}/${recordingId}/original.flac`;
  await putUpload(key, audio, 'audio/flac');
  await getDb()
    .entities.Recording.patch({ tenantId, id: recordingId })
    .set({ audio: { status: 'ready', source_key: key, filename: 'original.flac', size: audio.length } })
    .go();
  return audio;
}

/**
 * A recording's audio as the audio pipeline leaves it ready: the original and its preview (`preview`
 * bytes of `previewType` when a browser must really play it, e.g. a sine WAV; `original` a real WAV
 * when a test downloads it).
 */
export async function seedPreviewAudio(
  tenantId: string,
  recordingId: string,
  preview = Buffer.from(`ID3 preview of ${recordingId}`),
  previewType = 'audio/mpeg',
  original: Buffer = Buffer.from(`RIFF original of ${recordingId}`),
  filename = 'original.wav',
) {
  const { getDb } = await import('../../functions/data/service.js');
  const key = `audio/${tenantId}/${recordingId}/${filename}`;
  const preview_key = `audio-previews/${tenantId}/${recordingId}.mp3`;
  await putUpload(key, original, filename.endsWith('.flac') ? 'audio/flac' : 'audio/wav');
  await putUpload(preview_key, preview, previewType);
  await getDb()
    .entities.Recording.patch({ tenantId, id: recordingId })
    .set({
      audio: {
        status: 'ready',
        source_key: key,
        filename,
        size: original.length,
        duration_ms: 180_000,
        preview_key,
      },
    })
    .go();
}
