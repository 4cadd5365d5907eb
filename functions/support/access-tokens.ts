import { createHash, randomBytes } from 'node:crypto';
import { ulid } from 'ulid';
import type { AccessToken } from '../../shared/schemas/support-views.js';
import * as store from '../data/access/support.js';
import { userExists } from '../data/access/users.js';
import type { AccessTokenItem } from '../data/entities/access-token.js';
import { BadRequest, NotFound } from '../lib/errors.js';
import { listAnswer, pageOfQuery, type SortSpec } from '../lib/list-query.js';

/** Expired when revoked or past its expiry date (the expired flag). */
const isExpired = (t: AccessTokenItem, now = Date.now()) =>
  Boolean(t.revoked) || (t.expires_at ? Date.parse(t.expires_at) <= now : false);

const view = (t: AccessTokenItem): AccessToken => ({
  id: t.accessTokenId,
  user_id: t.userId,
  service: t.service,
  token: `…${t.tokenHint}`,
  expires_at: t.expires_at ?? null,
  expired: isExpired(t),
  created_at: t.createdAt ?? '',
});

async function load(accessTokenId: string): Promise<AccessTokenItem> {
  const found = await store.getAccessToken(accessTokenId);
  if (!found) throw new NotFound('Access token');
  return found;
}

/** Creates a token; the answer holds the secret this once. */
export async function createAccessToken(input: { user_id: string; service: string; expires_at?: string }) {
  if (!(await userExists(input.user_id))) throw new BadRequest('Unknown user', { user_id: ['Unknown user'] });
  const secret = randomBytes(32).toString('base64url');
  const accessTokenId = ulid();
  await store.createAccessToken({
    accessTokenId,
    userId: input.user_id,
    service: input.service,
    tokenHash: createHash('sha256').update(secret).digest('hex'),
    tokenHint: secret.slice(-4),
    expires_at: input.expires_at,
  });
  return { access_token: { ...view(await load(accessTokenId)), token: secret }, message: 'Access Token Added' };
}

export async function listAccessTokens(query: {
  page: number;
  per_page: number;
  sort: SortSpec<string>;
  q?: string;
  user_id?: string;
}) {
  const items = await store.listAccessTokens(query.user_id);
  const page = pageOfQuery(items.map(view), query, {
    searchFields: ['service'],
    tieBreaker: 'id',
  });
  return listAnswer('access_tokens', page);
}

export async function getAccessToken(id: string) {
  return { access_token: view(await load(id)) };
}

export async function updateAccessToken(id: string, changes: { service?: string; expires_at?: string | null }) {
  await load(id);
  const { expires_at, ...rest } = changes;
  await store.patchAccessToken(id, { ...rest, ...(expires_at ? { expires_at } : {}) }, expires_at === null);
  return { access_token: view(await load(id)), message: 'Access Token Updated' };
}

export async function deleteAccessToken(id: string) {
  await load(id);
  await store.deleteAccessToken(id);
  return { message: 'Access Token Deleted' };
}

/** Revokes every live token (of one user when user_id is given); answers how many. */
export async function revokeAll(userId?: string) {
  const live = (await store.listAccessTokens(userId)).filter((t) => !isExpired(t));
  await Promise.all(live.map((t) => store.patchAccessToken(t.accessTokenId, { revoked: true })));
  return { message: `${live.length} access token${live.length === 1 ? '' : 's'} revoked`, revoked: live.length };
}
