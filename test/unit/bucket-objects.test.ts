import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** The one S3-object helper (lib/bucket-objects.ts) against an S3 client that answers from memory. */
const stored = new Map<string, { body: Buffer; contentType?: string }>();
const send = vi.fn(async (command: unknown) => {
  if (command instanceof PutObjectCommand) {
    const { Bucket, Key, Body, ContentType } = command.input;
    const body =
      Body instanceof Readable ? Buffer.concat(await Body.toArray()) : Buffer.from(Body as string | Uint8Array);
    stored.set(`${Bucket}/${Key}`, { body, contentType: ContentType });
    return {};
  }
  if (command instanceof GetObjectCommand) {
    const found = stored.get(`${command.input.Bucket}/${command.input.Key}`);
    if (!found) throw new NoSuchKey({ message: 'none', $metadata: {} });
    const [start, end] = (command.input.Range?.match(/^bytes=(\d+)-(\d+)$/)?.slice(1) ?? []).map(Number);
    const body = start === undefined ? found.body : found.body.subarray(start, (end ?? 0) + 1);
    return {
      Body: Object.assign(Readable.from([body]), {
        transformToByteArray: async () => new Uint8Array(body),
      }),
    };
  }
  if (command instanceof HeadObjectCommand) {
    if (!stored.has(`${command.input.Bucket}/${command.input.Key}`))
      throw new NoSuchKey({ message: 'none', $metadata: {} });
    return { ETag: '"e1"', ContentLength: 18, Metadata: { 'user-id': 'u1' } };
  }
  if (command instanceof ListObjectsV2Command) {
    // Two keys a page, so a listing has to follow the continuation token.
    const keys = [...stored.keys()]
      .filter((key) => key.startsWith(`${command.input.Bucket}/${command.input.Prefix}`))
      .sort();
    const from = Number(command.input.ContinuationToken ?? 0);
    const page = keys.slice(from, from + 2);
    return {
      Contents: page.map((key) => ({
        Key: key.slice(`${command.input.Bucket}/`.length),
        Size: stored.get(key)?.body.length,
        LastModified: new Date('2026-07-01T00:00:00Z'),
      })),
      IsTruncated: from + 2 < keys.length,
      NextContinuationToken: String(from + 2),
    };
  }
  if (command instanceof DeleteObjectCommand) {
    stored.delete(`${command.input.Bucket}/${command.input.Key}`);
    return {};
  }
  if (command instanceof DeleteObjectsCommand) {
    for (const { Key } of command.input.Delete?.Objects ?? []) stored.delete(`${command.input.Bucket}/${Key}`);
    return {};
  }
  throw new Error(`unexpected command ${String(command)}`);
});
vi.mock('../../functions/lib/clients.js', () => ({ s3Client: () => ({ send }) }));

const objects = await import('../../functions/lib/bucket-objects.js');

afterEach(() => stored.clear());

describe('objects in a bucket', () => {
  it('writes and reads JSON and bytes in the named bucket, and answers null for a key with nothing under it', async () => {
    await objects.putJson('b1', 'run/manifest.json', { accounts: 2 });
    expect(stored.get('b1/run/manifest.json')?.contentType).toBe('application/json');
    expect(await objects.getJson('b1', 'run/manifest.json')).toEqual({ accounts: 2 });
    expect(await objects.getJson('b2', 'run/manifest.json')).toBeNull();
    await objects.putBytes('b1', 's.csv', 'a,b\n', 'text/csv');
    expect(Buffer.from((await objects.getBytes('b1', 's.csv')) ?? []).toString()).toBe('a,b\n');
    expect(await objects.getBytes('b1', 'missing.csv')).toBeNull();
  });

  it('uploads a local file and downloads an object to one, with its size and sha256', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'bucket-objects-'));
    try {
      await writeFile(path.join(dir, 'in.txt'), 'hello');
      await objects.putFile('b1', 'ledger/x.parquet', path.join(dir, 'in.txt'));
      const got = await objects.downloadFile('b1', 'ledger/x.parquet', path.join(dir, 'out.txt'));
      expect(await readFile(path.join(dir, 'out.txt'), 'utf8')).toBe('hello');
      expect(got).toEqual({
        size: 5,
        sha256: '2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824',
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('lists every object under a prefix across pages, and deletes one object or many', async () => {
    for (const name of ['a', 'b', 'c']) await objects.putBytes('b1', `work/t1/${name}.json`, name, 'application/json');
    await objects.putBytes('b1', 'ledger/t1/x.parquet', 'xx', 'application/octet-stream');
    const listed = [];
    for await (const object of objects.listObjects('b1', 'work/t1/')) listed.push(object);
    expect(listed.map((object) => [object.key, object.size])).toEqual([
      ['work/t1/a.json', 1],
      ['work/t1/b.json', 1],
      ['work/t1/c.json', 1],
    ]);
    await objects.deleteObject('b1', 'work/t1/a.json');
    expect(await objects.deleteObjectsUnder('b1', [], ['work/t1/b.json', 'work/t1/b.json', ''])).toMatchObject({
      deleted: 1,
      refused: [],
    });
    expect([...stored.keys()].sort()).toEqual(['b1/ledger/t1/x.parquet', 'b1/work/t1/c.json']);
  });

  it('reads an object’s ETag and metadata, and a byte range of it as a stream', async () => {
    await objects.putBytes('b1', 'drop/t1/report.csv', 'isrc,net\nGB1,1.00\n', 'text/csv');
    expect(await objects.objectHead('b1', 'drop/t1/report.csv')).toEqual({
      etag: '"e1"',
      size: 18,
      metadata: { 'user-id': 'u1' },
    });
    send.mockClear();
    const range = await objects.readRange('b1', 'drop/t1/report.csv', 9, 19, '"e1"');
    expect(Buffer.concat(await range.toArray()).toString()).toBe('GB1,1.00\n');
    const get = send.mock.calls.map(([command]) => command).find((command) => command instanceof GetObjectCommand);
    expect(get?.input).toMatchObject({ Range: 'bytes=9-18', IfMatch: '"e1"' });
  });
});
