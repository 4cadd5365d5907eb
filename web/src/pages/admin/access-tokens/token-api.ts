import { api } from '../../../app/api';
import { useInvalidate } from '../../../app/invalidate';
import { useApi } from '../../../app/resources';
import { GLOBAL } from '../users/user-api';
import type { AccessToken } from '../../../../../shared/schemas/support-views';
import { revokeAllBody, TOKENS_BASE } from './token-model';

export const tokenPath = (id: string) => `${TOKENS_BASE}/${encodeURIComponent(id)}`;

export const useAccessToken = (id: string | undefined) =>
  useApi<{ access_token: AccessToken }>(id ? tokenPath(id) : null);

type Saved = { access_token: AccessToken; message: string };

/** POST (201, the answer holds the full secret once) or PATCH /admin/access_tokens/{id}. */
export function saveAccessToken(id: string | undefined, body: Record<string, unknown>): Promise<Saved> {
  return id ? api.patch<Saved>(tokenPath(id), body, GLOBAL) : api.post<Saved>(TOKENS_BASE, body, GLOBAL);
}

export const deleteAccessToken = (id: string) => api.delete<{ message: string }>(tokenPath(id), GLOBAL);

export const revokeAllTokens = (userId?: string) =>
  api.post<{ message: string; revoked: number }>(`${TOKENS_BASE}/revoke_all`, revokeAllBody(userId), GLOBAL);

/** Revalidates every cached access-token answer (lists and records) after a write. */
export const useRefreshTokens = () => useInvalidate(TOKENS_BASE);
