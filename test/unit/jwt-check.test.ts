import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createJwtCheck } from '../../functions/lib/jwt.js';

/**
 * The JWT check the local gateway runs before every signed-in call (as the HTTP API's authorizer does):
 * a token verified once is kept until it expires, and never past its expiry.
 */
let server: http.Server;
let issuer: string;
let privateKey: CryptoKey;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  privateKey = pair.privateKey as CryptoKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}/pool`;
  // Making an RSA key pair takes seconds on a busy machine.
}, 60_000);

afterAll(async () => {
  vi.useRealTimers();
  await new Promise((resolve) => server?.close(resolve));
});

const token = (claims: Record<string, unknown>, expiresAt: number, iss = issuer) =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
    .setIssuer(iss)
    .setExpirationTime(expiresAt)
    .sign(privateKey);

describe('the gateway’s JWT check', () => {
  it('accepts the app client’s token, and refuses another client’s, another issuer’s and a forged one', async () => {
    const check = createJwtCheck({ issuer, clientId: 'app' });
    const inAnHour = Math.floor(Date.now() / 1000) + 3600;
    const good = await token({ client_id: 'app', sub: 'u1' }, inAnHour);
    expect(await check(good)).toMatchObject({ sub: 'u1' });
    expect(await check(good)).toMatchObject({ sub: 'u1' });
    expect(await check(await token({ client_id: 'other', sub: 'u1' }, inAnHour))).toBeNull();
    expect(await check(await token({ client_id: 'app', sub: 'u1' }, inAnHour, `${issuer}-x`))).toBeNull();
    const [head, , signature] = good.split('.');
    const forged = `${head}.${Buffer.from(JSON.stringify({ client_id: 'app', sub: 'admin', iss: issuer, exp: inAnHour })).toString('base64url')}.${signature}`;
    expect(await check(forged)).toBeNull();
    expect(await check(undefined)).toBeNull();
  });

  it('refuses a token it verified before once the token has expired', async () => {
    const check = createJwtCheck({ issuer, clientId: 'app' });
    const expiresAt = Math.floor(Date.now() / 1000) + 60;
    const soon = await token({ client_id: 'app', sub: 'u2' }, expiresAt);
    expect(await check(soon)).toMatchObject({ sub: 'u2' });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime((expiresAt + 1) * 1000);
    expect(await check(soon)).toBeNull();
    vi.useRealTimers();
  });
});
