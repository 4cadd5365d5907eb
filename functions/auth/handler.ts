import { deletedResponse, messageResponse } from '../../shared/schemas/responses.js';
import { z } from 'zod';
import * as answers from '../../shared/schemas/responses-companies.js';
import {
  changePasswordInput,
  checkTokenInput,
  confirmInput,
  profileInput,
  resetRequestInput,
  signUpInput,
  tokenInput,
} from '../../shared/schemas/auth.js';
import { areaHandler, idParams, operation, reply, type AreaOperations } from '../lib/http.js';
import { planGate } from '../plans/gate.js';
import { listQuerySchema } from '../lib/list-query.js';
import * as accounts from './accounts.js';
import { deleteLogs, listLogs, logSignIn } from '../lib/activity-log.js';
import * as users from './admin-users.js';
import { userInvite, userUpdate } from '../../shared/schemas/user.js';

/** Auth area: sign-up, confirmation, resets and the signed-in user's own record. */
const operations = {
  signUp: operation('public', {
    body: signUpInput,
    run: async ({ body }) => {
      await accounts.createUnconfirmedUser(body, 'signup');
      return reply(201, { message: 'Check your e-mail for the link that confirms your account' });
    },
  }),
  findUnconfirmedUser: operation('public', {
    body: tokenInput,
    run: ({ body }) => accounts.findUnconfirmedUser(body.access_token),
  }),
  confirmUser: operation('public', {
    body: confirmInput,
    run: ({ body }) => accounts.confirmUser(body.access_token, body.password),
  }),
  requestPasswordReset: operation('public', {
    body: resetRequestInput,
    run: ({ body }) => accounts.requestPasswordReset(body.email),
  }),
  checkResetToken: operation('public', {
    body: checkTokenInput,
    run: ({ body }) => accounts.checkResetToken(body.token),
  }),
  changePassword: operation('public', {
    body: changePasswordInput,
    run: ({ body }) => accounts.changePassword(body.token, body.password),
  }),
  currentUser: operation('user', {
    response: answers.currentUserResponse,
    // The SPA loads /me right after signing in, so this is where a sign-in is logged (once per authentication).
    run: async ({ caller, sourceIp }) => {
      await logSignIn(caller.user.userId, caller.authTime, sourceIp);
      return accounts.currentUser(caller.user);
    },
  }),
  listLogs: operation('admin', {
    response: answers.activityLogResponse,
    query: z.strictObject({ user_id: z.string().min(1).max(64) }),
    run: ({ query }) => listLogs(query.user_id),
  }),
  myLogs: operation('user', {
    response: answers.activityLogResponse,
    run: ({ caller }) => listLogs(caller.user.userId),
  }),
  deleteLogs: operation('admin', {
    response: deletedResponse,
    body: z.strictObject({ user_id: z.string().min(1).max(64) }),
    run: ({ body }) => deleteLogs(body.user_id),
  }),
  adminListUsers: operation('admin', {
    response: answers.adminUserListResponse,
    query: listQuerySchema(['name', 'email', 'role'], {}),
    run: ({ query }) => accounts.listUsers(query),
  }),
  adminInviteUser: operation('admin', {
    response: answers.adminUserSavedResponse,
    body: userInvite,
    run: async ({ body }) => reply(201, await users.inviteUser(body)),
  }),
  adminGetUser: operation('admin', {
    response: answers.adminUserResponse,
    params: idParams,
    run: ({ params }) => users.getUser(params.id),
  }),
  adminUpdateUser: operation('admin', {
    response: answers.adminUserSavedResponse,
    params: idParams,
    body: userUpdate,
    run: ({ params, body }) => users.updateUser(params.id, body),
  }),
  adminDeleteUser: operation('admin', {
    response: messageResponse,
    params: idParams,
    run: ({ params, caller }) => users.deleteUser(params.id, caller.user.userId),
  }),
  adminResendInvite: operation('admin', {
    response: messageResponse,
    params: idParams,
    run: ({ params }) => users.resendCreateEmail(params.id),
  }),
  updateProfile: operation('user', {
    response: answers.profileSavedResponse,
    params: idParams,
    body: profileInput,
    run: ({ caller, params, body }) => accounts.updateProfile(caller, params.id, body),
  }),
} satisfies AreaOperations<'auth'>;

export const handler = areaHandler('auth', operations, planGate);
