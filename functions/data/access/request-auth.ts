import type { Role } from '../../../shared/constants.js';
import type { CompanyItem } from '../entities/company.js';
import type { UserItem } from '../entities/user.js';
import { getMany } from '../get-many.js';
import { NO_VERSION } from '../list-cache.js';
import { getDb } from '../service.js';

/** What authorize needs of the company: whether it exists and which plan it is on. */
export type TenantCompany = Pick<CompanyItem, 'companyId' | 'subscription_id' | 'subscription'>;

/**
 * What the per-request auth check reads for a tenant route, in ONE BatchGetItem round trip: the
 * user, their membership of the company (its role), the company (its plan: entitlements) and the
 * current versions of the cached lists the operation declared. The hot path of every tenant call,
 * so it stays one request.
 */
export async function readTenantAccess(
  userId: string,
  companyId: string,
  lists: readonly string[],
): Promise<{
  user: UserItem | null;
  role: Role | null;
  company: TenantCompany | null;
  listVersions: Record<string, string>;
}> {
  const { User, CompanyUser, Company, ListVersion } = getDb().entities;
  const [user, membership, company, ...versions] = await getMany<
    [UserItem, { role: Role }, CompanyItem, ...{ version: string }[]]
  >([
    { get: User.get({ userId }), parse: (item) => User.parse(item) },
    { get: CompanyUser.get({ userId, companyId }), parse: (item) => CompanyUser.parse(item) },
    { get: Company.get({ companyId }), parse: (item) => Company.parse(item) },
    ...lists.map((list) => ({
      get: ListVersion.get({ list }),
      parse: (item: { Item: Record<string, unknown> }) => ListVersion.parse(item),
    })),
  ]);
  const listVersions = Object.fromEntries(lists.map((list, i) => [list, versions[i]?.version ?? NO_VERSION]));
  return { user, role: membership?.role ?? null, company, listVersions };
}
