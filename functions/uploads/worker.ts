import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import { DeleteObjectCommand, GetObjectCommand } from '@aws-sdk/client-s3';
import type { S3Event, SQSEvent, SQSRecord } from 'aws-lambda';
import { s3Client } from '../lib/clients.js';
import { log, withRecordLog } from '../lib/logger.js';
import { decodeS3Key } from './s3-event.js';
import { AUDIO_PREFIX, handleAudioUpload } from '../audio/recording-audio.js';

const processor = new BatchProcessor(EventType.SQS);

const IMAGE_SIGNATURES: ((bytes: Buffer) => boolean)[] = [
  (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])), // PNG
  (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff, // JPEG
  (b) => b.subarray(0, 4).toString('latin1') === 'GIF8',
  (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  (b) => /^\s*(<\?xml[^>]*>\s*)?<svg[\s>]/i.test(b.toString('utf8')),
];

/**
 * A presigned PUT proves who uploaded, not what: a logo that is not an image is deleted, so a
 * label never links to it (the label update checks the object still exists).
 */
async function checkLogo(bucket: string, key: string): Promise<'kept' | 'deleted'> {
  const head = await s3Client().send(new GetObjectCommand({ Bucket: bucket, Key: key, Range: 'bytes=0-511' }));
  const bytes = Buffer.from(await head.Body!.transformToByteArray());
  if (IMAGE_SIGNATURES.some((matches) => matches(bytes))) return 'kept';
  await s3Client().send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
  log().warn('upload deleted: not an image', { deleted: key });
  return 'deleted';
}

async function recordHandler(record: SQSRecord): Promise<void> {
  const event = JSON.parse(record.body) as Partial<S3Event> & { Event?: string };
  if (event.Event === 's3:TestEvent') return; // S3 sends this once when the notification is set up.
  for (const s3Record of event.Records ?? []) {
    const bucket = s3Record.s3.bucket.name;
    const key = decodeS3Key(s3Record.s3.object.key);
    await withRecordLog(record.messageId, { worker: 'uploads', key }, async () => {
      if (key.startsWith('logos/')) await checkLogo(bucket, key);
      else if (key.startsWith(AUDIO_PREFIX)) {
        const outcome = await handleAudioUpload(bucket, key);
        log().info('audio upload handled', { outcome });
      }
    });
  }
}

/** The upload-events worker: bucket notifications through SQS, batch size 1, partial failures reported. */
export const handler = async (event: SQSEvent) => processPartialResponse(event, recordHandler, processor);
