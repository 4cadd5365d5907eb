import { createHash, randomBytes } from 'node:crypto';
import { ulid } from 'ulid';
import { getDb } from '../data/service.js';
import { BadRequest, NotFound } from '../lib/errors.js';
import { pageOf, type SortSpec } from '../lib/list-query.js';

type Item = NonNullable<Awaited<ReturnType<ReturnType<ReturnType<typeof getDb>['entities']['AccessToken']['get']>['go']>>['data']>;

/** Expired when revoked or past its expiry date (spec 1 §3: the expired flag). */
const isExpired = (t: Item, now = Date.now()) => Boolean(t.revoked) || (t.expires_at ? Date.parse(t.expires_at) <= now : false);

const view = (t: Item) => ({
  id: t.accessTokenId,
  user_id: t.userId,
  service: t.service,
  token: `…${t.tokenHint}`,
  expires_at: t.expires_at ?? null,
  expired: isExpired(t),
  created_at: t.createdAt ?? '',
});

async function load(accessTokenId: string): Promise<Item> {
  const found = await getDb().entities.AccessToken.get({ accessTokenId }).go();
  if (!found.data) throw new NotFound('Access token');
  return found.data;
}

/** Creates a token; the answer holds the secret this once. */
export async function createAccessToken(input: { user_id: string; service: string; expires_at?: string }) {
  const user = await getDb().entities.User.get({ userId: input.user_id }).go();
  if (!user.data) throw new BadRequest('Unknown user', { user_id: ['Unknown user'] });
  const secret = randomBytes(32).toString('base64url');
  const accessTokenId = ulid();
  await getDb()
    .entities.AccessToken.create({
      accessTokenId,
      userId: input.user_id,
      service: input.service,
      tokenHash: createHash('sha256').update(secret).digest('hex'),
      tokenHint: secret.slice(-4),
      expires_at: input.expires_at,
    })
    .go();
  return { access_token: { ...view(await load(accessTokenId)), token: secret }, message: 'Access Token Added' };
}

export async function listAccessTokens(query: { page: number; per_page: number; sort: SortSpec<string>; q?: string; user_id?: string }) {
  const db = getDb();
  const items = query.user_id
    ? (await db.entities.AccessToken.query.byUser({ userId: query.user_id }).go({ pages: 'all' })).data
    : (await db.entities.AccessToken.query.all({}).go({ pages: 'all' })).data;
  const page = pageOf(items.map(view), { page: query.page, perPage: query.per_page, sort: query.sort, q: query.q, searchFields: ['service'], tieBreaker: 'id' });
  return { access_tokens: page.items, total_count: page.total_count, total_pages: page.total_pages, page: page.page, per_page: page.per_page };
}

export async function getAccessToken(id: string) {
  return { access_token: view(await load(id)) };
}

export async function updateAccessToken(id: string, changes: { service?: string; expires_at?: string | null }) {
  await load(id);
  const { expires_at, ...rest } = changes;
  const update = getDb().entities.AccessToken.patch({ accessTokenId: id }).set({ ...rest, ...(expires_at ? { expires_at } : {}) });
  await (expires_at === null ? update.remove(['expires_at']) : update).go();
  return { access_token: view(await load(id)), message: 'Access Token Updated' };
}

export async function deleteAccessToken(id: string) {
  await load(id);
  await getDb().entities.AccessToken.delete({ accessTokenId: id }).go();
  return { message: 'Access Token Deleted' };
}

/** Revokes every live token (of one user when user_id is given); answers how many. */
export async function revokeAll(userId?: string) {
  const db = getDb();
  const items = userId
    ? (await db.entities.AccessToken.query.byUser({ userId }).go({ pages: 'all' })).data
    : (await db.entities.AccessToken.query.all({}).go({ pages: 'all' })).data;
  const live = items.filter((t) => !isExpired(t));
  await Promise.all(live.map((t) => db.entities.AccessToken.patch({ accessTokenId: t.accessTokenId }).set({ revoked: true }).go()));
  return { message: `${live.length} access token${live.length === 1 ? '' : 's'} revoked`, revoked: live.length };
}
