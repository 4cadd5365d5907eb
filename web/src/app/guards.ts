import type { Role } from '../../../shared/constants';
import { MESSAGES } from '../../../shared/messages';
import { type Permission, roleRefusal } from '../../../shared/permissions';
import { permitsInCompany } from './page-permissions';
import type { Access } from './route-table';
import { dashboardPath } from './session-rules';

const ARTIST_DASHBOARD = dashboardPath('artist_user');

export type GuardInput = {
  access: Access;
  tenantized?: boolean;
  /** A stored current user and an access token both exist. */
  loggedIn: boolean;
  role: string | null | undefined;
  hasCompany: boolean;
  /** The user's role in the current company (none for an admin's chosen company). */
  companyRole?: Role | null;
  /** What a tenant page needs the company role to allow (page-permissions.ts); null or absent: nothing more. */
  permission?: Permission | null;
  /** The path (with query) the user asked for, kept in ?redirect=. */
  path: string;
};

export type GuardDecision =
  | { action: 'allow' }
  /** Leave for `to`, showing `message`; `unload` signs the user out locally first. */
  | { action: 'redirect'; to: string; message: string; unload?: boolean }
  /** Stay, but show `message` instead of the page. */
  | { action: 'deny'; message: string }
  /** Stay, and ask which company to work in before showing the page (an admin's page of one company's data). */
  | { action: 'choose-company' };

/**
 * The route guards, as one pure decision:
 * - requiresLogin: "You must be logged in", unload, /signin?redirect=<path>;
 * - requiresAdmin (/admin, /distribution, /billing): "You must be an Admin to do that";
 * - requiresArtistUser: "Your Account does not have access here", go to the user's own dashboard (not home,
 *   which shows no notices);
 * - an artist user on a label's page (one that needs a company, or the label dashboard /user): their own
 *   artist dashboard, with no message (they have no company to make; the page they asked for is not theirs);
 * - an admin on a page that works in one company (statements, payment run, UPCs, and the label's own pages
 *   their menu offers: labels, royalties, finances …) with none chosen: the page asks which company, in place
 *   (admins work across companies and belong to none; nothing of theirs is missing);
 * - tenantized without a company: "Missing Company / Namespace", go to /user;
 * - a member whose company role does not allow the page: stay, and say what the role does not allow, in the
 *   server's own words, before the page asks for anything (or a form is filled in that saving would refuse).
 */
export function checkRoute(input: GuardInput): GuardDecision {
  if (input.access === 'public') return { action: 'allow' };
  if (!input.loggedIn) {
    return {
      action: 'redirect',
      to: `/signin?redirect=${encodeURIComponent(input.path)}`,
      message: MESSAGES.mustBeLoggedIn,
      unload: true,
    };
  }
  if (input.access === 'admin' && input.role !== 'admin') return { action: 'deny', message: MESSAGES.mustBeAdmin };
  // To their own dashboard rather than home: the home page shows no notices, so the message would never be read.
  if (input.access === 'artist_user' && input.role !== 'artist_user')
    return { action: 'redirect', to: dashboardPath(input.role), message: MESSAGES.noAccessHere };
  if (input.role === 'artist_user' && (input.tenantized || input.path.split('?')[0] === '/user'))
    return { action: 'redirect', to: ARTIST_DASHBOARD, message: '' };
  if (input.tenantized && !input.hasCompany && (input.access === 'admin' || input.role === 'admin'))
    return { action: 'choose-company' };
  if (input.tenantized && !input.hasCompany)
    return { action: 'redirect', to: '/user', message: MESSAGES.missingCompany };
  const { permission, companyRole } = input;
  if (input.tenantized && permission && companyRole && !permitsInCompany(input.role, companyRole, permission))
    return { action: 'deny', message: roleRefusal(companyRole, permission) };
  return { action: 'allow' };
}
