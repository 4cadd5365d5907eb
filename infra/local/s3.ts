import type { Server } from 'node:http';
import { mkdirSync } from 'node:fs';
import S3rver from 's3rver';
import { BUCKETS, type BucketKey } from '../resources.js';
import { storeLikeS3 } from './s3-store.js';

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
  storeLikeS3(server);
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
