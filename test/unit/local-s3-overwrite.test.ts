import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  CopyObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort } from '../../infra/local/processes.js';
import { startS3 } from '../../infra/local/s3.js';
import { BUCKETS } from '../../infra/resources.js';

/**
 * S3 replaces an object whole: a reader gets the old object or the new one, never a mix or a piece. A part of a
 * royalty import delivered twice writes its ledger file twice, and the part that finishes the import may read it
 * while the second write is under way.
 */
let dir: string;
let s3: Awaited<ReturnType<typeof startS3>>;
let client: S3Client;
const Bucket = BUCKETS.ledger.localName;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'local-s3-overwrite-'));
  s3 = await startS3({ port: await freePort(), dataDir: dir, onNotification: () => {} });
  client = new S3Client({
    endpoint: s3.endpoint,
    region: 'eu-west-2',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
});
afterAll(async () => {
  client?.destroy();
  await s3?.stop();
  await rm(dir, { recursive: true, force: true });
});

const get = async (Key: string, Range?: string) =>
  Buffer.from(await (await client.send(new GetObjectCommand({ Bucket, Key, Range }))).Body!.transformToByteArray());

it('answers a read during a write of the same key with the whole old or the whole new object', async () => {
  const Key = 'ledger/t/i/part-0000.parquet';
  // Two versions of different lengths, each byte telling which version it is from.
  const versions = [Buffer.alloc(3 * 1024 * 1024, 'a'), Buffer.alloc(2 * 1024 * 1024 + 17, 'b')];
  await client.send(new PutObjectCommand({ Bucket, Key, Body: versions[0] }));
  const reads: Buffer[] = [];
  for (let round = 0; round < 6; round += 1) {
    const writing = client.send(new PutObjectCommand({ Bucket, Key, Body: versions[(round + 1) % 2] }));
    const reading = (async () => {
      for (let i = 0; i < 8; i += 1) reads.push(await get(Key));
    })();
    await Promise.all([writing, reading]);
  }
  for (const read of reads) expect(versions.some((version) => version.equals(read))).toBe(true);
  // A range is read from one version too.
  const range = await get(Key, 'bytes=1000-1999');
  expect(range.equals(versions[0].subarray(1000, 2000)) || range.equals(versions[1].subarray(1000, 2000))).toBe(true);
}, 60_000);

it('answers a read right after a write with the object written', async () => {
  for (let i = 0; i < 20; i += 1) {
    const body = Buffer.alloc(1024 * 1024 + i, String.fromCharCode(97 + i));
    await client.send(new PutObjectCommand({ Bucket, Key: `work/t/i/cube-${i}.parquet`, Body: body }));
    expect((await get(`work/t/i/cube-${i}.parquet`)).equals(body)).toBe(true);
  }
}, 60_000);

it('leaves no file of a write behind, and lists only objects', async () => {
  const writes = [1, 2, 3].map((n) =>
    client.send(new PutObjectCommand({ Bucket, Key: 'files/t/one.csv', Body: Buffer.alloc(n * 1024 * 1024, n) })),
  );
  await Promise.all(writes);
  expect((await readdir(path.join(dir, Bucket, 'files', 't'))).sort()).toEqual([
    'one.csv._S3rver_metadata.json',
    'one.csv._S3rver_object',
    'one.csv._S3rver_object.md5',
  ]);
  const listed = await client.send(new ListObjectsV2Command({ Bucket, Prefix: 'files/' }));
  expect(listed.Contents?.map((o) => o.Key)).toEqual(['files/t/one.csv']);
});

it('copies an object over another whole, with the content type asked for', async () => {
  const versions = [Buffer.alloc(3 * 1024 * 1024, 'c'), Buffer.alloc(1024 * 1024, 'd')];
  await client.send(new PutObjectCommand({ Bucket, Key: 'copy/from', Body: versions[0] }));
  await client.send(new PutObjectCommand({ Bucket, Key: 'copy/to', Body: versions[1] }));
  const copy = () =>
    client.send(
      new CopyObjectCommand({
        Bucket,
        Key: 'copy/to',
        CopySource: `${Bucket}/copy/from`,
        MetadataDirective: 'REPLACE',
        ContentType: 'text/csv',
      }),
    );
  const [, ...reads] = await Promise.all([copy(), get('copy/to'), get('copy/to'), get('copy/to')]);
  for (const read of reads) expect(versions.some((version) => version.equals(read))).toBe(true);
  const copied = await client.send(new GetObjectCommand({ Bucket, Key: 'copy/to' }));
  expect(copied.ContentType).toBe('text/csv');
  expect(copied.ETag).toBe((await client.send(new GetObjectCommand({ Bucket, Key: 'copy/from' }))).ETag);
  expect(Buffer.from(await copied.Body!.transformToByteArray()).equals(versions[0])).toBe(true);
}, 60_000);
