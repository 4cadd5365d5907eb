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
const INDEX = '<div id="root"></div>';
const servers: { server: http.Server; dir: string }[] = [];
let base: string;
let dir: string;

/** The gateway's static route over a folder of its own; answers the folder and the server's address. */
async function serveFolder() {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'static-files-'));
  const route = spaRoute(folder);
  const server = http.createServer((req, res) => {
    void route(req, res, new URL(req.url ?? '/', 'http://localhost'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push({ server, dir: folder });
  return { dir: folder, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

// The built app's folder most tests read: its index.html is there from the start.
beforeAll(async () => {
  ({ dir, base } = await serveFolder());
  writeFileSync(path.join(dir, 'index.html'), INDEX);
});

afterAll(async () => {
  for (const { server, dir } of servers) {
    await new Promise((resolve) => server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  }
});

/** A request as sent (fetch would undo the compression this test checks). */
function get(file: string, acceptEncoding = 'identity', from = base) {
  return new Promise<{ status: number; encoding?: string; body: Buffer }>((resolve, reject) => {
    http
      .get(`${from}${file}`, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
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
    const unbuilt = await serveFolder();
    expect((await get('/user/labels', 'identity', unbuilt.base)).status).toBe(503);
    writeFileSync(path.join(unbuilt.dir, 'index.html'), INDEX);
    const page = await get('/user/labels', 'identity', unbuilt.base);
    expect(page.status).toBe(200);
    expect(page.body.toString()).toBe(INDEX);
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
    expect((await get('/gone.txt')).body.toString()).toBe(INDEX);
  });
});
