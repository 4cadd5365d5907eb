import type { z } from 'zod';
import type { userInvite, userUpdate } from '../../shared/schemas/user.js';
import type { AdminUser } from '../../shared/schemas/user-views.js';
import { membershipsOfUser } from '../data/access/companies.js';
import { deleteNoticesOfUser } from '../data/access/notices.js';
import * as users from '../data/access/users.js';
import { Conflict, NotFound } from '../lib/errors.js';
import { createUnconfirmedUser, issueConfirmMail } from './accounts.js';
import { deleteLogin } from './identity.js';
import { userView } from './user-view.js';
import { membershipsOf } from '../companies/memberships.js';

/** Admin management of users. */
async function load(userId: string) {
  const found = await users.getUser(userId);
  if (!found) throw new NotFound('User');
  return found;
}

export async function getUser(userId: string): Promise<{ user: AdminUser }> {
  const [user, memberships] = await Promise.all([load(userId), membershipsOf(userId)]);
  return {
    user: {
      ...userView(user),
      profile: user.profile ?? {},
      company_users: memberships.map(({ company, role }) => ({
        company_id: company.companyId,
        company_name: company.name,
        role,
      })),
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
  if (Object.keys(changes).length) await users.patchUser(userId, changes);
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
  const memberships = await membershipsOfUser(userId);
  await users.deleteUserRecords(
    user,
    sub,
    memberships.map((m) => m.companyId),
  );
  await deleteNoticesOfUser(userId);
  return { message: `User ${user.name} deleted` };
}
