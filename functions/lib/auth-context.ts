import type { Role } from '../../shared/constants.js';
import { MESSAGES } from '../../shared/messages.js';
import { rolePermits, roleRefusal } from '../../shared/permissions.js';
import type { Route, RouteAuth } from '../routes.js';
import { companyExists, membershipRole } from '../data/access/companies.js';
import { readTenantAccess, type TenantCompany } from '../data/access/request-auth.js';
import { getUser, userIdForSub } from '../data/access/users.js';
import { BadRequest, Forbidden, NotFound, Unauthorized } from './errors.js';

export type UserRecord = {
  userId: string;
  email: string;
  name: string;
  role: Role;
  active?: boolean;
  frozen?: boolean;
  confirmed?: boolean;
  profile?: { address?: string; backup_email?: string; phone_no?: string; skype?: string };
  userSetting?: { beta_features?: boolean; experimental_features?: boolean };
};

/** The signed-in user; `authTime` is when they signed in (the token's auth_time, epoch seconds). */
export type Caller = { user: UserRecord; sub: string; authTime?: number };

/** A public route: nobody is known. */
export type PublicContext = Record<never, never>;
/** A route for signed-in users (user, admin, artist_user): who is asking. */
export type CallerContext = { caller: Caller };
/**
 * A tenant route: who is asking and in which company they work. `listVersions` holds the current
 * versions of the cached lists the operation declared, read in the same round trip.
 */
export type TenantContext = CallerContext & { tenantId: string; listVersions: Record<string, string> };
export type AuthContext = PublicContext | CallerContext | TenantContext;

export type Claims = Record<string, unknown> | undefined;

/**
 * What requests need of the company's plan. The plans area provides it (functions/plans/gate.ts) and
 * every area's handler passes it in: this folder of shared plumbing depends on no area.
 */
export type PlanGate = {
  /** Refuses (402, naming the plans that include it) a member's call to a route the company's plan does not include. */
  assertIncludes(company: TenantCompany, route: Pick<Route, 'area' | 'op'>): Promise<void>;
  /** After a tenant operation ran: charges what it counts against the plan (a presigned upload's size), or refuses it. */
  afterRun(route: Pick<Route, 'area' | 'op'>, tenantId: string, isAdmin: boolean, body: unknown): Promise<void>;
};

/**
 * A Cognito subject always maps to the same user, so the mapping is remembered for the life of
 * the process. The user's role, state and memberships are read on every request.
 */
const userIdBySub = new Map<string, string>();
const MAX_REMEMBERED = 10_000;

async function userIdFor(sub: string): Promise<string> {
  const known = userIdBySub.get(sub);
  if (known) return known;
  const userId = await userIdForSub(sub);
  if (!userId) throw new Unauthorized();
  if (userIdBySub.size >= MAX_REMEMBERED) userIdBySub.clear();
  userIdBySub.set(sub, userId);
  return userId;
}

function subOf(claims: Claims): string {
  const sub = typeof claims?.sub === 'string' ? claims.sub : undefined;
  if (!sub) throw new Unauthorized();
  return sub;
}

function activeUser(user: UserRecord | null): UserRecord {
  if (!user || user.active === false || user.frozen) throw new Unauthorized();
  return user;
}

/** Resolves the signed-in user from the verified JWT claims (`sub`). */
export async function callerFromClaims(claims: Claims): Promise<Caller> {
  const sub = subOf(claims);
  const user = await getUser(await userIdFor(sub));
  return { user: activeUser(user as UserRecord | null), sub, authTime: authTimeOf(claims) };
}

function authTimeOf(claims: Claims): number | undefined {
  const value = Number(claims?.auth_time);
  return Number.isFinite(value) ? value : undefined;
}

/**
 * Applies a route's auth rule. The tenant comes from the user's memberships: the company the
 * client names (X-Company-Id header or company_id query) is a request that is checked here,
 * never a proof. The user, their membership and the company are read in one round trip; the
 * member's role in the company must grant the route's permission (shared/permissions.ts, 403),
 * then the company's plan must include the route's feature (`plans`, 402). Admins work
 * in every company whatever their membership or its plan says.
 */
export async function authorize(
  access: Route | RouteAuth,
  claims: Claims,
  requestedCompanyId: string | undefined,
  plans: PlanGate,
  lists: (tenantId: string) => string[] = () => [],
): Promise<AuthContext> {
  const rule = access.auth;
  if (rule === 'public') return {};
  if (rule !== 'tenant') {
    const caller = await callerFromClaims(claims);
    if (rule === 'admin' && caller.user.role !== 'admin') throw new Forbidden(MESSAGES.mustBeAdmin);
    if (rule === 'artist_user' && caller.user.role !== 'artist_user') throw new Forbidden(MESSAGES.noAccessHere);
    return { caller };
  }
  const sub = subOf(claims);
  const userId = await userIdFor(sub);
  if (!requestedCompanyId) {
    await callerFromClaims(claims);
    throw new BadRequest(MESSAGES.missingCompany, { company_id: [MESSAGES.missingCompany] });
  }
  const tenantId = requestedCompanyId;
  const { user, role, company, listVersions } = await readTenantAccess(userId, tenantId, lists(tenantId));
  const caller = { user: activeUser(user as UserRecord | null), sub, authTime: authTimeOf(claims) };
  if (caller.user.role === 'admin') {
    // Admins manage every tenant (the company was just read: no second read to know it exists).
    if (!company) throw new NotFound('Company');
    return { caller, tenantId, listVersions };
  }
  // The membership was just read: without one, only an admin may work here.
  if (!role || !company) throw new Forbidden(MESSAGES.noAccessHere);
  if (!rolePermits(role, access.permission)) throw new Forbidden(roleRefusal(role, access.permission));
  if ('area' in access) await plans.assertIncludes(company, access);
  return { caller, tenantId, listVersions };
}

/** A member of the company, or an admin (admins manage every tenant); anyone else gets 403. */
export async function assertMember(caller: Caller, companyId: string): Promise<void> {
  if (caller.user.role === 'admin' || !(await membershipRole(caller.user.userId, companyId))) {
    await refuseUnlessAdmin(caller, companyId);
  }
}

/** Someone who is not a member may work in a company only as an admin, and only in one that exists. */
async function refuseUnlessAdmin(caller: Caller, companyId: string): Promise<void> {
  if (caller.user.role !== 'admin') throw new Forbidden(MESSAGES.noAccessHere);
  if (!(await companyExists(companyId))) throw new NotFound('Company');
}
