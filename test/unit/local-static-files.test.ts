import { mkdtempSync, rmSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spaRoute } from '../../infra/local/local-routes.js';

/**
 * The local gateway keeps each static file's bytes (and their compressed forms) between requests, as a CDN
 * would: a file rebuilt while the cloud runs must still be served as it is now, never as it was.
 */
let dir: string;
let server: http.Server;
let base: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'static-files-'));
  const route = spaRoute(dir);
  server = http.createServer((req, res) => {
    void route(req, res, new URL(req.url ?? '/', 'http://localhost'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

/** A request as sent (fetch would undo the compression this test checks). */
function get(file: string, acceptEncoding = 'identity') {
  return new Promise<{ status: number; encoding?: string; body: Buffer }>((resolve, reject) => {
    http
      .get(`${base}${file}`, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            encoding: res.headers['content-encoding'],
            body: Buffer.concat(chunks),
          }),
        );
      })
      .on('error', reject);
  });
}

describe('static files kept between requests', () => {
  it('answers 503 until the app is built, then serves index.html for client routes', async () => {
    expect((await get('/user/labels')).status).toBe(503);
    writeFileSync(path.join(dir, 'index.html'), '<div id="root"></div>');
    const page = await get('/user/labels');
    expect(page.status).toBe(200);
    expect(page.body.toString()).toBe('<div id="root"></div>');
  });

  it('serves a file rewritten while running as it is now, also when its size did not change', async () => {
    const file = path.join(dir, 'app.txt');
    writeFileSync(file, 'first');
    expect((await get('/app.txt')).body.toString()).toBe('first');
    writeFileSync(file, 'second version');
    expect((await get('/app.txt')).body.toString()).toBe('second version');
    writeFileSync(file, 'third  version');
    // Same size: the new modification time alone tells it apart.
    utimesSync(file, new Date(), new Date(Date.now() + 5_000));
    expect((await get('/app.txt')).body.toString()).toBe('third  version');
  });

  it('compresses the new bytes of a rewritten file, not the old ones', async () => {
    const file = path.join(dir, 'app.js');
    writeFileSync(file, `const a = "${'a'.repeat(5_000)}";`);
    const first = await get('/app.js', 'br');
    expect(first.encoding).toBe('br');
    expect(zlib.brotliDecompressSync(first.body).toString()).toContain('const a');
    writeFileSync(file, `const b = "${'b'.repeat(6_000)}";`);
    const second = await get('/app.js', 'br');
    expect(zlib.brotliDecompressSync(second.body).toString()).toBe(`const b = "${'b'.repeat(6_000)}";`);
  });

  it('falls back to index.html once a file is deleted', async () => {
    const file = path.join(dir, 'gone.txt');
    writeFileSync(file, 'here');
    expect((await get('/gone.txt')).body.toString()).toBe('here');
    unlinkSync(file);
    expect((await get('/gone.txt')).body.toString()).toBe('<div id="root"></div>');
  });
});
