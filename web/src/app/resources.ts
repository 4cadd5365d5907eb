import useSWR, { type SWRConfiguration } from 'swr';
import type { LabelView } from '../../../shared/schemas/label';
import { ApiError, api } from './api';
import { listPath, type ListParams } from './list-params';
import { setUser, userJustRead, useSession } from './session';
import type { ListMeta } from './types';
import type { AdminCompany, AdminCompanyRow } from '../../../shared/schemas/company-views';
import type { CompanySummary, CurrentUser } from '../../../shared/schemas/user-views';

/**
 * SWR keys are [path, current company id]: the company is part of every key, so switching
 * company refetches everything shown (and a company-scoped answer never leaks across).
 */
type Key = readonly [path: string, companyId: string | null];

const fetcher = ([path, companyId]: Key) => api.get<unknown>(path, { companyId });

export const swrDefaults: SWRConfiguration = {
  fetcher: fetcher as (key: Key) => Promise<unknown>,
  revalidateOnFocus: false,
  // 4xx answers do not get better by asking again.
  shouldRetryOnError: (error: unknown) => !(error instanceof ApiError && error.status >= 400 && error.status < 500),
};

/** GET `path` (null skips) as the current user in the current company, or in `companyId` when given. */
export function useApi<T>(path: string | null, config?: SWRConfiguration<T, ApiError>, companyId?: string) {
  const { user, company } = useSession();
  const key: Key | null = path && user ? [path, companyId ?? company?.id ?? null] : null;
  return useSWR<T, ApiError>(key, config);
}

export type LabelRow = Pick<
  LabelView,
  | 'id'
  | 'company_id'
  | 'name'
  | 'active'
  | 'distributed'
  | 'requested'
  | 'email'
  | 'country_id'
  | 'created_at'
  | 'updated_at'
> & {
  has_logo: boolean;
  company_name?: string;
};
export type LabelList = ListMeta & { labels: LabelRow[] };
export type LabelListParams = ListParams & { scope?: string };

export const labelsPath = ({ scope, ...params }: LabelListParams) => listPath('/labels', params, { scope });
export const adminLabelsPath = ({ scope, ...params }: LabelListParams) => listPath('/admin/labels', params, { scope });

/**
 * GET /me, re-read when a page that shows the user's memberships or settings opens, except right after the session
 * read it (opening the app on such a page asked twice); `useMeRefresh` and a notice still read it again at once.
 */
export function useMe() {
  return useApi<{ user: CurrentUser }>('/me', {
    onSuccess: (data) => setUser(data.user),
    revalidateOnMount: !userJustRead(),
  });
}
export const useMyCompanies = () => useApi<{ companies: CompanySummary[]; total_count: number }>('/companies');
export const useCompany = (id: string | undefined) =>
  useApi<{ company: AdminCompany }>(id ? `/companies/${encodeURIComponent(id)}` : null);
export const useAdminCompanies = (enabled = true) =>
  useApi<{ companies: AdminCompanyRow[]; total_count: number }>(enabled ? '/admin/companies?per_page=1000' : null);

export const useLabels = (params: LabelListParams) => useApi<LabelList>(labelsPath(params), { keepPreviousData: true });
