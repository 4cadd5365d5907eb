import { api } from '../../../app/api';
import { useInvalidate } from '../../../app/invalidate';
import { useApi } from '../../../app/resources';
import { useSession } from '../../../app/session';
import { type Permission, roleRefusal, rolePermits } from '../../../../../shared/permissions';
import type { TeamRole } from '../../../../../shared/schemas/company-team';
import type { AdminCompany } from '../../../../../shared/schemas/company-views';
import type { LabelView } from '../../../../../shared/schemas/label';

/**
 * The company's own pages call tenant routes in the company they show (X-Company-Id = its id),
 * whatever company is current: the server checks the caller's membership there on every call.
 */
const inCompany = (companyId: string) => ({ companyId });
const companyPath = (id: string) => `/companies/${encodeURIComponent(id)}`;

export type CompanyMember = AdminCompany['company_users'][number];
import type { CompanyInvitation } from '../../../../../shared/schemas/onboarding';
export type Invitation = CompanyInvitation;

/** GET /companies/{id}: the company page (members and admins). */
export const useOwnCompany = (id: string | undefined) => useApi<{ company: AdminCompany }>(id ? companyPath(id) : null);

/**
 * What the signed-in user may do in this company, the one the page shows (not the current company): platform admins
 * everything, a member what their role there allows. The page calls the API in that company, and the server checks
 * the same role.
 */
export function useCompanyPermits(companyId: string | undefined): (permission: Permission) => boolean {
  const { user } = useSession();
  const role = user?.companies.find((c) => c.id === companyId)?.role;
  return (permission) =>
    Boolean(companyId) && (user?.role === 'admin' || (role ? rolePermits(role, permission) : false));
}

/**
 * Why a member's role in this company refuses `permission`, in the server's own words, or null when it does not
 * (an admin, a role that allows it, or no membership known here, which the server's answer to the page then judges).
 */
export function useCompanyRefusal(companyId: string | undefined, permission: Permission | undefined): string | null {
  const { user } = useSession();
  if (!permission || !user || user.role === 'admin') return null;
  const role = user.companies.find((c) => c.id === companyId)?.role;
  return role && !rolePermits(role, permission) ? roleRefusal(role, permission) : null;
}

/** Whether the signed-in user may manage this company (company.manage): its label managers and platform admins. */
export const useCanManage = (companyId: string | undefined) => useCompanyPermits(companyId)('company.manage');

type Saved = { company: AdminCompany; message: string };
/** PATCH /companies/{id} (company.manage): "Company Updated". */
export const updateOwnCompany = (id: string, body: object) => api.patch<Saved>(companyPath(id), body, inCompany(id));

export const changeMemberRole = (companyId: string, userId: string, role: TeamRole) =>
  api.patch<{ message: string }>(`/company/users/${encodeURIComponent(userId)}`, { role }, inCompany(companyId));
export const removeMember = (companyId: string, userId: string) =>
  api.delete<{ message: string }>(`/company/users/${encodeURIComponent(userId)}`, inCompany(companyId));

/** POST /company/users (the invitation): "New User Added to Company". */
export const inviteMember = (companyId: string, body: { email: string; name?: string; role: TeamRole }) =>
  api.post<{ message: string }>('/company/users', body, inCompany(companyId));
/** GET /company/invitations: the invitations not yet accepted. */
export const useInvitations = (companyId: string, enabled: boolean) =>
  useApi<{ invitations: Invitation[] }>(
    enabled ? '/company/invitations' : null,
    { shouldRetryOnError: false },
    companyId,
  );
export const revokeInvitation = (companyId: string, invitationId: string) =>
  api.delete<{ message: string }>(`/company/invitations/${encodeURIComponent(invitationId)}`, inCompany(companyId));

/** POST /label_requests: "Label Requested". */
export const requestLabel = (companyId: string, body: { name: string; notes?: string }) =>
  api.post<{ label: LabelView; message: string }>('/label_requests', body, inCompany(companyId));
/** The company's labels waiting for an admin (scope requested). */
export const useRequestedLabels = (companyId: string) =>
  useApi<{ labels: LabelView[]; total_count: number }>('/labels?scope=requested&per_page=100', undefined, companyId);

/** Revalidates the company's answers (its page, the session's memberships) after a write. */
export const useRefreshOwnCompany = () => useInvalidate('/companies', '/me', '/company', '/labels');
