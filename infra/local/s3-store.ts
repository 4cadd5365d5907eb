import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, open, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type S3rver from 's3rver';
import { hashingStream } from '../../functions/lib/hashing-stream.js';

/**
 * s3rver's file store, where it behaves unlike S3 in ways the product meets: a folder removed under a write into it,
 * and an object written in place. `storeLikeS3` replaces those methods of the store of a server before it runs.
 */
export function storeLikeS3(server: S3rver): void {
  const store = (server as unknown as { store: ObjectStore }).store;
  keepEmptyFolders(store);
  wholeObjects(store);
}

/**
 * s3rver stores keys as folders and removes a folder when its last object is deleted. A PUT
 * into that folder at the same moment (mkdir, then write) then fails with a 500, which S3 never
 * does. Deleting the object's files without the folder clean-up avoids the race.
 */
function keepEmptyFolders(store: ObjectStore) {
  store.deleteObject = async (bucket: string, key: string) => {
    await Promise.all(
      ['object', 'object.md5', 'metadata.json'].map((resource) =>
        unlink(store.getResourcePath(bucket, key, resource)).catch((error: NodeJS.ErrnoException) => {
          if (error.code !== 'ENOENT') throw error;
        }),
      ),
    );
  };
}

/** The parts of s3rver's file store replaced or called here. */
type ObjectStore = {
  getResourcePath: (bucket: string, key: string, resource: string) => string;
  deleteObject: (bucket: string, key: string) => Promise<void>;
  getMetadata: (bucket: string, key: string) => Promise<Record<string, unknown>>;
  putObject: (object: { bucket: string; key: string; content: Buffer | Readable; metadata: unknown }) => Promise<{
    size: number;
    md5: string;
  }>;
  getObject: (bucket: string, key: string, options?: { start?: number; end?: number }) => Promise<unknown>;
  copyObject: (
    fromBucket: string,
    fromKey: string,
    bucket: string,
    key: string,
    replacementMetadata?: Record<string, unknown>,
  ) => Promise<Record<string, unknown>>;
};
type S3ObjectClass = {
  new (
    bucket: string,
    key: string,
    content: Readable | null,
    metadata: unknown,
  ): { range?: { start: number; end: number } };
  ALLOWED_METADATA: string[];
};
/** s3rver's object model (a GET answers one); CommonJS without type declarations. */
const S3Object = createRequire(import.meta.url)('s3rver/lib/models/object.js') as S3ObjectClass;

/** Writes a file beside `file` and renames it over it: a reader opens the old file or the new one, never a half. */
async function replaceWhole(file: string, write: (temporary: string) => Promise<void>): Promise<void> {
  // Not ending in "._S3rver_object", so a listing does not take it for an object while it is written.
  const temporary = `${file}.${randomUUID()}.writing`;
  try {
    await write(temporary);
    await rename(temporary, file);
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
}

/**
 * S3 replaces an object whole; s3rver writes it in place (and answers the PUT before the file is flushed), so a GET
 * during a second PUT of the same key read a piece of a file, or hung on a length the file no longer had. A royalty
 * import's part delivered twice writes its files twice while the finishing part reads them (DuckDB then failed on
 * the half-read Parquet: "don't know what type"). Here an object is written to a file of its own and renamed over
 * the old one, and a GET takes its length from the file it opened, not from a second look at the path.
 */
function wholeObjects(store: ObjectStore) {
  store.putObject = async (object) => {
    const objectPath = store.getResourcePath(object.bucket, object.key, 'object');
    await mkdir(path.dirname(objectPath), { recursive: true });
    const md5 = hashingStream('md5');
    const content = Buffer.isBuffer(object.content) ? Readable.from([object.content]) : object.content;
    await replaceWhole(objectPath, (temporary) => pipeline(content, md5.stream, createWriteStream(temporary)));
    const digest = md5.digest();
    await putMetadata(store, object, digest);
    return { size: md5.size(), md5: digest };
  };
  store.copyObject = async (fromBucket, fromKey, bucket, key, replacementMetadata) => {
    const from = (resource: string) => store.getResourcePath(fromBucket, fromKey, resource);
    const to = (resource: string) => store.getResourcePath(bucket, key, resource);
    if (from('object') !== to('object')) {
      await mkdir(path.dirname(to('object')), { recursive: true });
      await replaceWhole(to('object'), (temporary) => copyFile(from('object'), temporary));
    }
    const md5 = JSON.parse(String((await store.getMetadata(fromBucket, fromKey)).etag)) as string;
    const metadata =
      replacementMetadata ?? (JSON.parse(await readFile(from('metadata.json'), 'utf8')) as Record<string, unknown>);
    await putMetadata(store, { bucket, key, metadata }, md5);
    return store.getMetadata(bucket, key);
  };
  store.getObject = async (bucket, key, options) => {
    const handle = await open(store.getResourcePath(bucket, key, 'object')).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
    if (!handle) return null;
    try {
      const stat = await handle.stat();
      const metadata = { ...(await store.getMetadata(bucket, key)), 'content-length': stat.size };
      const lastByte = Math.max(0, stat.size - 1);
      const range = { start: options?.start ?? 0, end: Math.min(options?.end ?? Number.POSITIVE_INFINITY, lastByte) };
      const ranged = options !== undefined && (options.start !== undefined || options.end !== undefined);
      const satisfiable = range.start >= 0 && range.end >= range.start;
      const content = satisfiable ? createReadStream('', { fd: handle, ...range }) : null;
      if (!content) await handle.close();
      const found = new S3Object(bucket, key, content, metadata);
      if (ranged) found.range = range;
      return found;
    } catch (error) {
      await handle.close();
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  };
}

/** s3rver's metadata files for an object, each replaced whole like the object. */
async function putMetadata(
  store: ObjectStore,
  object: { bucket: string; key: string; metadata: unknown },
  md5: string,
): Promise<void> {
  const stored = Object.fromEntries(
    Object.entries(object.metadata as Record<string, unknown>).filter(
      ([name]) => S3Object.ALLOWED_METADATA.includes(name) || name.startsWith('x-amz-meta-'),
    ),
  );
  const write = (resource: string, text: string) =>
    replaceWhole(store.getResourcePath(object.bucket, object.key, resource), (temporary) => writeFile(temporary, text));
  await write('object.md5', md5);
  await write('metadata.json', JSON.stringify(stored, null, 2));
}
