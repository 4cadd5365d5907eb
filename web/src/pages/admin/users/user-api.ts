import { api } from '../../../app/api';
import { listPath, type ListParams } from '../../../app/list-params';
import { useInvalidate } from '../../../app/invalidate';
import { useApi } from '../../../app/resources';
import { userDeleteFailure } from './user-model';
import type { AdminUser, AdminUserRow } from '../../../../../shared/schemas/user-views';

/** Admin calls are not a company's: they send no X-Company-Id. */
export const GLOBAL = { companyId: null } as const;
export const USERS_BASE = '/admin/users';
const userPath = (id: string) => `${USERS_BASE}/${encodeURIComponent(id)}`;

export const adminUsersPath = (params: ListParams) => listPath(USERS_BASE, params);
export type AdminUserList = { users: AdminUserRow[]; total_count: number; total_pages?: number };

export const useAdminUser = (id: string | undefined) => useApi<{ user: AdminUser }>(id ? userPath(id) : null);

type Saved = { user: AdminUser; message: string };

export const inviteUser = (body: object) => api.post<Saved>(USERS_BASE, body, GLOBAL);
export const updateUser = (id: string, body: object) => api.patch<Saved>(userPath(id), body, GLOBAL);
export const resendInvitation = (id: string) =>
  api.post<{ message: string }>(`${userPath(id)}/resend_create_email`, {}, GLOBAL);

/** DELETE /admin/users/{id}; a failure carries the response status text. */
export async function deleteUser(id: string): Promise<string> {
  try {
    return (await api.delete<{ message: string }>(userPath(id), GLOBAL)).message;
  } catch (error) {
    throw userDeleteFailure(error);
  }
}

/** Revalidates every cached /admin/users answer (and company answers listing users) after a write. */
export const useRefreshUsers = () => useInvalidate('/admin/users', '/admin/companies');
