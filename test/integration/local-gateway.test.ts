import { ownLabelManager } from '../support/own-company.js';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import zlib from 'node:zlib';
import { describe, expect, inject, it } from 'vitest';
import { ENV } from '../../infra/resources.js';

/**
 * The local gateway as a browser and the network see it: the SPA compressed
 * and cached as CloudFront serves it, a malformed path refused with 400, and nothing of the local
 * cloud reachable from another machine.
 */
type Raw = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** A request with exactly these headers and this path (fetch would decode the body and tidy the path). */
function raw(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  const base = new URL(inject('cloudUrl'));
  return new Promise((resolve, reject) => {
    const req = http.request({ host: base.hostname, port: base.port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Whether something accepts TCP connections at host:port. */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 2000 }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
    socket.on('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** The first hashed script index.html loads. */
async function firstScript(): Promise<string> {
  const html = (await raw('/')).body.toString('utf8');
  const src = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  if (!src) throw new Error(`no script in index.html: ${html.slice(0, 200)}`);
  return src;
}

describe('the SPA as CloudFront serves it', () => {
  it('compresses with brotli or gzip by Accept-Encoding, and sends the bytes as built', async () => {
    const script = await firstScript();
    const plain = await raw(script);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');

    const br = await raw(script, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(br.body.length).toBeLessThan(plain.body.length / 2);
    expect(Number(br.headers['content-length'])).toBe(br.body.length);

    const gzip = await raw(script, { 'accept-encoding': 'gzip, br;q=0' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.body).equals(plain.body)).toBe(true);
  });

  it('caches hashed assets for a year and revalidates index.html and client routes', async () => {
    const script = await raw(await firstScript(), { 'accept-encoding': 'gzip' });
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script.headers['content-type']).toBe('text/javascript');
    for (const path of ['/', '/user/labels']) {
      const page = await raw(path, { 'accept-encoding': 'br' });
      expect(page.headers['cache-control']).toBe('no-cache');
      // index.html is under the 1,000 bytes CloudFront starts compressing at (the app shell is one script), so it
      // goes as it is; the scripts are compressed (the test above).
      expect(page.body.length).toBeLessThan(1000);
      expect(page.headers['content-encoding']).toBeUndefined();
      expect(page.body.toString('utf8')).toContain('<div id="root">');
    }
  });
});

describe('a malformed percent-encoding in the path', () => {
  it('is a 400 naming the path, on the API and everywhere else, never a 500', async () => {
    const { token } = await ownLabelManager('Local gateway');
    for (const path of [
      '/api/v1/labels/%E0%A4%A',
      '/api/v1/labels/%ED%A0%80',
      '/assets/%E0%A4%A.js',
      '/_ws/@connections/%ZZ',
    ]) {
      const answer = await raw(path, { authorization: `Bearer ${token}` });
      expect(answer.status, path).toBe(400);
      expect(JSON.parse(answer.body.toString('utf8'))).toEqual({
        message: 'The path has a malformed percent-encoding',
        errors: { path: ['has a malformed percent-encoding'] },
      });
    }
  });
});

describe('the local cloud on the network', () => {
  const external = Object.values(os.networkInterfaces())
    .flat()
    .filter((address) => address && !address.internal && address.family === 'IPv4')
    .map((address) => address!.address);

  it.skipIf(external.length === 0)(
    'listens on 127.0.0.1 only: the gateway and every emulator refuse other interfaces',
    async () => {
      const env = inject('cloudEnv');
      const endpoints = {
        gateway: inject('cloudUrl'),
        dynamodb: env[ENV.dynamoEndpoint],
        s3: env[ENV.s3Endpoint],
        sqs: env[ENV.sqsEndpoint],
        cognito: env[ENV.cognitoEndpoint],
      };
      for (const [name, endpoint] of Object.entries(endpoints)) {
        const port = Number(new URL(endpoint).port);
        expect(await accepts('127.0.0.1', port), `${name} on 127.0.0.1`).toBe(true);
        for (const address of external)
          expect(await accepts(address, port), `${name} on ${address}:${port}`).toBe(false);
      }
    },
  );
});
