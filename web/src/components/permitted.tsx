import type { ReactNode } from 'react';
import type { Permission } from '../../../shared/permissions';
import { usePermits } from '../app/use-may-open';

/**
 * What a page shows only to a user whose role in the current company allows `permission`: the controls that call
 * the API in place (Send, Deliver, Remove, an upload, a form on the page). Give it the permission of the API route
 * the control calls (its row in functions/routes.ts), so the screen offers exactly what the server would do; a
 * member whose role does not allow it sees the page without them, not a button that ends in a refusal.
 */
export function Permitted({ permission, children }: { permission: Permission; children: ReactNode }) {
  return usePermits(permission) ? children : null;
}
