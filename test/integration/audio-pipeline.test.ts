import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { inCompany } from '../support/api.js';
import { ownLabelManager } from '../support/own-company.js';
import { writeSineWav } from '../support/wav.js';
import { until } from '../support/wait.js';
import { uploadPresigned } from '../support/presigned-upload.js';

/**
 * The audio pipeline in the local cloud: presigned PUT → bucket event → SQS → upload
 * worker → ffmpeg → preview, waveform, recording facts → a push to the uploader.
 */
let manager: Awaited<ReturnType<typeof ownLabelManager>>;
let api: ReturnType<typeof inCompany>;
let dir: string;
const messages: Record<string, unknown>[] = [];
let socket: WebSocket;

beforeAll(async () => {
  Object.assign(process.env, inject('cloudEnv'));
  manager = await ownLabelManager('Audio pipeline');
  api = inCompany(manager.token, manager.distributed.id);
  dir = mkdtempSync(path.join(os.tmpdir(), 'audio-it-'));
  socket = new WebSocket(
    `${inject('cloudUrl').replace(/^http/, 'ws')}/cable?token=${encodeURIComponent(manager.token)}`,
  );
  socket.on('message', (data) => messages.push(JSON.parse(String(data))));
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
});

afterAll(() => {
  socket?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Creates a recording, uploads the bytes through its presigned PUT and waits for the worker's verdict. */
async function uploadAudio(filename: string, bytes: Buffer) {
  const recording = (await api.post('/recordings', { title: `Audio ${filename} ${Date.now()}` })).body.recording;
  const key = await uploadPresigned(
    api,
    `/recordings/${recording.id}/update_audio`,
    { filename, content_type: 'audio/wav' },
    bytes,
  );
  const done = await until(async () => {
    const current = (await api.get(`/recordings/${recording.id}`)).body.recording;
    return ['ready', 'failed'].includes(current.audio?.status) ? current : undefined;
  });
  return { recording: done, key };
}

describe('audio pipeline', () => {
  it('refuses what is not a WAV/AIFF, and files over 500 MB, before upload', async () => {
    const recording = (await api.post('/recordings', { title: `Refused ${Date.now()}` })).body.recording;
    const mp3 = await api.post(`/recordings/${recording.id}/update_audio`, {
      filename: 'song.mp3',
      content_type: 'audio/wav',
      size: 10,
    });
    expect(mp3.body.errors).toEqual({ filename: ['Audio must be a wav, aiff, aif or flac file'] });
    const huge = await api.post(`/recordings/${recording.id}/update_audio`, {
      filename: 'long.wav',
      content_type: 'audio/wav',
      size: 500_000_001,
    });
    expect(huge.body.errors).toEqual({ size: ['Size must be under 500 MB'] });
  });

  it('marks a truncated WAV, a renamed text file and an empty file failed with the reason, and nothing reaches the DLQ', async () => {
    const truncated = path.join(dir, 'cut.wav');
    writeSineWav(truncated, { seconds: 1, amplitude: 0.5, truncateTo: 10_000 });
    const cut = await uploadAudio('cut.wav', readFileSync(truncated));
    expect(cut.recording.audio).toMatchObject({
      status: 'failed',
      reason: expect.stringContaining('The WAV file is truncated'),
    });
    const notes = await uploadAudio('notes.wav', Buffer.from('liner notes, not audio\n'.repeat(100)));
    expect(notes.recording.audio).toMatchObject({
      status: 'failed',
      reason: 'The file is not a WAV, AIFF or FLAC audio file',
    });

    // An empty object (the API refuses to presign one, but storage can still hold one) fails too.
    const { PutObjectCommand } = await import('@aws-sdk/client-s3');
    const { s3Client } = await import('../../functions/lib/clients.js');
    const { BUCKETS } = await import('../../infra/resources.js');
    const empty = (await api.post('/recordings', { title: `Empty ${Date.now()}` })).body.recording;
    const emptyKey = notes.key
      .replace(notes.recording.id, empty.id)
      .replace(/[0-9A-Z]{26}-notes\.wav$/, '01J0000000000000000000EMPT-empty.wav');
    await s3Client().send(new PutObjectCommand({ Bucket: BUCKETS.uploads.localName, Key: emptyKey, Body: '' }));
    const emptied = await until(async () => {
      const current = (await api.get(`/recordings/${empty.id}`)).body.recording;
      return current.audio?.status === 'failed' ? current : undefined;
    });
    expect(emptied.audio.reason).toBe('The file is empty');

    const { GetQueueUrlCommand, ReceiveMessageCommand } = await import('@aws-sdk/client-sqs');
    const { sqsClient } = await import('../../functions/lib/clients.js');
    const { dlqName } = await import('../../infra/resources.js');
    const dlqUrl = (await sqsClient().send(new GetQueueUrlCommand({ QueueName: dlqName('uploadEvents') }))).QueueUrl!;
    const dead = await sqsClient().send(
      new ReceiveMessageCommand({
        QueueUrl: dlqUrl,
        MaxNumberOfMessages: 10,
        WaitTimeSeconds: 1,
        VisibilityTimeout: 0,
      }),
    );
    expect(
      (dead.Messages ?? []).filter((m) => m.Body?.includes(cut.recording.id) || m.Body?.includes(notes.recording.id)),
    ).toEqual([]);
  }, 60_000);

  it('makes a preview and waveform of a sine, fills the length, pushes to the uploader, and is idempotent', async () => {
    const wav = path.join(dir, 'sine.wav');
    writeSineWav(wav, { seconds: 2, amplitude: 0.6 });
    const { recording, key } = await uploadAudio('sine.wav', readFileSync(wav));
    expect(recording.length).toBe('00:00:02');
    expect(recording.audio).toMatchObject({
      status: 'ready',
      sample_rate: 44_100,
      channels: 2,
      bit_depth: 16,
      filename: 'sine.wav',
    });
    expect(Math.abs(recording.audio.duration_ms - 2000)).toBeLessThanOrEqual(1);

    const mp3 = path.join(dir, 'preview.mp3');
    writeFileSync(mp3, Buffer.from(await (await fetch(recording.audio.preview_url)).arrayBuffer()));
    const { ffmpegPath } = await import('../../functions/audio/ffmpeg.js');
    const pcm = execFileSync(ffmpegPath(), [
      '-v',
      'error',
      '-i',
      mp3,
      '-ac',
      '1',
      '-ar',
      '8000',
      '-f',
      's16le',
      'pipe:1',
    ]);
    expect(Math.abs((pcm.length / 2 / 8000) * 1000 - 2000)).toBeLessThan(50);
    const { peaks, height } = (await (await fetch(recording.audio.peaks_url)).json()) as {
      peaks: number[];
      height: number;
    };
    expect(height).toBe(60);
    expect(Math.abs(Math.max(...peaks) - 0.6) / 0.6).toBeLessThan(0.02);

    await until(
      async () =>
        messages.some((m) => m.model === 'Recording' && m.id === recording.id && m.status === 'ready')
          ? true
          : undefined,
      5_000,
    );

    // The same S3 event again: no second set of outputs, the recording unchanged.
    const { handleAudioUpload } = await import('../../functions/audio/recording-audio.js');
    const { BUCKETS } = await import('../../infra/resources.js');
    expect(await handleAudioUpload(BUCKETS.uploads.localName, key)).toBe('skipped');
    const { ListObjectsV2Command } = await import('@aws-sdk/client-s3');
    const { s3Client } = await import('../../functions/lib/clients.js');
    const outputs = await s3Client().send(
      new ListObjectsV2Command({
        Bucket: BUCKETS.uploads.localName,
        Prefix: `previews/${manager.distributed.id}/${recording.id}/`,
      }),
    );
    expect((outputs.Contents ?? []).map((o) => o.Key!.split('.').slice(1).join('.')).sort()).toEqual([
      'mp3',
      'peaks.json',
    ]);
  }, 60_000);

  it('accepts a FLAC original, keeps it for delivery and reads its facts', async () => {
    const wav = path.join(dir, 'for-flac.wav');
    const flac = path.join(dir, 'master.flac');
    writeSineWav(wav, { seconds: 1, amplitude: 0.5 });
    const { ffmpegPath } = await import('../../functions/audio/ffmpeg.js');
    execFileSync(ffmpegPath(), ['-v', 'error', '-y', '-i', wav, '-c:a', 'flac', flac]);
    const bytes = readFileSync(flac);
    const recording = (await api.post('/recordings', { title: `FLAC ${Date.now()}`, isrc: 'GBAAA2600123' })).body
      .recording;
    const key = await uploadPresigned(
      api,
      `/recordings/${recording.id}/update_audio`,
      { filename: 'master.flac', content_type: 'audio/flac' },
      bytes,
    );
    const done = await until(async () => {
      const current = (await api.get(`/recordings/${recording.id}`)).body.recording;
      return ['ready', 'failed'].includes(current.audio?.status) ? current : undefined;
    });
    expect(done.audio).toMatchObject({ status: 'ready', filename: 'master.flac', bit_depth: 16, channels: 2 });
    const { getRecording } = await import('../../functions/data/access/catalogue.js');
    const { recordingOriginalAudio } = await import('../../functions/catalogue/delivery-assets.js');
    const stored = await getRecording(manager.distributed.id, recording.id);
    expect(stored && recordingOriginalAudio(stored)).toMatchObject({
      key,
      fileName: 'GBAAA2600123.flac',
      contentType: 'audio/flac',
      bytes: bytes.length,
    });
  }, 60_000);
});
