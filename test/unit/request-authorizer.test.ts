import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRequestAuthorizer } from '../../functions/auth/request-authorizer.js';
import { createJwtCheck } from '../../functions/lib/jwt.js';

/**
 * The HTTP API's request authorizer (the same code runs in the local gateway): a sign-in's JWT is verified as
 * API Gateway's JWT authorizer did and its claims handed on; a company API token is let through for the handler
 * to check; anything else is refused. The pool's keys are a key pair made here, served as a local JWKS.
 */
const ISSUER = 'https://cognito-idp.eu-west-2.amazonaws.com/eu-west-2_TestPool';
const CLIENT = 'web-client';

let privateKey: CryptoKey;
let strangerKey: CryptoKey;
let authorize: ReturnType<typeof createRequestAuthorizer>;

beforeAll(async () => {
  const [pool, stranger] = await Promise.all([generateKeyPair('RS256'), generateKeyPair('RS256')]);
  privateKey = pool.privateKey as CryptoKey;
  strangerKey = stranger.privateKey as CryptoKey;
  const jwk = { ...(await exportJWK(pool.publicKey)), kid: 'pool-key', alg: 'RS256', use: 'sig' };
  authorize = createRequestAuthorizer(
    createJwtCheck({ issuer: ISSUER, clientId: CLIENT, keys: createLocalJWKSet({ keys: [jwk] }) }),
  );
  // Making two RSA key pairs takes seconds on a busy machine.
}, 60_000);

const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

/** A token as Cognito signs an access token, with what a test changes. */
function signed(
  claims: Record<string, unknown>,
  options: { issuer?: string; expiresAt?: number | null; key?: CryptoKey } = {},
) {
  const jwt = new SignJWT({ client_id: CLIENT, token_use: 'access', ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: 'pool-key' })
    .setIssuer(options.issuer ?? ISSUER)
    .setIssuedAt();
  if (options.expiresAt !== null) jwt.setExpirationTime(options.expiresAt ?? inAnHour());
  return jwt.sign(options.key ?? privateKey);
}

describe('the request authorizer', () => {
  it('lets a valid sign-in through with its claims, each a plain value the handler reads', async () => {
    const token = await signed({ sub: 'user-1', auth_time: 1_700_000_000, 'cognito:groups': ['admins'] });
    const verdict = await authorize(`Bearer ${token}`);
    expect(verdict.isAuthorized).toBe(true);
    expect(verdict.context).toMatchObject({
      sub: 'user-1',
      auth_time: 1_700_000_000,
      client_id: CLIENT,
      iss: ISSUER,
      'cognito:groups': '["admins"]',
    });
    // The scheme's word is not case-sensitive.
    expect((await authorize(`bearer ${token}`)).isAuthorized).toBe(true);
  });

  it('refuses an expired token, another issuer’s, another app client’s and one signed with another key', async () => {
    const past = Math.floor(Date.now() / 1000) - 60;
    const refused = [
      await signed({ sub: 'user-1' }, { expiresAt: past }),
      await signed({ sub: 'user-1' }, { issuer: `${ISSUER}-other` }),
      await signed({ sub: 'user-1', client_id: 'another-client' }),
      await signed({ sub: 'user-1' }, { key: strangerKey }),
      // Cognito always sets an expiry; a token without one is not its own.
      await signed({ sub: 'user-1' }, { expiresAt: null }),
    ];
    for (const token of refused)
      expect(await authorize(`Bearer ${token}`)).toEqual({ isAuthorized: false, context: {} });
  });

  it('refuses a token whose claims were changed after signing', async () => {
    const [head, , signature] = (await signed({ sub: 'user-1' })).split('.');
    const claims = { client_id: CLIENT, sub: 'someone-else', iss: ISSUER, exp: inAnHour() };
    const forged = `${head}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
    expect((await authorize(`Bearer ${forged}`)).isAuthorized).toBe(false);
  });

  it('lets a company API token through without claims: the handler checks it on every call', async () => {
    expect(await authorize('Bearer lpt_0123456789abcdefghijklmnopqrstuv')).toEqual({ isAuthorized: true, context: {} });
  });

  it('refuses a call with no Authorization header or a malformed one', async () => {
    for (const header of [undefined, '', 'Bearer', 'Bearer ', 'Basic dXNlcjpwYXNz', 'Bearer not-a-jwt', 'Bearer a b']) {
      expect(await authorize(header), String(header)).toEqual({ isAuthorized: false, context: {} });
    }
    // An over-long "token" that only starts like one is not let through either.
    expect((await authorize(`Bearer lpt_${'x'.repeat(200)}`)).isAuthorized).toBe(false);
  });
});
