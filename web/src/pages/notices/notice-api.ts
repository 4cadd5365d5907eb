import { api } from '../../app/api';
import { listPath, type ListParams } from '../../app/list-params';
import { useInvalidate } from '../../app/invalidate';
import { useApi } from '../../app/resources';
import type { ListMeta } from '../../app/types';
import type { AdminNotice, AdminNoticeDetail, Inbox } from '../../../../shared/schemas/notice-views';
import type { AdminUser } from './notice-model';

/** Notices are the platform's, not a company's: calls send no X-Company-Id. */
const GLOBAL = { companyId: null } as const;
const ADMIN_BASE = '/admin/notices';
const noticePath = (id: string) => `${ADMIN_BASE}/${encodeURIComponent(id)}`;

export const adminNoticesPath = (params: ListParams) => listPath(ADMIN_BASE, params);

export const useInbox = () => useApi<Inbox>('/notices');
export const useAdminNotice = (id: string | undefined) =>
  useApi<{ notice: AdminNoticeDetail }>(id ? noticePath(id) : null);

type Saved = { notice: AdminNotice; message: string };

/** POST /admin/notices (201, message = recipients' names) or PATCH /admin/notices/{id}. */
export function saveNotice(id: string | undefined, body: Record<string, unknown>): Promise<Saved> {
  return id ? api.patch<Saved>(noticePath(id), body, GLOBAL) : api.post<Saved>(ADMIN_BASE, body, GLOBAL);
}

export const deleteNotice = (id: string) => api.delete<{ message: string }>(noticePath(id), GLOBAL);

/** PATCH /notices/{noticeId}: the signed-in user has read it. */
export const markNoticeRead = (noticeId: string) =>
  api.patch<{ message: string; read_at: string | null }>(`/notices/${encodeURIComponent(noticeId)}`, {}, GLOBAL);

/** GET /admin/users for the recipients picker (first page of matches). */
export const searchUsers = (q: string, signal?: AbortSignal) =>
  api.get<ListMeta & { users: AdminUser[] }>(listPath('/admin/users', { page: 1, per_page: 50, q }), {
    ...GLOBAL,
    signal,
  });

/** Revalidates every cached admin notice answer (list pages and records) after a write. */
export const useAdminNoticesRefresh = () => useInvalidate(ADMIN_BASE);

/**
 * Re-reads GET /me so the header's unread count follows (useMe's onSuccess puts the user back
 * in the session). Matches the key whatever company it was read under.
 */
export const useMeRefresh = () => useInvalidate('/me');
