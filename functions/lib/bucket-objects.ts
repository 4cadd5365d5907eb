import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
import { s3Client } from './clients.js';
import { hashingStream } from './hashing-stream.js';
import { required } from './required.js';

/**
 * The one helper for whole objects in a bucket (statements' run files and documents, the royalty
 * ledger's files and an import's work files, a deleted record's files). Which key an object lives under is its area's own
 * (statements/statement-keys.ts, royalties/bucket-keys.ts); the bucket is always named by the caller.
 */

export async function putJson(bucket: string, key: string, value: unknown): Promise<void> {
  await putBytes(bucket, key, JSON.stringify(value), 'application/json');
}

/** A JSON object, or null when there is none under the key. */
export async function getJson<T>(bucket: string, key: string): Promise<T | null> {
  const body = await getBytes(bucket, key);
  return body ? (JSON.parse(Buffer.from(body).toString('utf8')) as T) : null;
}

/** S3's answer that there is no object under the key: NoSuchKey, or NotFound to a HEAD (which has no body to name it). */
const noObject = (error: unknown) =>
  error instanceof NoSuchKey || ['NoSuchKey', 'NotFound'].includes((error as { name?: string }).name ?? '');

/** An object's bytes, or null when there is none under the key. */
export async function getBytes(bucket: string, key: string): Promise<Uint8Array | null> {
  try {
    const object = await s3Client().send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    return await required(object.Body, 'the object body').transformToByteArray();
  } catch (error) {
    if (noObject(error)) return null;
    throw error;
  }
}

/** An object as a stream of its bytes, with its size, or null when there is none under the key. */
export async function getStream(bucket: string, key: string): Promise<{ body: Readable; bytes: number } | null> {
  try {
    const object = await s3Client().send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    return { body: required(object.Body, 'the object body') as Readable, bytes: object.ContentLength ?? 0 };
  } catch (error) {
    if (noObject(error)) return null;
    throw error;
  }
}

export async function putBytes(bucket: string, key: string, body: Uint8Array | string, contentType: string) {
  await s3Client().send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType }));
}

/**
 * Copies an object inside the bucket (S3 copies it: the bytes never pass through this process), with its own
 * content type; false when there is nothing under `from`.
 */
export async function copyObject(bucket: string, from: string, to: string, contentType: string): Promise<boolean> {
  try {
    await s3Client().send(
      new CopyObjectCommand({
        Bucket: bucket,
        Key: to,
        CopySource: `${bucket}/${from.split('/').map(encodeURIComponent).join('/')}`,
        MetadataDirective: 'REPLACE',
        ContentType: contentType,
      }),
    );
    return true;
  } catch (error) {
    if (noObject(error)) return false;
    throw error;
  }
}

/** Whether there is an object under the key (a HEAD: no bytes read). */
export async function objectExists(bucket: string, key: string): Promise<boolean> {
  try {
    await s3Client().send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    return true;
  } catch (error) {
    if (noObject(error)) return false;
    throw error;
  }
}

/** An object's ETag, size and user metadata, without its bytes (a report is named by its ETag before it is read). */
export async function objectHead(
  bucket: string,
  key: string,
): Promise<{ etag?: string; size?: number; metadata: Record<string, string> }> {
  const head = await s3Client().send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
  return { etag: head.ETag, size: head.ContentLength, metadata: head.Metadata ?? {} };
}

/**
 * The bytes from `start` up to (not including) `end` of an object, as a stream (a part of a large report). With
 * `ifMatch`, S3 refuses an object that changed since that ETag was read.
 */
export async function readRange(bucket: string, key: string, start: number, end: number, ifMatch?: string) {
  const object = await s3Client().send(
    new GetObjectCommand({ Bucket: bucket, Key: key, Range: `bytes=${start}-${end - 1}`, IfMatch: ifMatch }),
  );
  return required(object.Body, 'the object body') as Readable;
}

/**
 * Uploads a local file (a ledger file, a part's sums, a statement's CSV of lines) as one streamed PUT. Given several
 * files, the object is them joined in that order (a statement's CSV: its header, then each month's lines), read
 * straight from them instead of first copied into one.
 */
export async function putFile(
  bucket: string,
  key: string,
  file: string | readonly string[],
  contentType?: string,
): Promise<void> {
  const files = typeof file === 'string' ? [file] : file;
  const sizes = await Promise.all(files.map(async (f) => (await stat(f)).size));
  async function* joined() {
    for (const f of files) yield* createReadStream(f);
  }
  await s3Client().send(
    new PutObjectCommand({
      Bucket: bucket,
      Key: key,
      Body: files.length === 1 ? createReadStream(files[0]) : Readable.from(joined()),
      ContentLength: sizes.reduce((a, b) => a + b, 0),
      ContentType: contentType,
    }),
  );
}

/**
 * Downloads an object to a local file, hashing it on the way (duplicate detection). With `ifMatch`,
 * S3 refuses an object that changed since that ETag was read.
 */
export async function downloadFile(
  bucket: string,
  key: string,
  file: string,
  ifMatch?: string,
): Promise<{ sha256: string; size: number }> {
  const object = await s3Client().send(new GetObjectCommand({ Bucket: bucket, Key: key, IfMatch: ifMatch }));
  const hashing = hashingStream('sha256');
  await pipeline(object.Body as Readable, hashing.stream, createWriteStream(file));
  return { sha256: hashing.digest(), size: hashing.size() };
}

/** An object a listing found: its key, size and when it was last written (by S3's clock). */
type ListedObject = { key: string; size: number; lastModified?: Date };

/** Every object under a prefix, page by page (S3 lists at most 1,000 keys per call). */
export async function* listObjects(bucket: string, prefix: string): AsyncGenerator<ListedObject> {
  let token: string | undefined;
  do {
    const page = await s3Client().send(
      new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
    );
    for (const object of page.Contents ?? [])
      if (object.Key) yield { key: object.Key, size: object.Size ?? 0, lastModified: object.LastModified };
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
}

/** Deletes one object; S3 answers the same whether or not there was one. */
export async function deleteObject(bucket: string, key: string): Promise<void> {
  await s3Client().send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
}

/** S3 deletes at most this many keys per call. */
const DELETE_BATCH = 1000;

/**
 * Deletes every object under the prefixes, and the named keys, from one bucket (a deleted release's
 * files, a deleted royalty import's ledger files). Answers how many keys it asked S3 to delete, the
 * bytes of the objects listed under the prefixes, and the keys S3 refused, for the caller to log: files outlive a record they belonged to, never the
 * other way round.
 */
export async function deleteObjectsUnder(
  bucket: string,
  prefixes: readonly string[],
  keys: readonly string[] = [],
): Promise<{ deleted: number; refused: { key: string; message: string }[]; listedBytes: number }> {
  const found = new Set(keys.filter(Boolean));
  // The sizes of the objects found under the prefixes (a deleted record's files give their storage back).
  let listedBytes = 0;
  for (const prefix of prefixes)
    for await (const object of listObjects(bucket, prefix)) {
      found.add(object.key);
      listedBytes += object.size;
    }
  const all = [...found];
  const refused: { key: string; message: string }[] = [];
  for (let i = 0; i < all.length; i += DELETE_BATCH) {
    const batch = all.slice(i, i + DELETE_BATCH).map((Key) => ({ Key }));
    const answer = await s3Client().send(
      new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: batch, Quiet: true } }),
    );
    for (const error of answer.Errors ?? []) refused.push({ key: error.Key ?? '', message: error.Message ?? '' });
  }
  return { deleted: all.length - refused.length, refused, listedBytes };
}
