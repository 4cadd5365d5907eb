import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { GetObjectCommand, NoSuchKey, PutObjectCommand } from '@aws-sdk/client-s3';
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
    return {
      Body: Object.assign(Readable.from([found.body]), {
        transformToByteArray: async () => new Uint8Array(found.body),
      }),
    };
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
});
