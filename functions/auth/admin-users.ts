import type { z } from 'zod';
import type { userInvite, userUpdate } from '../../shared/schemas/user.js';
import { getDb } from '../data/service.js';
import { writeTransaction } from '../data/transaction.js';
import { Conflict, NotFound } from '../lib/errors.js';
import { createUnconfirmedUser, issueConfirmMail } from './accounts.js';
import { deleteLogin } from './identity.js';
import { userView } from './user-view.js';
import { membershipsOf } from '../companies/memberships.js';
import type { UserRecord } from '../lib/auth-context.js';

/** Admin management of users (spec 3 §2.2, §7.6). */
async function load(userId: string) {
  const found = await getDb().entities.User.get({ userId }).go();
  if (!found.data) throw new NotFound('User');
  return found.data;
}

export async function getUser(userId: string) {
  const [user, memberships] = await Promise.all([load(userId), membershipsOf(userId)]);
  return {
    user: {
      ...userView(user as UserRecord),
      profile: user.profile ?? {},
      company_users: memberships.map(({ company, role }) => ({ company_id: company.companyId, company_name: company.name, role })),
      created_at: user.createdAt ?? '',
    },
  };
}

/** Invites a user: an unconfirmed account and a mail with the /setup_account link. */
export async function inviteUser(input: z.infer<typeof userInvite>) {
  const { userId } = await createUnconfirmedUser(input, 'invite');
  return { ...(await getUser(userId)), message: 'User Added' };
}

export async function updateUser(userId: string, input: z.infer<typeof userUpdate>) {
  const before = await load(userId);
  const { user_setting_attributes: settings, ...fields } = input;
  const changes = { ...fields, ...(settings ? { userSetting: { ...(before.userSetting ?? {}), ...settings } } : {}) };
  if (Object.keys(changes).length) await getDb().entities.User.patch({ userId }).set(changes).go();
  return { ...(await getUser(userId)), message: 'User Updated' };
}

/** Sends the invitation again with a fresh link, for a user who has not set a password yet. */
export async function resendCreateEmail(userId: string) {
  const user = await load(userId);
  if (user.confirmed) throw new Conflict('This user has already set up their account');
  await issueConfirmMail(user, 'invite');
  return { message: `Invitation sent again to ${user.email}` };
}

/** Deletes the user, their sign-in, memberships and e-mail guard; their notices go with them. */
export async function deleteUser(userId: string, actingUserId: string) {
  const user = await load(userId);
  if (userId === actingUserId) throw new Conflict('You cannot delete your own account');
  const sub = await deleteLogin(user.email);
  const db = getDb();
  const [memberships, notices] = await Promise.all([
    db.entities.CompanyUser.query.byUser({ userId }).go({ pages: 'all' }),
    db.entities.UserNotice.query.byUser({ userId }).go({ pages: 'all' }),
  ]);
  await writeTransaction(({ User, UserLogin, UniqueValue, CompanyUser }) => [
    User.delete({ userId }).commit(),
    UniqueValue.delete({ scope: 'email', value: user.email }).commit(),
    ...(sub ? [UserLogin.delete({ sub }).commit()] : []),
    ...memberships.data.map((m) => CompanyUser.delete({ userId, companyId: m.companyId }).commit()),
  ]);
  if (notices.data.length) await db.entities.UserNotice.delete(notices.data.map((n) => ({ userId, noticeId: n.noticeId }))).go();
  return { message: `User ${user.name} deleted` };
}

