import type { SQSEvent } from 'aws-lambda';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { inCompany } from '../support/api.js';
import { ownCompany } from '../support/own-company.js';

/**
 * The upload worker's attempts at an audio or cover art event that keeps failing on our side: the first two leave the
 * recording or release as it is (the queue delivers the event again), the last before the dead-letter queue marks the
 * upload failed with the reason in the user's words, never "processing" for ever. The failure here is real: the event
 * names an upload whose bytes never reached the bucket, so reading them fails as a storage fault would (no object is
 * put, so the local cloud's own worker never sees the event).
 */
let api: ReturnType<typeof inCompany>;
let bucket: string;

beforeAll(async () => {
  Object.assign(process.env, inject('cloudEnv'));
  api = (await ownCompany('Upload last attempt')).api;
  bucket = (await import('../../infra/resources.js')).BUCKETS.uploads.localName;
});

const eventOf = (key: string, receiveCount: number): SQSEvent =>
  ({
    Records: [
      {
        messageId: `m-${receiveCount}`,
        receiptHandle: 'r',
        body: JSON.stringify({
          Records: [
            { s3: { bucket: { name: bucket }, object: { key: encodeURIComponent(key).replace(/%2F/g, '/') } } },
          ],
        }),
        attributes: { ApproximateReceiveCount: String(receiveCount) },
        messageAttributes: {},
        md5OfBody: '',
        eventSource: 'aws:sqs',
        eventSourceARN: 'arn:aws:sqs:eu-west-2:000000000000:label-platform-upload-events',
        awsRegion: 'eu-west-2',
      },
    ],
  }) as unknown as SQSEvent;

/** Whether the worker reported the delivery failed (a batch whose every record failed is thrown by Powertools). */
async function failedDelivery(key: string, attempt: number): Promise<boolean> {
  const { handler } = await import('../../functions/uploads/worker.js');
  return handler(eventOf(key, attempt)).then(
    (answer) => answer.batchItemFailures.some((f) => f.itemIdentifier === `m-${attempt}`),
    () => true,
  );
}

const STOPPED = (what: string) =>
  `${what} failed 3 times on our side, not because of the file, and was stopped. ` +
  'Upload the file again; if it stops again, contact support.';

describe('the upload worker on an event that keeps failing', () => {
  it("marks a recording's audio failed in words on the queue's last attempt, and leaves a newer upload alone", async () => {
    const recording = (await api.post('/recordings', { title: `Never arrived ${Date.now()}` })).body.recording;
    const presign = () =>
      api.post(`/recordings/${recording.id}/update_audio`, {
        filename: 'mix.wav',
        content_type: 'audio/wav',
        size: 1_000,
      });
    const key: string = (await presign()).body.key;
    const audio = async () => (await api.get(`/recordings/${recording.id}`)).body.recording.audio;

    for (const attempt of [1, 2]) {
      expect(await failedDelivery(key, attempt)).toBe(true);
      expect(await audio()).toMatchObject({ status: 'processing' });
    }
    expect(await failedDelivery(key, 3)).toBe(true);
    const failed = await audio();
    expect(failed).toMatchObject({ status: 'failed', reason: STOPPED('Processing the audio'), filename: 'mix.wav' });
    expect(failed.reason).not.toMatch(/NoSuchKey|does not exist/i);
    // The stop is recorded once: a further delivery finds the upload finished and does nothing.
    expect(await failedDelivery(key, 4)).toBe(false);

    // A newer upload is the recording's now: a late last attempt of the older one leaves it as it is.
    const newer: string = (await presign()).body.key;
    expect(newer).not.toBe(key);
    const { audioUploadStopped } = await import('../../functions/audio/recording-audio.js');
    expect(await audioUploadStopped(key)).toBe('skipped');
    expect(await audio()).toMatchObject({ status: 'uploading', filename: 'mix.wav' });
  }, 60_000);

  it("marks a release's cover art upload failed in words on the queue's last attempt, keeping no art", async () => {
    const release = (await api.post('/releases', { title: `Never arrived ${Date.now()}` })).body.release;
    const key: string = (
      await api.post(`/releases/${release.id}/update_images`, {
        filename: 'front.png',
        content_type: 'image/png',
        size: 5_000,
      })
    ).body.key;
    const read = async () => (await api.get(`/releases/${release.id}`)).body.release;

    for (const attempt of [1, 2]) {
      expect(await failedDelivery(key, attempt)).toBe(true);
      expect((await read()).artwork_upload).toMatchObject({ status: 'uploading' });
    }
    expect(await failedDelivery(key, 3)).toBe(true);
    const after = await read();
    expect(after.artwork_upload).toEqual({
      status: 'failed',
      filename: 'front.png',
      reason: STOPPED('Checking the cover art'),
    });
    expect(after.artwork).toBeNull();
    expect(await failedDelivery(key, 4)).toBe(false);
  }, 60_000);
});
