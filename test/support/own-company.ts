import type { Role } from '../../shared/constants.js';
import { call, demo, inCompany, newConfirmedUser, signIn } from './api.js';

/** A role a member holds in a company. */
export type CompanyRole = Exclude<Role, 'admin' | 'artist_user' | 'user'>;

export type OwnCompany = {
  companyId: string;
  /** The company's name as made (the given name and a token of this run, so it is unique). */
  name: string;
  /** The admin's token (reference data, approvals, admin pages). */
  admin: string;
  /** The company's label manager: a brand-new user, member of this company only. */
  manager: { token: string; email: string; id: string; password: string };
  /** Calls as the label manager in this company (`/api/v1` prefixed). */
  api: ReturnType<typeof inCompany>;
  /** A further brand-new member in `role`, with their own calls. */
  member(
    role: CompanyRole,
    name?: string,
  ): Promise<{ token: string; email: string; id: string; password: string; api: ReturnType<typeof inCompany> }>;
  /** A label made by the manager in this company (`fields` as the label form sends them). */
  label(name: string, fields?: Record<string, unknown>): Promise<{ id: string; name: string } & Record<string, any>>;
  /** A second company of the same manager (label manager there too), made like this one. */
  sibling(name: string, options?: OwnCompanyOptions): Promise<OwnCompany>;
};

export type OwnCompanyOptions = {
  subscriptionId?: string;
  currency?: string;
  /** A distributed company (its releases go to the stores through the platform). */
  distributed?: boolean;
  /** Company tags, e.g. `['Publisher']`. */
  tags?: string[];
};

let made = 0;

/**
 * A company of the calling test file's own: made by the admin (on Enterprise, every feature and
 * no limits, unless `subscriptionId` says otherwise) with a brand-new label manager. A test that
 * makes its data here reads and counts only what it made, so it passes alone and in any order,
 * whatever other files leave in the demo company.
 */
export async function ownCompany(name: string, options: OwnCompanyOptions = {}): Promise<OwnCompany> {
  return makeCompany(name, options);
}

async function makeCompany(
  name: string,
  options: OwnCompanyOptions,
  existingManager?: OwnCompany['manager'],
): Promise<OwnCompany> {
  made += 1;
  const admin = await signIn(demo.admin.email, demo.admin.password);
  const adminCall = (method: string, path: string, body?: unknown) =>
    call(method, `/api/v1${path}`, { token: admin, ...(body ? { body } : {}) });
  const fullName = `${name} ${Date.now()}-${made}`;
  const created = await adminCall('POST', '/admin/companies', {
    name: fullName,
    ...(options.distributed ? { distributed: true } : {}),
    ...(options.tags ? { tags: options.tags } : {}),
    ...(options.subscriptionId ? { subscription_id: options.subscriptionId } : {}),
    ...(options.currency ? { currency: options.currency } : {}),
  });
  if (created.status !== 201) throw new Error(`the company was not made: ${JSON.stringify(created.body)}`);
  const companyId = created.body.company.id as string;
  const members: { user_id: string; role: CompanyRole }[] = [];
  const enrol = async (id: string, role: CompanyRole, who: string) => {
    // The admin's edit sets the memberships to exactly its list: everyone joined so far, and the newcomer.
    members.push({ user_id: id, role });
    const joined = await adminCall('PATCH', `/admin/companies/${companyId}`, { company_users: members });
    if (joined.status !== 200) throw new Error(`${who} did not join as ${role}: ${JSON.stringify(joined.body)}`);
  };
  const join = async (role: CompanyRole, who: string) => {
    const user = await newConfirmedUser(who);
    const id = (await call('GET', '/api/v1/me', { token: user.token })).body.user.id as string;
    await enrol(id, role, who);
    return { ...user, id };
  };
  const manager = existingManager ?? (await join('label_manager', `${name} manager`));
  if (existingManager) await enrol(existingManager.id, 'label_manager', `${name} manager`);
  const api = inCompany(manager.token, companyId);
  const world: OwnCompany = {
    companyId,
    name: fullName,
    admin,
    manager,
    api,
    // Named in words ("… label assistant"): an admin's pages list every user, and a raw role there reads as a
    // stored value on screen (the menu walk's check).
    async member(role, who = `${name} ${role.replaceAll('_', ' ')}`) {
      const user = await join(role, who);
      return { ...user, api: inCompany(user.token, companyId) };
    },
    async label(labelName, fields = {}) {
      const answer = await api.post('/labels', { name: labelName, ...fields });
      if (answer.status !== 201) throw new Error(`the label was not made: ${JSON.stringify(answer.body)}`);
      return answer.body.label;
    },
    sibling: (siblingName, siblingOptions = {}) => makeCompany(siblingName, siblingOptions, manager),
  };
  return world;
}

/** What `ownLabelManager` gives: the demo label manager's shape, over companies of the file's own. */
export type OwnLabelManager = {
  token: string;
  email: string;
  password: string;
  /** A distributed company (releases reach the stores through the platform). */
  distributed: { id: string; name: string };
  /** A publisher company (songs open to it) of the same manager. */
  publisher: { id: string; name: string };
  /** The distributed company's world (members, labels, the admin's token). */
  own: OwnCompany;
};

/**
 * A brand-new label manager with a distributed company and a publisher company of their own: the
 * shape the demo's label manager has, so a file written against the demo moves to a world of its
 * own by swapping one call.
 */
export async function ownLabelManager(name: string): Promise<OwnLabelManager> {
  const own = await ownCompany(name, { distributed: true });
  const publisher = await own.sibling(`${name} publishing`, { tags: ['Publisher'] });
  return {
    token: own.manager.token,
    email: own.manager.email,
    password: own.manager.password,
    distributed: { id: own.companyId, name: own.name },
    publisher: { id: publisher.companyId, name: publisher.name },
    own,
  };
}
