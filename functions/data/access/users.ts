import { writtenUnlessConditionFailed } from '../../lib/errors.js';
import type { AuthTokenItem, CreateAuthToken, TokenPurpose } from '../entities/auth-token.js';
import type { CreateUser, UpdateUser, UserItem } from '../entities/user.js';
import { getDb } from '../service.js';
import { writeTransaction, writtenUnlessRefused } from '../transaction.js';

/** Every query of users, their sign-ins and their mailed tokens, by name. */

const users = () => getDb().entities.User;
const tokens = () => getDb().entities.AuthToken;

/** The guard item that keeps an e-mail unique among users. */
const emailGuard = (email: string) => ({ scope: 'email', value: email.trim().toLowerCase() });

export async function getUser(userId: string): Promise<UserItem | null> {
  return (await users().get({ userId }).go()).data;
}

/** Whether the user exists, reading its key only. */
export async function userExists(userId: string): Promise<boolean> {
  return Boolean(
    (
      await users()
        .get({ userId })
        .go({ attributes: ['userId'] })
    ).data,
  );
}

/** Several users in one batch read; absent ones are left out. */
export async function getUsers(userIds: readonly string[]): Promise<UserItem[]> {
  if (!userIds.length) return [];
  return (
    await users()
      .get(userIds.map((userId) => ({ userId })))
      .go()
  ).data;
}

export async function listUsers(): Promise<UserItem[]> {
  return (await users().query.all({}).go({ pages: 'all' })).data;
}

export async function patchUser(userId: string, changes: UpdateUser): Promise<void> {
  await users().patch({ userId }).set(changes).go();
}

/** The user who holds the e-mail (any casing), through its guard item. */
export async function findUserByEmail(email: string): Promise<UserItem | null> {
  const guard = (await getDb().entities.UniqueValue.get(emailGuard(email)).go()).data;
  return guard ? getUser(guard.ownerId) : null;
}

/** The user a Cognito subject signs in as, or null before they have set a password. */
export async function userIdForSub(sub: string): Promise<string | null> {
  return (await getDb().entities.UserLogin.get({ sub }).go()).data?.userId ?? null;
}

/** Creates a user with the guard of their e-mail in one transaction: 409 "Email has already been taken". */
export async function createUser(user: CreateUser): Promise<void> {
  await writeTransaction(
    ({ User, UniqueValue }) => [
      User.create(user).commit(),
      UniqueValue.create({ ...emailGuard(user.email), ownerId: user.userId }).commit(),
    ],
    { 1: { field: 'email', message: 'Email has already been taken' } },
  );
}

/** Links a Cognito subject to the user, marks them confirmed and spends the token, in one transaction. */
/**
 * Confirms a user by their confirmation token, consuming it in the same write: of requests racing with one
 * token exactly one confirms; the others answer false and change nothing.
 */
export async function confirmUserLogin(userId: string, sub: string, token: string): Promise<boolean> {
  return writtenUnlessRefused(({ User, UserLogin, AuthToken }) => [
    AuthToken.delete({ token })
      .where((attr, op) => `${op.eq(attr.userId, userId)} AND ${op.eq(attr.purpose, 'confirm')}`)
      .commit(),
    User.patch({ userId })
      .set({ confirmed: true })
      .where(({ confirmed }, { eq }) => eq(confirmed, false))
      .commit(),
    UserLogin.put({ sub, userId }).commit(),
  ]);
}

/** Deletes a user with their e-mail guard, sign-in and memberships in one transaction. */
export async function deleteUserRecords(
  user: { userId: string; email: string },
  sub: string | undefined,
  companyIds: readonly string[],
): Promise<void> {
  const { userId } = user;
  await writeTransaction(({ User, UserLogin, UniqueValue, CompanyUser }) => [
    User.delete({ userId }).commit(),
    // The guard as written, not re-normalised: e-mails are stored lower-case already.
    UniqueValue.delete({ scope: 'email', value: user.email }).commit(),
    ...(sub ? [UserLogin.delete({ sub }).commit()] : []),
    ...companyIds.map((companyId) => CompanyUser.delete({ userId, companyId }).commit()),
  ]);
}

export async function createAuthToken(token: CreateAuthToken): Promise<void> {
  await tokens().create(token).go();
}

export async function getAuthToken(token: string): Promise<AuthTokenItem | null> {
  return (await tokens().get({ token }).go()).data;
}

/**
 * Deletes a token only if it is still there with its purpose: whether this call consumed it. Of requests
 * racing with one token exactly one gets true.
 */
export async function consumeAuthToken(token: string, purpose: TokenPurpose): Promise<boolean> {
  return writtenUnlessConditionFailed(() =>
    tokens()
      .delete({ token })
      .where((attr, op) => `${op.exists(attr.token)} AND ${op.eq(attr.purpose, purpose)}`)
      .go(),
  );
}
