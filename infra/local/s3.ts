import type { Server } from 'node:http';
import { createHash, randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { createReadStream, createWriteStream, mkdirSync } from 'node:fs';
import { copyFile, mkdir, open, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import S3rver from 's3rver';
import { BUCKETS, type BucketKey } from '../resources.js';

/** CORS for buckets the browser PUTs to through presigned URLs (the same rule the CDK bucket has). */
const BROWSER_UPLOAD_CORS = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

export type S3EventRecord = {
  eventName: string;
  s3: { bucket: { name: string }; object: { key: string; size?: number } };
} & Record<string, unknown>;

/**
 * AWS URL-encodes object keys in event records (form encoding: a space is "+"); s3rver does
 * not, so the record is rewritten the way AWS would send it.
 */
export function awsEncodedKey(key: string): string {
  return encodeURIComponent(key).replace(/%2F/g, '/').replace(/%20/g, '+');
}

/**
 * s3rver stores keys as folders and removes a folder when its last object is deleted. A PUT
 * into that folder at the same moment (mkdir, then write) then fails with a 500, which S3 never
 * does. Deleting the object's files without the folder clean-up avoids the race.
 */
function keepEmptyFolders(server: S3rver) {
  const store = (
    server as unknown as {
      store: { getResourcePath: (b: string, k: string, r: string) => string; deleteObject: unknown };
    }
  ).store;
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

/** The parts of s3rver's file store that `wholeObjects` replaces or calls. */
type ObjectStore = {
  getResourcePath: (bucket: string, key: string, resource: string) => string;
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
function wholeObjects(server: S3rver) {
  const store = (server as unknown as { store: ObjectStore }).store;
  store.putObject = async (object) => {
    const objectPath = store.getResourcePath(object.bucket, object.key, 'object');
    await mkdir(path.dirname(objectPath), { recursive: true });
    const md5 = createHash('md5');
    let size = 0;
    const counting = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        md5.update(chunk);
        size += chunk.length;
        done(null, chunk);
      },
    });
    const content = Buffer.isBuffer(object.content) ? Readable.from([object.content]) : object.content;
    await replaceWhole(objectPath, (temporary) => pipeline(content, counting, createWriteStream(temporary)));
    const digest = md5.digest('hex');
    await putMetadata(store, object, digest);
    return { size, md5: digest };
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

/**
 * How long the emulator keeps an idle connection open: longer than any pause in a run. Node's servers close one after
 * 5 s, and a request the SDK sends on that socket as it closes fails with ECONNRESET; the SDK retries most requests,
 * but not an upload with a streamed body, which then failed the export or import that sent it ("An error was
 * encountered in a non-retryable streaming request"). S3 in AWS keeps connections far longer.
 */
const S3_IDLE_CONNECTION_MS = 10 * 60_000;

/**
 * s3rver with the product's buckets. s3rver does not deliver bucket notifications, so each
 * ObjectCreated event of a bucket that has a `notifyQueue` (and matches its prefix) is handed
 * to `onNotification` as the S3 event record AWS would send to that queue.
 */
export async function startS3(options: {
  port: number;
  dataDir: string;
  onNotification: (
    queue: NonNullable<(typeof BUCKETS)[BucketKey]['notifyQueue']>,
    body: { Records: S3EventRecord[] },
  ) => void;
}) {
  mkdirSync(options.dataDir, { recursive: true });
  const server = new S3rver({
    port: options.port,
    address: '127.0.0.1',
    directory: options.dataDir,
    silent: true,
    configureBuckets: Object.values(BUCKETS).map((b) => ({
      name: b.localName,
      configs: b.browserUploads ? [BROWSER_UPLOAD_CORS] : [],
    })),
  });
  keepEmptyFolders(server);
  wholeObjects(server);
  await server.run();
  const http = (server as unknown as { httpServer: Server }).httpServer;
  http.keepAliveTimeout = S3_IDLE_CONNECTION_MS;
  // Node ends a connection whose next request's headers take longer than this; it must outlast the idle time.
  http.headersTimeout = S3_IDLE_CONNECTION_MS + 1_000;
  (server as unknown as NodeJS.EventEmitter).on('event', (event: { Records: S3EventRecord[] }) => {
    for (const record of event.Records) {
      if (!record.eventName.startsWith('ObjectCreated:')) continue;
      const bucket = Object.values(BUCKETS).find((b) => b.localName === record.s3.bucket.name);
      if (!bucket?.notifyQueue || (bucket.prefix && !record.s3.object.key.startsWith(bucket.prefix))) continue;
      const awsRecord = {
        ...record,
        awsRegion: process.env.AWS_REGION ?? 'eu-west-2',
        s3: { ...record.s3, object: { ...record.s3.object, key: awsEncodedKey(record.s3.object.key) } },
      };
      options.onNotification(bucket.notifyQueue, { Records: [awsRecord] });
    }
  });
  return {
    endpoint: `http://127.0.0.1:${options.port}`,
    /**
     * Closes the emulator and every connection to it. `close` alone waits for each open connection to end: one a
     * worker still held kept the cloud's stop waiting for minutes (the idle time above).
     */
    stop: async () => {
      const closed = server.close();
      http.closeAllConnections();
      await closed;
    },
  };
}
