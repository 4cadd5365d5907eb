import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { send } from '../support/http-client.js';

/**
 * The tests' HTTP client keeps connections open between calls. The gateway closes one that stays idle, and a call
 * can go out on it at that very moment: it is sent once more, but only then (a call that fails on a new connection
 * fails).
 */
const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((done) => server.close(done))));
});

/** A server on a free loopback port, closed after the test; its address. */
async function serve(handler: http.RequestListener): Promise<string> {
  const server = http.createServer(handler);
  servers.push(server);
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

/** A server that answers each connection's first `answered` requests and drops the connection at the next. */
async function droppingServer(answered: number) {
  const seen: { connection: number; method: string; body: string }[] = [];
  let connections = 0;
  const url = await serve((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const socket = request.socket as typeof request.socket & { served?: number; id?: number };
      socket.id ??= ++connections;
      socket.served = (socket.served ?? 0) + 1;
      seen.push({ connection: socket.id, method: request.method ?? '', body });
      if (socket.served > answered) socket.destroy();
      else response.end(JSON.stringify({ served: socket.served }));
    });
  });
  return { url, seen };
}

describe('the tests’ HTTP client', () => {
  it('sends a call again when its kept connection was closed under it', async () => {
    const { url, seen } = await droppingServer(1);
    expect(await send('POST', url, {}, 'first')).toEqual({ status: 200, text: '{"served":1}' });
    // Goes out on the kept connection, which the server drops: sent again on a new one.
    expect(await send('POST', url, {}, 'second')).toEqual({ status: 200, text: '{"served":1}' });
    expect(seen).toEqual([
      { connection: 1, method: 'POST', body: 'first' },
      { connection: 1, method: 'POST', body: 'second' },
      { connection: 2, method: 'POST', body: 'second' },
    ]);
  });

  it('does not send again a call that failed on a new connection', async () => {
    const { url, seen } = await droppingServer(0);
    await expect(send('GET', url, {}, undefined)).rejects.toThrow(/socket hang up|ECONNRESET/);
    expect(seen).toHaveLength(1);
  });

  it('sends the headers fetch sent that the API reads', async () => {
    const received: http.IncomingHttpHeaders[] = [];
    const url = await serve((request, response) => {
      received.push(request.headers);
      request.resume();
      request.on('end', () => response.end());
    });
    await send('POST', url, {}, 'unsubscribe=me');
    await send('DELETE', url, { 'Content-Type': 'application/json' }, '{"a":"é"}');
    expect(received[0]).toMatchObject({
      'user-agent': 'node',
      'content-type': 'text/plain;charset=UTF-8',
      'content-length': '14',
    });
    expect(received[1]).toMatchObject({ 'content-type': 'application/json', 'content-length': '10' });
  });
});
