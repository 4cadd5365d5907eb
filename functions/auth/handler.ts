import { z } from 'zod';
import {
  changePasswordInput,
  checkTokenInput,
  confirmInput,
  profileInput,
  resetRequestInput,
  signUpInput,
  tokenInput,
} from '../../shared/schemas/auth.js';
import { areaHandler, operation, reply } from '../lib/http.js';
import { listQuerySchema } from '../lib/list-query.js';
import * as accounts from './accounts.js';
import { deleteLogs, listLogs, logSignIn } from '../lib/activity-log.js';
import * as users from './admin-users.js';
import { userInvite, userUpdate } from '../../shared/schemas/user.js';

const idParams = z.strictObject({ id: z.string().min(1).max(64) });

/** Auth area: sign-up, confirmation, resets and the signed-in user's own record (spec 1 §7 Session). */
export const handler = areaHandler('auth', {
  signUp: operation({
    body: signUpInput,
    run: async ({ body }) => {
      await accounts.createUnconfirmedUser(body, 'signup');
      return reply(201, { message: 'Check your e-mail for the link that confirms your account' });
    },
  }),
  findUnconfirmedUser: operation({ body: tokenInput, run: ({ body }) => accounts.findUnconfirmedUser(body.access_token) }),
  confirmUser: operation({ body: confirmInput, run: ({ body }) => accounts.confirmUser(body.access_token, body.password) }),
  requestPasswordReset: operation({ body: resetRequestInput, run: ({ body }) => accounts.requestPasswordReset(body.email) }),
  checkResetToken: operation({ body: checkTokenInput, run: ({ body }) => accounts.checkResetToken(body.token) }),
  changePassword: operation({ body: changePasswordInput, run: ({ body }) => accounts.changePassword(body.token, body.password) }),
  currentUser: operation({
    // The SPA loads /me right after signing in, so this is where a sign-in is logged (once per authentication).
    run: async ({ caller, sourceIp }) => {
      await logSignIn(caller!.user.userId, caller!.authTime, sourceIp);
      return accounts.currentUser(caller!.user);
    },
  }),
  listLogs: operation({ query: z.strictObject({ user_id: z.string().min(1).max(64) }), run: ({ query }) => listLogs(query.user_id) }),
  deleteLogs: operation({ body: z.strictObject({ user_id: z.string().min(1).max(64) }), run: ({ body }) => deleteLogs(body.user_id) }),
  adminListUsers: operation({
    query: listQuerySchema(['name', 'email', 'role'], {}),
    run: ({ query }) => accounts.listUsers(query),
  }),
  adminInviteUser: operation({ body: userInvite, run: async ({ body }) => reply(201, await users.inviteUser(body)) }),
  adminGetUser: operation({ params: idParams, run: ({ params }) => users.getUser(params.id) }),
  adminUpdateUser: operation({ params: idParams, body: userUpdate, run: ({ params, body }) => users.updateUser(params.id, body) }),
  adminDeleteUser: operation({ params: idParams, run: ({ params, caller }) => users.deleteUser(params.id, caller!.user.userId) }),
  adminResendInvite: operation({ params: idParams, run: ({ params }) => users.resendCreateEmail(params.id) }),
  updateProfile: operation({
    params: idParams,
    body: profileInput,
    run: ({ caller, params, body }) => accounts.updateProfile(caller!, params.id, body),
  }),
});
