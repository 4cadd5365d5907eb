import type { AccessToken } from '../../../../../shared/schemas/support-views';
import { listPath, type ListParams } from '../../../app/list-params';
import { accessTokenInput, accessTokenUpdate } from '../../../../../shared/schemas/support';
import { zodErrors } from '../../../components/form-rules';

export type TokenValues = { user_id: string; user_email: string; service: string; expires_at: string };

export const TOKENS_BASE = '/admin/access_tokens';

/** The product's messages. */
export const TOKEN_MESSAGES = {
  added: 'Access Token Added',
  updated: 'Access Token Updated',
  deleted: 'Access Token Deleted',
  copied: 'Value Copied To Clipboard',
} as const;

/** GET /admin/access_tokens, filtered to one user when given. */
export const accessTokensPath = (params: ListParams, userId?: string) =>
  listPath(TOKENS_BASE, params, { user_id: userId });

/** Expired shows as danger "expired", else success "active" (the badge colours `false` as danger and `true` as success). */
export function tokenStatus(expired: boolean): { word: boolean; text: 'expired' | 'active' } {
  return expired ? { word: false, text: 'expired' } : { word: true, text: 'active' };
}

export function emptyToken(user?: { id: string; email: string }): TokenValues {
  return { user_id: user?.id ?? '', user_email: user?.email ?? '', service: '', expires_at: '' };
}

/** The date part (YYYY-MM-DD) of an ISO expiry, for the date picker. */
export function tokenToValues(token: AccessToken): TokenValues {
  return {
    user_id: token.user_id,
    user_email: '',
    service: token.service,
    expires_at: token.expires_at ? token.expires_at.slice(0, 10) : '',
  };
}

/** The body the API will be sent, checked with its own schema: a user only when creating (a token never changes user). */
export function validateToken(values: TokenValues, isNew: boolean): Record<string, string> {
  const result = (isNew ? accessTokenInput : accessTokenUpdate).safeParse(tokenPayload(values, isNew));
  return result.success ? {} : zodErrors(result.error);
}

/** POST body: no expiry leaves it out. PATCH body: no user, and a cleared expiry is sent as null. */
export function tokenPayload(values: TokenValues, isNew: boolean): Record<string, unknown> {
  const service = values.service.trim();
  const expires = values.expires_at.trim();
  if (isNew) return { user_id: values.user_id, service, ...(expires ? { expires_at: expires } : {}) };
  return { service, expires_at: expires || null };
}

/** POST /admin/access_tokens/revoke_all: all tokens, or one user's. */
export const revokeAllBody = (userId?: string): { user_id?: string } => (userId ? { user_id: userId } : {});
