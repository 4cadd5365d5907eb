import { createHash } from 'node:crypto';
import { looksLikeApiToken, scopePermits, scopeRefusal } from '../../shared/api-token-scope.js';
import { readTenantAccess } from '../data/access/request-auth.js';
import { companyApiTokenByHash } from '../data/access/support.js';
import type { CompanyApiTokenItem } from '../data/entities/company-api-token.js';
import type { Route } from '../routes.js';
import type { AuthContext, PlanGate, UserRecord } from './auth-context.js';
import { Forbidden, Unauthorized } from './errors.js';

export const apiTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Whether a token still works: not revoked and not past the last day of its expiry (UTC). */
export const apiTokenLive = (token: Pick<CompanyApiTokenItem, 'revoked' | 'expiresOn'>, now = new Date()) =>
  !token.revoked && now.toISOString().slice(0, 10) <= token.expiresOn;

/** The company API token an `Authorization: Bearer lpt_…` header carries, or undefined for anything else. */
export function bearerApiToken(authorization: string | undefined): string | undefined {
  const token = /^Bearer (\S+)$/i.exec(authorization ?? '')?.[1];
  return looksLikeApiToken(token) ? token : undefined;
}

export const TOKEN_ON_COMPANY_CALLS_ONLY = 'An API token works only on the company’s own calls';

/**
 * A call made with a company's API token: it works in the token's company only, with the
 * permissions its scope grants (a read-only token is refused every change, 403 naming the scope),
 * and stops at once when revoked or expired: the token is read on every call, never cached. It
 * acts as the member who made it, never with more than a member (an admin's token is not an admin), and only
 * while that member is still in the company.
 */
export async function authorizeApiToken(
  route: Route,
  token: string,
  requestedCompanyId: string | undefined,
  plans: PlanGate,
  lists: (tenantId: string) => string[] = () => [],
): Promise<AuthContext> {
  if (route.auth === 'public') return {};
  const found = await companyApiTokenByHash(apiTokenHash(token));
  if (!found || !apiTokenLive(found)) throw new Unauthorized();
  if (route.auth !== 'tenant') throw new Forbidden(TOKEN_ON_COMPANY_CALLS_ONLY);
  // The company comes from the token; naming another one is refused, never followed.
  if (requestedCompanyId && requestedCompanyId !== found.companyId) throw new Forbidden();
  const scope = { access: found.access, areas: found.areas };
  if (!scopePermits(scope, route.permission)) throw new Forbidden(scopeRefusal(scope, route.permission));
  const tenantId = found.companyId;
  const { user, role, company, listVersions } = await readTenantAccess(found.createdBy, tenantId, lists(tenantId));
  const maker = user as UserRecord | null;
  if (!company || !maker || maker.active === false || maker.frozen) throw new Unauthorized();
  // A token lives no longer than its maker's place in the company: one who left (or was removed) takes their
  // tokens' access with them. A platform admin may make one without being a member.
  if (!role && maker.role !== 'admin') throw new Unauthorized();
  await plans.assertIncludes(company, route);
  const caller = {
    user: { ...maker, role: maker.role === 'admin' ? 'user' : maker.role },
    sub: `api-token:${found.apiTokenId}`,
  };
  return { caller, tenantId, listVersions };
}
