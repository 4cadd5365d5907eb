import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * A person's secret link: `<their id>.<secret>` (a promo recipient's page `/promo/{promoId}/{token}`, the
 * one-click unsubscribe of a promo or of a smart link's "notify me" mail). The id finds their row; only the
 * SHA-256 of the secret is stored, so a copy of the table opens nothing, and the secret is compared in
 * constant time, so timing tells a guesser nothing.
 */
const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');

export function newAccessToken(recipientId: string): { token: string; hash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { token: `${recipientId}.${secret}`, hash: hashOf(secret) };
}

/** The id and secret of a token, or null for anything that is not shaped like one. */
export function readAccessToken(token: string): { recipientId: string; secret: string } | null {
  const match = /^([0-9A-Za-z]{1,64})\.([\w-]{43})$/.exec(token);
  return match ? { recipientId: match[1], secret: match[2] } : null;
}

export function secretMatches(secret: string, storedHash: string | undefined): boolean {
  if (!storedHash) return false;
  const given = Buffer.from(hashOf(secret), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}
