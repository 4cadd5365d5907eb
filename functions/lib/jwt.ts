import { createRemoteJWKSet, type JWTVerifyGetKey, jwtVerify } from 'jose';

/** At most this many verified tokens are kept per check (all forgotten when full). */
const KEPT_TOKENS = 1_000;

/**
 * Verifies a Cognito access token the way API Gateway's JWT authorizer does (the request authorizer runs it):
 * signature from the pool's JWKS (RS256, as Cognito signs), issuer, expiry (which must be there), and the app
 * client as audience (access tokens carry it as `client_id`). Returns the claims, or null when the token is not acceptable.
 * `keys` replaces the pool's published JWKS (a test signs with a key pair of its own, with no network).
 *
 * A token verified once is kept with its claims until it expires: it cannot change (its signature
 * covers every claim), and the authorizer checks no revocation either, so the answer is the same
 * without a signature check on every call of the same session.
 */
export function createJwtCheck(options: { issuer: string; clientId: string; keys?: JWTVerifyGetKey }) {
  const keys = options.keys ?? createRemoteJWKSet(new URL(`${options.issuer}/.well-known/jwks.json`));
  const verified = new Map<string, Record<string, unknown>>();
  return async (token: string | undefined): Promise<Record<string, unknown> | null> => {
    if (!token) return null;
    const kept = verified.get(token);
    if (kept) {
      // A copy: a caller that changed its claims must not change the next call's.
      if (Number(kept.exp) * 1000 > Date.now()) return { ...kept };
      verified.delete(token);
    }
    try {
      const { payload } = await jwtVerify(token, keys, {
        issuer: options.issuer,
        algorithms: ['RS256'],
        requiredClaims: ['exp'],
      });
      const audience = payload.client_id ?? payload.aud;
      if (audience !== options.clientId) return null;
      const claims = payload as Record<string, unknown>;
      if (typeof payload.exp === 'number') {
        if (verified.size >= KEPT_TOKENS) verified.clear();
        verified.set(token, { ...claims });
      }
      return claims;
    } catch {
      return null;
    }
  };
}
