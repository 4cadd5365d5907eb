import { z } from 'zod';
import { areaHandler, idParams, operation, reply, type AreaOperations } from '../lib/http.js';
import { listQuerySchema } from '../lib/list-query.js';
import * as bugs from './bug-reports.js';
import * as tokens from './access-tokens.js';

const isoDate = z.iso.datetime({ offset: true }).or(z.iso.date());
const tokenFields = { service: z.string().trim().min(1).max(100), expires_at: isoDate.optional() };

/** Support area: bug reports from the Bugs page and users' access tokens (spec 3 §7.10). */
const operations = {
  reportBug: operation('user', {
    body: z.strictObject({
      description: z.string().trim().min(1).max(10_000),
      referer: z.string().trim().max(2000).optional(),
    }),
    run: async ({ caller, body }) => reply(201, await bugs.reportBug(caller.user.userId, body)),
  }),
  listBugReports: operation('admin', {
    query: listQuerySchema(['created_at', 'status', 'user_email'], { user_id: z.string().min(1).max(64).optional() }),
    run: ({ query }) => bugs.listBugReports(query),
  }),
  deleteBugReport: operation('admin', { params: idParams, run: ({ params }) => bugs.deleteBugReport(params.id) }),

  listAccessTokens: operation('admin', {
    query: listQuerySchema(['created_at', 'service', 'expires_at'], { user_id: z.string().min(1).max(64).optional() }),
    run: ({ query }) => tokens.listAccessTokens(query),
  }),
  createAccessToken: operation('admin', {
    body: z.strictObject({ ...tokenFields, user_id: z.string().min(1).max(64) }),
    run: async ({ body }) => reply(201, await tokens.createAccessToken(body)),
  }),
  getAccessToken: operation('admin', { params: idParams, run: ({ params }) => tokens.getAccessToken(params.id) }),
  updateAccessToken: operation('admin', {
    params: idParams,
    body: z.strictObject({ service: tokenFields.service.optional(), expires_at: isoDate.nullable().optional() }),
    run: ({ params, body }) => tokens.updateAccessToken(params.id, body),
  }),
  deleteAccessToken: operation('admin', { params: idParams, run: ({ params }) => tokens.deleteAccessToken(params.id) }),
  revokeAllAccessTokens: operation('admin', {
    body: z.strictObject({ user_id: z.string().min(1).max(64).optional() }),
    run: ({ body }) => tokens.revokeAll(body.user_id),
  }),
} satisfies AreaOperations<'support'>;

export const handler = areaHandler('support', operations);
