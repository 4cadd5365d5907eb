import { createHash } from 'node:crypto';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { ENV } from '../../infra/resources.js';
import { isWavOriginal, makeDownloadRenditions, RenditionFailed } from '../audio/download-renditions.js';
import * as data from '../data/access/promos.js';
import type { RecordingAudio } from '../data/entities/catalogue.js';
import { downloadFile, getBytes, putFile } from '../lib/bucket-objects.js';
import { requireEnv, s3Client } from '../lib/clients.js';
import { log } from '../lib/logger.js';
import { makeWorkFolder } from '../lib/work-folders.js';
import type { DownloadFormat } from './tracing.js';

/**
 * The files a promo's recipients download, made once per original upload by the promo audio job
 * (functions/promos/audio-worker.ts, with the audio worker's ffmpeg): a 320 kbps MP3 and, for an AIFF or
 * FLAC original, a WAV. A send queues the job; so does a download that finds a file missing.
 *
 * The job is safe to kill and to run twice: each file's key follows from the original upload's key, a
 * file already there is not made again, and S3 writes a whole object or nothing, so a run stopped
 * midway leaves finished files and missing ones, never a half file; the message comes back and the
 * next run makes only what is missing. A new upload of the track gets files of its own.
 */
const bucket = () => requireEnv(ENV.uploadsBucket);

/** Where the promo download files of one original upload live. */
function downloadFileKeys(tenantId: string, recordingId: string, sourceKey: string) {
  const upload = createHash('sha256').update(sourceKey).digest('hex').slice(0, 32);
  const base = `promo-audio/${tenantId}/${recordingId}/${upload}`;
  return { mp3: `${base}.320.mp3`, wav: `${base}.wav` };
}

/**
 * The bytes a download of `format` is made from: the WAV original itself, else the file the job made
 * (null while the job has not made it yet).
 */
export function downloadSource(tenantId: string, recordingId: string, audio: RecordingAudio, format: DownloadFormat) {
  const key =
    format === 'wav' && isWavOriginal(audio.filename)
      ? audio.source_key
      : downloadFileKeys(tenantId, recordingId, audio.source_key)[format];
  return getBytes(bucket(), key);
}

async function exists(key: string): Promise<boolean> {
  try {
    await s3Client().send(new HeadObjectCommand({ Bucket: bucket(), Key: key }));
    return true;
  } catch (error) {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (status === 404 || (error as { name?: string }).name === 'NotFound') return false;
    throw error;
  }
}

/** Makes what is missing of one recording's download files; whether it made any. */
async function prepareRecording(tenantId: string, recordingId: string, audio: RecordingAudio): Promise<boolean> {
  const keys = downloadFileKeys(tenantId, recordingId, audio.source_key);
  const needsWav = !isWavOriginal(audio.filename);
  if ((await exists(keys.mp3)) && (!needsWav || (await exists(keys.wav)))) return false;
  const dir = await makeWorkFolder('promo-audio-');
  try {
    const source = path.join(dir, `original${path.extname(audio.filename)}`);
    await downloadFile(bucket(), audio.source_key, source);
    const made = await makeDownloadRenditions(source, dir, { wav: needsWav });
    await putFile(bucket(), keys.mp3, made.mp3, 'audio/mpeg');
    if (made.wav) await putFile(bucket(), keys.wav, made.wav, 'audio/wav');
    return true;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The promo audio job: every chosen track's download files, made if missing. How many tracks it made files for. */
export async function prepareDownloadFiles(tenantId: string, promoId: string): Promise<number> {
  const promo = await data.getPromo(tenantId, promoId);
  if (promo?.access !== 'download') return 0;
  const recordings = (await data.promoRelease(tenantId, promo.release_id))?.recordings ?? [];
  let made = 0;
  for (const recording of recordings) {
    const audio = recording.audio as RecordingAudio | undefined;
    if (!promo.recording_ids.includes(recording.id) || audio?.status !== 'ready') continue;
    try {
      if (await prepareRecording(tenantId, recording.id, audio)) made += 1;
    } catch (error) {
      // An original ffmpeg cannot convert will not convert next time either: that track has no download.
      if (!(error instanceof RenditionFailed)) throw error;
      log().warn('promo download file not made', { recordingId: recording.id, reason: error.message });
    }
  }
  return made;
}
