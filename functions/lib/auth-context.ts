import type { Role } from '../../shared/constants.js';
import { MESSAGES } from '../../shared/messages.js';
import type { AuthRule } from '../routes.js';
import { getDb } from '../data/service.js';
import { BadRequest, Forbidden, NotFound, Unauthorized } from './errors.js';

export type UserRecord = {
  userId: string;
  email: string;
  name: string;
  role: Role;
  active?: boolean;
  frozen?: boolean;
  confirmed?: boolean;
};

export type Caller = { user: UserRecord; sub: string };

/** Who is asking and, for tenant routes, in which company they work. */
export type AuthContext = { caller?: Caller; tenantId?: string };

export type Claims = Record<string, unknown> | undefined;

/** Resolves the signed-in user from the verified JWT claims (`sub`). */
export async function callerFromClaims(claims: Claims): Promise<Caller> {
  const sub = typeof claims?.sub === 'string' ? claims.sub : undefined;
  if (!sub) throw new Unauthorized();
  const db = getDb();
  const login = await db.entities.UserLogin.get({ sub }).go();
  if (!login.data) throw new Unauthorized();
  const user = await db.entities.User.get({ userId: login.data.userId }).go();
  if (!user.data || user.data.active === false || user.data.frozen) throw new Unauthorized();
  return { user: user.data as UserRecord, sub };
}

/**
 * Applies a route's auth rule. The tenant comes from the user's memberships: the company the
 * client names (X-Company-Id header or company_id query) is a request that is checked here,
 * never a proof.
 */
export async function authorize(rule: AuthRule, claims: Claims, requestedCompanyId: string | undefined): Promise<AuthContext> {
  if (rule === 'public') return {};
  const caller = await callerFromClaims(claims);
  const role = caller.user.role;
  if (rule === 'admin' && role !== 'admin') throw new Forbidden(MESSAGES.mustBeAdmin);
  if (rule === 'artist_user' && role !== 'artist_user') throw new Forbidden(MESSAGES.noAccessHere);
  if (rule !== 'tenant') return { caller };
  if (!requestedCompanyId) throw new BadRequest(MESSAGES.missingCompany, { company_id: [MESSAGES.missingCompany] });
  await assertMember(caller, requestedCompanyId);
  return { caller, tenantId: requestedCompanyId };
}

/** A member of the company, or an admin (admins manage every tenant); anyone else gets 403. */
export async function assertMember(caller: Caller, companyId: string): Promise<void> {
  const db = getDb();
  if (caller.user.role === 'admin') {
    const company = await db.entities.Company.get({ companyId }).go({ attributes: ['companyId'] });
    if (!company.data) throw new NotFound('Company');
    return;
  }
  const membership = await db.entities.CompanyUser.get({ userId: caller.user.userId, companyId }).go({ attributes: ['role'] });
  if (!membership.data) throw new Forbidden(MESSAGES.noAccessHere);
}
