import type { Permission } from '../../../shared/permissions';
import { mayOpenPage, permitsInCompany } from './page-permissions';
import { useSession } from './session';

/**
 * Whether the signed-in user may open a page in the current company, by its path: a button or link to a page their
 * company role may not use (a read-only member's "New release", a promotions member's "Import sales") is left out
 * rather than leading to a refusal.
 */
export function useMayOpen(): (path: string) => boolean {
  const { user, company } = useSession();
  return (path) => !company?.role || mayOpenPage(user?.role, company.role, path);
}

/**
 * Whether the user's role in the current company allows a permission: for controls that act in place (an upload, a
 * Delete, a form opened on the page) rather than opening another page. Admins and an admin's chosen company: yes.
 */
export function usePermits(permission: Permission): boolean {
  const { user, company } = useSession();
  return !company?.role || permitsInCompany(user?.role, company.role, permission);
}
