import { api } from '../../../app/api';
import { useInvalidate } from '../../../app/invalidate';
import { useApi } from '../../../app/resources';
import type { AdminCompany, AdminCompanyRow } from '../../../../../shared/schemas/company-views';

/** Admin calls are not a company's: they send no X-Company-Id. */
const GLOBAL = { companyId: null } as const;
export const COMPANIES_BASE = '/admin/companies';
const companyPath = (id: string) => `${COMPANIES_BASE}/${encodeURIComponent(id)}`;

export const useAdminCompanyList = () => useApi<{ companies: AdminCompanyRow[]; total_count: number }>(COMPANIES_BASE);
export const useAdminCompany = (id: string | undefined) =>
  useApi<{ company: AdminCompany }>(id ? companyPath(id) : null);

type Saved = { company: AdminCompany; message: string };
export const createCompany = (body: object) => api.post<Saved>(COMPANIES_BASE, body, GLOBAL);
export const updateCompany = (id: string, body: object) => api.patch<Saved>(companyPath(id), body, GLOBAL);
export const deleteCompany = async (id: string) =>
  (await api.delete<{ message: string }>(companyPath(id), GLOBAL)).message;

/** Revalidates cached company answers (admin and tenant side, and the session's memberships) after a write. */
export const useRefreshCompanies = () => useInvalidate('/admin/companies', '/admin/users', '/companies', '/me');
