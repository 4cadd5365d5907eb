import { randomBytes } from 'node:crypto';
import { ulid } from 'ulid';
import { API_TOKEN_PREFIX } from '../../shared/api-token-scope.js';
import { MAX_API_TOKEN_DAYS, type ApiTokenInput, type ApiTokenView } from '../../shared/schemas/api-tokens.js';
import * as store from '../data/access/support.js';
import type { CompanyApiTokenItem } from '../data/entities/company-api-token.js';
import { apiTokenHash, apiTokenLive } from '../lib/api-token-auth.js';
import { InvalidField, NotFound } from '../lib/errors.js';

const DAY_MS = 86_400_000;

const view = (t: CompanyApiTokenItem, now = new Date()): ApiTokenView => ({
  id: t.apiTokenId,
  name: t.name,
  access: t.access,
  areas: [...t.areas].sort(),
  token_hint: `…${t.tokenHint}`,
  expires_at: t.expiresOn,
  revoked: Boolean(t.revoked),
  expired: !apiTokenLive(t, now),
  created_by: t.createdBy,
  created_at: t.createdAt ?? '',
});

/** The expiry must be a day still to come and within a year, so no token lives for ever. */
function checkExpiry(expiresOn: string, now: Date) {
  const today = now.toISOString().slice(0, 10);
  const last = new Date(now.getTime() + MAX_API_TOKEN_DAYS * DAY_MS).toISOString().slice(0, 10);
  if (expiresOn < today) throw new InvalidField('expires_at', 'Expires at must be today or later');
  if (expiresOn > last) throw new InvalidField('expires_at', `Expires at must be within ${MAX_API_TOKEN_DAYS} days`);
}

/** Makes a token for the company; the answer holds the secret this once (only its hash is kept). */
export async function createCompanyApiToken(companyId: string, createdBy: string, input: ApiTokenInput) {
  const now = new Date();
  checkExpiry(input.expires_at, now);
  const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const item = {
    tokenHash: apiTokenHash(token),
    apiTokenId: ulid(),
    companyId,
    name: input.name,
    access: input.access,
    areas: [...new Set(input.areas)],
    tokenHint: token.slice(-4),
    expiresOn: input.expires_at,
    createdBy,
    createdAt: now.toISOString(),
  };
  await store.createCompanyApiToken(item);
  return {
    api_token: view({ ...item, revoked: false }, now),
    token,
    message: 'API token added: copy it now, it is not shown again',
  };
}

export async function listCompanyApiTokens(companyId: string) {
  const now = new Date();
  return { api_tokens: (await store.listCompanyApiTokens(companyId)).map((t) => view(t, now)) };
}

/** Revokes a token of the company: it stops working on its next call (no cache stands between). */
export async function revokeCompanyApiToken(companyId: string, apiTokenId: string) {
  const found = await store.companyApiToken(companyId, apiTokenId);
  if (!found) throw new NotFound('API token');
  const revokedAt = new Date().toISOString();
  await store.revokeCompanyApiToken(found.tokenHash, revokedAt);
  return { api_token: view({ ...found, revoked: true, revokedAt }), message: 'API token revoked' };
}
