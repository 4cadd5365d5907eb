import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import { DeleteObjectCommand, GetObjectCommand } from '@aws-sdk/client-s3';
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { s3Client } from '../lib/clients.js';
import { log, withRecordLog } from '../lib/logger.js';
import { readQueueMessage } from '../lib/queue-message.js';
import { isDeclaredImage, isImageKey, SNIFF_BYTES } from './image-type.js';
import { decodeS3Key, s3EventMessage } from './s3-event.js';
import { AUDIO_PREFIX, audioUploadStopped, handleAudioUpload } from '../audio/recording-audio.js';
import { ARTWORK_PREFIX } from '../artwork/cover-art.js';
import { coverArtUploadStopped, handleCoverArtUpload } from '../artwork/cover-art-worker.js';
import { givingUpOnLastAttempt, isLastAttempt } from '../lib/queue-attempts.js';
import { required } from '../lib/required.js';

const processor = new BatchProcessor(EventType.SQS);

/**
 * A presigned PUT proves who uploaded, not what: a logo or image whose bytes are not the raster
 * image its content type says (SVG, HTML, a GIF declared as PNG) is deleted, so no record links
 * to it later (saves check the bytes too, and that the object still exists).
 */
async function checkImage(bucket: string, key: string): Promise<'kept' | 'deleted'> {
  const range = `bytes=0-${SNIFF_BYTES - 1}`;
  const object = await s3Client().send(new GetObjectCommand({ Bucket: bucket, Key: key, Range: range }));
  const bytes = Buffer.from(await required(object.Body, 'the object body').transformToByteArray());
  if (isDeclaredImage(bytes, object.ContentType)) return 'kept';
  await s3Client().send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
  log().warn('upload deleted: not its declared raster image', { deleted: key });
  return 'deleted';
}

async function recordHandler(record: SQSRecord): Promise<void> {
  const event = readQueueMessage('uploads', s3EventMessage, record);
  if (event.Event === 's3:TestEvent') return; // S3 sends this once when the notification is set up.
  const lastAttempt = isLastAttempt(record, 'uploadEvents');
  for (const s3Record of event.Records ?? []) {
    const bucket = s3Record.s3.bucket.name;
    const key = decodeS3Key(s3Record.s3.object.key);
    await withRecordLog(record.messageId, { worker: 'uploads', key }, async () => {
      if (isImageKey(key)) await checkImage(bucket, key);
      else if (key.startsWith(AUDIO_PREFIX)) {
        const outcome = await givingUpOnLastAttempt(
          lastAttempt,
          () => handleAudioUpload(bucket, key),
          () => audioUploadStopped(key),
        );
        log().info('audio upload handled', { outcome });
      } else if (key.startsWith(ARTWORK_PREFIX)) {
        const outcome = await givingUpOnLastAttempt(
          lastAttempt,
          () => handleCoverArtUpload(bucket, key),
          () => coverArtUploadStopped(key),
        );
        log().info('cover art upload handled', { outcome });
      }
    });
  }
}

/** The upload-events worker: bucket notifications through SQS, batch size 1, partial failures reported. */
export const handler = async (event: SQSEvent) => processPartialResponse(event, recordHandler, processor);
