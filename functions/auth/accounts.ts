import { randomBytes } from 'node:crypto';
import { ulid } from 'ulid';
import type { Role } from '../../shared/constants.js';
import { MESSAGES } from '../../shared/messages.js';
import type { ProfileInput } from '../../shared/schemas/auth.js';
import type { CurrentUser } from '../../shared/schemas/user-views.js';
import type { TokenPurpose } from '../data/entities/auth-token.js';
import * as users from '../data/access/users.js';
import type { Caller, UserRecord } from '../lib/auth-context.js';
import { Forbidden, NotFound } from '../lib/errors.js';
import { appLink, sendMail } from '../lib/mail.js';
import { listAnswer, pageOfQuery, type ListQuery } from '../lib/list-query.js';
import { ensureLogin, setPassword } from './identity.js';
import { userView } from './user-view.js';
import { membershipsOf } from '../companies/memberships.js';
import { companyPlanSummary } from '../plans/company-plan-view.js';
import { unreadCount } from '../notices/notices.js';

const DAY_SECONDS = 24 * 60 * 60;
const TOKEN_LIFETIME: Record<TokenPurpose, number> = { confirm: 7 * DAY_SECONDS, reset: DAY_SECONDS };
const INVALID_LINK = 'This link is invalid or has expired';

async function issueToken(userId: string, purpose: TokenPurpose): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await users.createAuthToken({
    token,
    userId,
    purpose,
    expiresAt: Math.floor(Date.now() / 1000) + TOKEN_LIFETIME[purpose],
  });
  return token;
}

/** A token that exists, has its purpose and has not expired (TTL deletion lags, so check the time too). */
async function validToken(token: string, purpose: TokenPurpose) {
  const found = await users.getAuthToken(token);
  if (!found || found.purpose !== purpose || found.expiresAt < Date.now() / 1000) throw NotFound.saying(INVALID_LINK);
  const user = await users.getUser(found.userId);
  if (!user) throw NotFound.saying(INVALID_LINK);
  return { token: found, user };
}

/**
 * Creates an unconfirmed user and mails the link that sets the password: /confirm/{token}
 * after a sign-up, /setup_account?token= after an admin's invitation. The e-mail is unique
 * among users, enforced with a guard item in the same transaction.
 */
export async function createUnconfirmedUser(
  input: { name: string; email: string; role?: Role },
  via: 'signup' | 'invite',
) {
  const userId = ulid();
  const email = input.email.trim().toLowerCase();
  await users.createUser({ userId, email, name: input.name, role: input.role ?? 'user', confirmed: false });
  await issueConfirmMail({ userId, email, name: input.name }, via);
  return { userId };
}

/** Mails the link that sets the first password: /confirm/{token} after sign-up, /setup_account?token= after an invitation. */
export async function issueConfirmMail(
  user: { userId: string; email: string; name: string },
  via: 'signup' | 'invite',
) {
  const token = await issueToken(user.userId, 'confirm');
  const link = via === 'signup' ? appLink(`/confirm/${token}`) : appLink(`/setup_account?token=${token}`);
  await sendMail({
    to: user.email,
    // A company's or an artist's invitation has its own mail naming who invites; this one comes from the platform's admins.
    subject: via === 'signup' ? 'Confirm your account' : 'You have been invited to Label Platform',
    text: `Hello ${user.name},\n\n${via === 'invite' ? 'The Label Platform administrators opened an account for you. ' : ''}${MESSAGES.confirmBySettingPassword}:\n${link}\n\nThe link is valid for 7 days.`,
  });
}

export async function findUnconfirmedUser(accessToken: string) {
  const { user } = await validToken(accessToken, 'confirm');
  if (user.confirmed) throw NotFound.saying(INVALID_LINK);
  return { user: { id: user.userId, name: user.name, email: user.email } };
}

/**
 * Sets the first password, which confirms the account; the SPA then signs in with it. The link works once:
 * the confirmation consumes it, and only the request that did sets the password.
 */
export async function confirmUser(accessToken: string, password: string) {
  const { token, user } = await validToken(accessToken, 'confirm');
  if (user.confirmed) throw NotFound.saying(INVALID_LINK);
  const { sub } = await ensureLogin(user.email);
  if (!(await users.confirmUserLogin(user.userId, sub, token.token))) throw NotFound.saying(INVALID_LINK);
  await setPassword(user.email, password);
  return { email: user.email, message: MESSAGES.confirmBySettingPassword };
}

/** Always answers the same message, so the form does not reveal who has an account. */
export async function requestPasswordReset(email: string) {
  const user = await users.findUserByEmail(email);
  if (user?.confirmed && user.active !== false) {
    const token = await issueToken(user.userId, 'reset');
    await sendMail({
      to: user.email,
      subject: 'Reset your password',
      text: `Hello ${user.name},\n\nTo choose a new password open:\n${appLink(`/reset_password/${token}`)}\n\nThe link is valid for 24 hours. If you did not ask for this, ignore this e-mail.`,
    });
  }
  return { message: MESSAGES.resetRequested };
}

export async function checkResetToken(token: string) {
  const { user } = await validToken(token, 'reset');
  return { valid: true, email: user.email };
}

/** The reset link works once: it is consumed before the password is set, so of racing requests one sets it. */
export async function changePassword(token: string, password: string) {
  const found = await validToken(token, 'reset');
  if (!(await users.consumeAuthToken(token, 'reset'))) throw NotFound.saying(INVALID_LINK);
  await setPassword(found.user.email, password);
  return { message: 'Your password has been changed; sign in with it now' };
}

/** The signed-in user (as the auth check read them) with their companies (tags, distributed flag, their role there). */
export async function currentUser(user: UserRecord): Promise<{ user: CurrentUser }> {
  const [memberships, noticesCount] = await Promise.all([membershipsOf(user.userId), unreadCount(user.userId)]);
  return {
    user: {
      ...userView(user),
      profile: user.profile ?? {},
      notices_count: noticesCount,
      companies: await Promise.all(
        memberships.map(async ({ company: c, role }) => ({
          id: c.companyId,
          name: c.name,
          tags: c.tags ?? [],
          distributed: c.distributed ?? false,
          role,
          // What the company's plan includes: the side menu marks (never hides) what it lacks.
          plan: await companyPlanSummary(c),
        })),
      ),
    },
  };
}

export async function updateProfile(caller: Caller, userId: string, input: ProfileInput) {
  if (caller.user.userId !== userId && caller.user.role !== 'admin') throw new Forbidden(MESSAGES.noAccessHere);
  const existing = await users.getUser(userId);
  if (!existing) throw new NotFound('User');
  const changes = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.profile ? { profile: { ...(existing.profile ?? {}), ...input.profile } } : {}),
    ...(input.user_setting_attributes
      ? { userSetting: { ...(existing.userSetting ?? {}), ...input.user_setting_attributes } }
      : {}),
  };
  if (Object.keys(changes).length) await users.patchUser(userId, changes);
  const updated = await users.getUser(userId);
  if (!updated) throw new NotFound('User');
  return { ...(await currentUser(updated)), message: MESSAGES.profileUpdated };
}

/** Users for admin pickers and the users list: paged and searched by name or e-mail. */
export async function listUsers(query: ListQuery) {
  const all = (await users.listUsers()).map(userView);
  const page = pageOfQuery(all, query, {
    searchFields: ['name', 'email'],
    tieBreaker: 'id',
  });
  return listAnswer('users', page);
}
