import { createRemoteJWKSet, jwtVerify } from 'jose';

/**
 * Verifies a Cognito access token the way the HTTP API's JWT authorizer does: signature from
 * the pool's JWKS, issuer, expiry, and the app client as audience (access tokens carry it as
 * `client_id`). Returns the claims, or null when the token is not acceptable.
 */
export function createJwtCheck(options: { issuer: string; clientId: string }) {
  const keys = createRemoteJWKSet(new URL(`${options.issuer}/.well-known/jwks.json`));
  return async (token: string | undefined): Promise<Record<string, unknown> | null> => {
    if (!token) return null;
    try {
      const { payload } = await jwtVerify(token, keys, { issuer: options.issuer });
      const audience = payload.client_id ?? payload.aud;
      return audience === options.clientId ? (payload as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  };
}
