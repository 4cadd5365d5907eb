import { z } from 'zod';
import { areaHandler, operation, reply } from '../lib/http.js';
import { listQuerySchema } from '../lib/list-query.js';
import * as bugs from './bug-reports.js';
import * as tokens from './access-tokens.js';

const idParams = z.strictObject({ id: z.string().min(1).max(64) });
const isoDate = z.iso.datetime({ offset: true }).or(z.iso.date());
const tokenFields = { service: z.string().trim().min(1).max(100), expires_at: isoDate.optional() };

/** Support area: bug reports from the Bugs page and users' access tokens (spec 3 §7.10). */
export const handler = areaHandler('support', {
  reportBug: operation({
    body: z.strictObject({ description: z.string().trim().min(1).max(10_000), referer: z.string().trim().max(2000).optional() }),
    run: async ({ caller, body }) => reply(201, await bugs.reportBug(caller!.user.userId, body)),
  }),
  listBugReports: operation({
    query: listQuerySchema(['created_at', 'status', 'user_email'], { user_id: z.string().min(1).max(64).optional() }),
    run: ({ query }) => bugs.listBugReports(query),
  }),
  deleteBugReport: operation({ params: idParams, run: ({ params }) => bugs.deleteBugReport(params.id) }),

  listAccessTokens: operation({
    query: listQuerySchema(['created_at', 'service', 'expires_at'], { user_id: z.string().min(1).max(64).optional() }),
    run: ({ query }) => tokens.listAccessTokens(query),
  }),
  createAccessToken: operation({
    body: z.strictObject({ ...tokenFields, user_id: z.string().min(1).max(64) }),
    run: async ({ body }) => reply(201, await tokens.createAccessToken(body)),
  }),
  getAccessToken: operation({ params: idParams, run: ({ params }) => tokens.getAccessToken(params.id) }),
  updateAccessToken: operation({
    params: idParams,
    body: z.strictObject({ service: tokenFields.service.optional(), expires_at: isoDate.nullable().optional() }),
    run: ({ params, body }) => tokens.updateAccessToken(params.id, body),
  }),
  deleteAccessToken: operation({ params: idParams, run: ({ params }) => tokens.deleteAccessToken(params.id) }),
  revokeAllAccessTokens: operation({
    body: z.strictObject({ user_id: z.string().min(1).max(64).optional() }),
    run: ({ body }) => tokens.revokeAll(body.user_id),
  }),
});
