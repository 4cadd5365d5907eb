import * as answers from '../../shared/schemas/responses-companies.js';
import { messageResponse } from '../../shared/schemas/responses.js';
import { userExists } from '../data/access/users.js';
import { NotFound } from '../lib/errors.js';
import { noticeInput, noticeUpdate } from '../../shared/schemas/notice.js';
import { areaHandler, idParams, operation, reply, type AreaOperations } from '../lib/http.js';
import { planGate } from '../plans/gate.js';
import { listQuerySchema } from '../lib/list-query.js';
import * as notices from './notices.js';

/** Notices area: admins send notices to chosen users; users read theirs. */
const operations = {
  myNotices: operation('user', {
    response: answers.inboxResponse,
    run: ({ caller }) => notices.myNotices(caller.user.userId),
  }),
  markRead: operation('user', {
    response: answers.noticeReadResponse,
    params: idParams,
    run: ({ caller, params }) => notices.markRead(caller.user.userId, params.id),
  }),
  listNotices: operation('admin', {
    response: answers.noticeListResponse,
    query: listQuerySchema(['created_at', 'title', 'type_of'], {}),
    run: ({ query }) => notices.listNotices(query),
  }),
  createNotice: operation('admin', {
    response: answers.noticeSavedResponse,
    body: noticeInput,
    run: async ({ body }) => reply(201, await notices.createNotice(body)),
  }),
  getNotice: operation('admin', {
    response: answers.noticeResponse,
    params: idParams,
    run: ({ params }) => notices.getNotice(params.id),
  }),
  updateNotice: operation('admin', {
    response: answers.noticeSavedResponse,
    params: idParams,
    body: noticeUpdate,
    run: ({ params, body }) => notices.updateNotice(params.id, body),
  }),
  deleteNotice: operation('admin', {
    response: messageResponse,
    params: idParams,
    run: ({ params }) => notices.deleteNotice(params.id),
  }),
  /** One user's notices and whether they read them (the admin's user page). */
  userNotices: operation('admin', {
    response: answers.inboxResponse,
    params: idParams,
    run: async ({ params }) => {
      if (!(await userExists(params.id))) throw new NotFound('User');
      return notices.myNotices(params.id);
    },
  }),
} satisfies AreaOperations<'notices'>;

export const handler = areaHandler('notices', operations, planGate);
