import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { s3Client } from '../../lib/clients.js';

/** Downloads an object to a local file, hashing it on the way (duplicate detection). */
export async function download(
  bucket: string,
  key: string,
  file: string,
  ifMatch?: string,
): Promise<{ sha256: string; size: number }> {
  const object = await s3Client().send(new GetObjectCommand({ Bucket: bucket, Key: key, IfMatch: ifMatch }));
  const hash = createHash('sha256');
  let size = 0;
  const hashing = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  await pipeline(object.Body as Readable, hashing, createWriteStream(file));
  return { sha256: hash.digest('hex'), size };
}

/** Uploads a local file (a ledger file, a part's sums, a converted report) as one streamed PUT. */
export async function upload(bucket: string, key: string, file: string): Promise<void> {
  await s3Client().send(
    new PutObjectCommand({
      Bucket: bucket,
      Key: key,
      Body: createReadStream(file),
      ContentLength: (await stat(file)).size,
    }),
  );
}
