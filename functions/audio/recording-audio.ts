import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { createWriteStream } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { AUDIO_EXTENSIONS } from '../../shared/constants.js';
import { failRecordingAudio, getRecording, saveRecordingAudio } from '../data/access/catalogue.js';
import type { RecordingAudio } from '../data/entities/catalogue.js';
import { s3Client } from '../lib/clients.js';
import { addLogContext, log } from '../lib/logger.js';
import { InvalidField, NotFound } from '../lib/errors.js';
import { pushToUser } from '../realtime/push.js';
import { presignDownload, presignUpload, safeFileName } from '../uploads/presign.js';
import { processAudio, UnusableAudio, type AudioFacts } from './process-audio.js';
import { makeWorkFolder } from '../lib/work-folders.js';
import { stoppedAfterAttempts } from '../lib/queue-attempts.js';

/**
 * A recording's audio: the browser PUTs a WAV/AIFF straight to S3, the
 * bucket event reaches the upload worker through SQS, and the worker stores an mp3 preview and
 * waveform peaks, fills the recording's length and audio facts, and pushes a Recording event to
 * the uploader's open connections. The stored shape is the Recording entity's `audio` map.
 */
export const AUDIO_PREFIX = 'audio/';

/** audio/{tenant}/{recording}/{uploader}/{ulid}-{file}: the worker reads who and what from the key. */
const sourcePrefix = (tenantId: string, recordingId: string, userId: string) =>
  `${AUDIO_PREFIX}${tenantId}/${recordingId}/${userId}/`;

function parseAudioKey(
  key: string,
): { tenantId: string; recordingId: string; userId: string; upload: string; filename: string } | null {
  const match = /^audio\/([^/]+)\/([^/]+)\/([^/]+)\/([0-9A-Z]{26})-([^/]+)$/.exec(key);
  return match
    ? { tenantId: match[1], recordingId: match[2], userId: match[3], upload: match[4], filename: match[5] }
    : null;
}

/** POST recordings/{id}/update_audio: a presigned PUT for one WAV/AIFF of at most 500,000,000 bytes. */
export async function presignRecordingAudio(
  tenantId: string,
  userId: string,
  recordingId: string,
  file: { filename: string; content_type: string; size: number },
) {
  const recording = await getRecording(tenantId, recordingId);
  if (!recording) throw new NotFound('Recording');
  const extension = path.extname(file.filename).slice(1).toLowerCase();
  if (!AUDIO_EXTENSIONS.includes(extension as (typeof AUDIO_EXTENSIONS)[number]))
    throw new InvalidField('filename', 'Audio must be a wav, aiff, aif or flac file');
  const presigned = await presignUpload(sourcePrefix(tenantId, recordingId, userId), file);
  await saveRecordingAudio(tenantId, recordingId, {
    status: 'uploading',
    source_key: presigned.key,
    filename: safeFileName(file.filename),
    size: file.size,
  });
  return presigned;
}

/** The short-lived URLs the player and waveform read, beside the stored facts. */
export async function presentAudio(row: Record<string, unknown>): Promise<Record<string, unknown>> {
  const audio = row.audio as RecordingAudio | undefined;
  if (!audio) return { audio: null };
  const { source_key: _source, preview_key: preview, peaks_key: peaks, ...facts } = audio;
  return {
    audio: {
      ...facts,
      // Stored only when the format has one; answered as null as before (a map attribute refuses null).
      ...(audio.status === 'ready' ? { bit_depth: audio.bit_depth ?? null } : {}),
      preview_url: preview && audio.status === 'ready' ? await presignDownload(preview) : null,
      peaks_url: peaks && audio.status === 'ready' ? await presignDownload(peaks) : null,
    },
  };
}

/** The SPA shows "Recording {summary} - audio uploaded and processing." (or ready, or failed) and reloads the recording. */
async function pushAudioState(userId: string, recordingId: string, title: string, audio: RecordingAudio) {
  await pushToUser(userId, {
    type: 'record',
    model: 'Recording',
    id: recordingId,
    title,
    status: audio.status,
    reason: audio.reason ?? null,
  }).catch(() => 0);
}

const lengthOf = (ms: number) => {
  const total = Math.round(ms / 1000);
  return [Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60]
    .map((n) => String(n).padStart(2, '0'))
    .join(':');
};

/**
 * Handles one object-created event under audio/. Delivering the same event twice produces one
 * set of outputs: the output keys follow from the upload's id, and a source already processed
 * (or replaced by a newer upload) is left alone. A file that cannot be used marks the recording
 * failed with the reason; only errors worth a retry (storage, database) are thrown.
 */
export async function handleAudioUpload(bucket: string, key: string): Promise<'processed' | 'failed' | 'skipped'> {
  const parsed = parseAudioKey(key);
  if (!parsed) return 'skipped';
  const { tenantId, recordingId, userId, upload, filename } = parsed;
  addLogContext({ tenantId, recordingId });
  const recording = await getRecording(tenantId, recordingId);
  if (!recording) return 'skipped';
  const current = recording.audio;
  if (current && current.source_key !== key && current.source_key > key) return 'skipped'; // a newer upload replaced this one
  if (current?.source_key === key && (current.status === 'ready' || current.status === 'failed')) return 'skipped';

  const base: RecordingAudio = { status: 'processing', source_key: key, filename };
  await saveRecordingAudio(tenantId, recordingId, base);
  const push = (audio: RecordingAudio) => pushAudioState(userId, recordingId, recording.title, audio);
  await push(base);

  const dir = await makeWorkFolder('audio-');
  try {
    const source = path.join(dir, `${upload}${path.extname(key)}`);
    const object = await s3Client().send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    await pipeline(object.Body as Readable, createWriteStream(source));
    let facts: AudioFacts;
    try {
      facts = await processAudio(source);
    } catch (error) {
      if (!(error instanceof UnusableAudio)) throw error;
      log().warn('audio unusable', { reason: error.message });
      const failed: RecordingAudio = { ...base, status: 'failed', reason: error.message };
      await saveRecordingAudio(tenantId, recordingId, failed);
      await push(failed);
      return 'failed';
    }
    const outputs = `previews/${tenantId}/${recordingId}/${upload}`;
    await s3Client().send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: `${outputs}.mp3`,
        Body: await readFile(facts.preview_path),
        ContentType: 'audio/mpeg',
      }),
    );
    await s3Client().send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: `${outputs}.peaks.json`,
        Body: JSON.stringify({ peaks: facts.peaks, height: 60 }),
        ContentType: 'application/json',
      }),
    );
    const ready: RecordingAudio = {
      ...base,
      status: 'ready',
      size: object.ContentLength,
      duration_ms: facts.duration_ms,
      sample_rate: facts.sample_rate,
      channels: facts.channels,
      bit_depth: facts.bit_depth ?? undefined,
      preview_key: `${outputs}.mp3`,
      peaks_key: `${outputs}.peaks.json`,
    };
    // The duration fills the recording's length.
    await saveRecordingAudio(tenantId, recordingId, ready, { length: lengthOf(facts.duration_ms) });
    await push(ready);
    return 'processed';
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** What the recording says when processing its audio failed on every attempt of the upload queue. */
const AUDIO_STOPPED = stoppedAfterAttempts(
  'uploadEvents',
  'Processing the audio',
  'Upload the file again; if it stops again, contact support.',
);

/**
 * The upload queue's last attempt at this audio failed: the recording says so (failed, with AUDIO_STOPPED) instead of
 * "processing" for ever, and the uploader's open pages are told. A newer upload, or a result already stored, is left
 * alone (failRecordingAudio's condition).
 */
export async function audioUploadStopped(key: string): Promise<'marked' | 'skipped'> {
  const parsed = parseAudioKey(key);
  if (!parsed) return 'skipped';
  const { tenantId, recordingId, userId } = parsed;
  if (!(await failRecordingAudio(tenantId, recordingId, key, AUDIO_STOPPED))) return 'skipped';
  const recording = await getRecording(tenantId, recordingId);
  if (recording?.audio) await pushAudioState(userId, recordingId, recording.title, recording.audio);
  return 'marked';
}
