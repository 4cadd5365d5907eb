import { api } from '../../../app/api';
import { useApi } from '../../../app/resources';
import type { ApiTokenInput, ApiTokenView } from '../../../../../shared/schemas/api-tokens';

/** A company's API tokens: its managers make, list and revoke them (the calls work in that company). */
const TOKENS = '/company/api_tokens';

export const useApiTokens = (companyId: string, enabled: boolean) =>
  useApi<{ api_tokens: ApiTokenView[] }>(enabled ? TOKENS : null, { shouldRetryOnError: false }, companyId);

export const createApiToken = (companyId: string, body: ApiTokenInput) =>
  api.post<{ api_token: ApiTokenView; token: string; message: string }>(TOKENS, body, { companyId });

export const revokeApiToken = (companyId: string, id: string) =>
  api.delete<{ api_token: ApiTokenView; message: string }>(`${TOKENS}/${encodeURIComponent(id)}`, { companyId });
