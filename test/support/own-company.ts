import type { Role } from '../../shared/constants.js';
import { call, demo, inCompany, newConfirmedUser, signIn } from './api.js';

/** A role a member holds in a company. */
export type CompanyRole = Exclude<Role, 'admin' | 'artist_user' | 'user'>;

export type OwnCompany = {
  companyId: string;
  /** The admin's token (reference data, approvals, admin pages). */
  admin: string;
  /** The company's label manager: a brand-new user, member of this company only. */
  manager: { token: string; email: string; id: string };
  /** Calls as the label manager in this company (`/api/v1` prefixed). */
  api: ReturnType<typeof inCompany>;
  /** A further brand-new member in `role`, with their own calls. */
  member(
    role: CompanyRole,
    name?: string,
  ): Promise<{ token: string; email: string; id: string; api: ReturnType<typeof inCompany> }>;
};

let made = 0;

/**
 * A company of the calling test file's own: made by the admin (on Enterprise, every feature and
 * no limits, unless `subscriptionId` says otherwise) with a brand-new label manager. A test that
 * makes its data here reads and counts only what it made, so it passes alone and in any order,
 * whatever other files leave in the demo company.
 */
export async function ownCompany(
  name: string,
  options: { subscriptionId?: string; currency?: string } = {},
): Promise<OwnCompany> {
  made += 1;
  const admin = await signIn(demo.admin.email, demo.admin.password);
  const adminCall = (method: string, path: string, body?: unknown) =>
    call(method, `/api/v1${path}`, { token: admin, ...(body ? { body } : {}) });
  const created = await adminCall('POST', '/admin/companies', {
    name: `${name} ${Date.now()}-${made}`,
    ...(options.subscriptionId ? { subscription_id: options.subscriptionId } : {}),
    ...(options.currency ? { currency: options.currency } : {}),
  });
  if (created.status !== 201) throw new Error(`the company was not made: ${JSON.stringify(created.body)}`);
  const companyId = created.body.company.id as string;
  const members: { user_id: string; role: CompanyRole }[] = [];
  const join = async (role: CompanyRole, who: string) => {
    const user = await newConfirmedUser(who);
    const id = (await call('GET', '/api/v1/me', { token: user.token })).body.user.id as string;
    // The admin's edit sets the memberships to exactly its list: everyone joined so far, and the newcomer.
    members.push({ user_id: id, role });
    const joined = await adminCall('PATCH', `/admin/companies/${companyId}`, { company_users: members });
    if (joined.status !== 200) throw new Error(`${who} did not join as ${role}: ${JSON.stringify(joined.body)}`);
    return { ...user, id };
  };
  const manager = await join('label_manager', `${name} manager`);
  return {
    companyId,
    admin,
    manager,
    api: inCompany(manager.token, companyId),
    async member(role, who = `${name} ${role}`) {
      const user = await join(role, who);
      return { ...user, api: inCompany(user.token, companyId) };
    },
  };
}
