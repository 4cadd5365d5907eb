import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort } from '../../infra/local/processes.js';
import { startS3 } from '../../infra/local/s3.js';

/**
 * The local S3 keeps an idle connection open past Node's 5 s default: a streamed upload sent on a connection the
 * emulator was closing failed with ECONNRESET, and the SDK does not retry a streamed body.
 */
let dir: string;
let s3: Awaited<ReturnType<typeof startS3>>;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'local-s3-'));
  s3 = await startS3({ port: await freePort(), dataDir: dir, onNotification: () => {} });
});
afterAll(async () => {
  await s3?.stop();
  await rm(dir, { recursive: true, force: true });
});

it('answers a request after 6 idle seconds on the same connection', async () => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const sockets = new Set<unknown>();
  const get = () =>
    new Promise<number>((resolve, reject) => {
      const request = http.get(s3.endpoint, { agent }, (answer) => {
        answer.resume();
        answer.on('end', () => resolve(answer.statusCode ?? 0));
      });
      request.on('socket', (socket) => sockets.add(socket));
      request.on('error', reject);
    });
  expect(await get()).toBe(200);
  await new Promise((resolve) => setTimeout(resolve, 6_000));
  expect(await get()).toBe(200);
  expect(sockets.size).toBe(1);
  agent.destroy();
}, 20_000);
