import * as answers from '../../shared/schemas/responses-companies.js';
import { messageResponse } from '../../shared/schemas/responses.js';
import { siteHelpResponse } from '../../shared/schemas/responses-platform.js';
import { z } from 'zod';
import {
  accessTokenInput,
  accessTokenUpdate,
  bugReportInput,
  revokeAllInput,
  siteHelpInput,
  siteHelpPage,
} from '../../shared/schemas/support.js';
import { apiTokenCreated, apiTokenInput, apiTokenList, apiTokenRevoked } from '../../shared/schemas/api-tokens.js';
import { areaHandler, idParams, operation, reply, type AreaOperations } from '../lib/http.js';
import { planGate } from '../plans/gate.js';
import { listQuerySchema } from '../lib/list-query.js';
import * as bugs from './bug-reports.js';
import * as tokens from './access-tokens.js';
import * as help from './site-help.js';
import * as companyTokens from './company-api-tokens.js';

const pageParams = z.strictObject({ page: siteHelpPage });

/** Support area: bug reports from the Bugs page, users' access tokens, companies' API tokens and the help panel's texts. */
const operations = {
  reportBug: operation('user', {
    response: answers.bugReportSavedResponse,
    body: bugReportInput,
    run: async ({ caller, body }) => reply(201, await bugs.reportBug(caller.user.userId, body)),
  }),
  /** The caller's own reports; the user filter is the caller, never the query's. */
  myBugReports: operation('user', {
    response: answers.bugReportListResponse,
    query: listQuerySchema(['created_at', 'status'], {}),
    run: ({ query, caller }) => bugs.listBugReports({ ...query, user_id: caller.user.userId }),
  }),
  listBugReports: operation('admin', {
    response: answers.bugReportListResponse,
    query: listQuerySchema(['created_at', 'status', 'user_email'], { user_id: z.string().min(1).max(64).optional() }),
    run: ({ query }) => bugs.listBugReports(query),
  }),
  deleteBugReport: operation('admin', {
    response: messageResponse,
    params: idParams,
    run: ({ params }) => bugs.deleteBugReport(params.id),
  }),

  listAccessTokens: operation('admin', {
    response: answers.accessTokenListResponse,
    query: listQuerySchema(['created_at', 'service', 'expires_at'], { user_id: z.string().min(1).max(64).optional() }),
    run: ({ query }) => tokens.listAccessTokens(query),
  }),
  createAccessToken: operation('admin', {
    response: answers.accessTokenSavedResponse,
    body: accessTokenInput,
    run: async ({ body }) => reply(201, await tokens.createAccessToken(body)),
  }),
  getAccessToken: operation('admin', {
    response: answers.accessTokenResponse,
    params: idParams,
    run: ({ params }) => tokens.getAccessToken(params.id),
  }),
  updateAccessToken: operation('admin', {
    response: answers.accessTokenSavedResponse,
    params: idParams,
    body: accessTokenUpdate,
    run: ({ params, body }) => tokens.updateAccessToken(params.id, body),
  }),
  deleteAccessToken: operation('admin', {
    response: messageResponse,
    params: idParams,
    run: ({ params }) => tokens.deleteAccessToken(params.id),
  }),
  revokeAllAccessTokens: operation('admin', {
    response: answers.accessTokensRevokedResponse,
    body: revokeAllInput,
    run: ({ body }) => tokens.revokeAll(body.user_id),
  }),
  listCompanyApiTokens: operation('tenant', {
    response: apiTokenList,
    run: ({ tenantId }) => companyTokens.listCompanyApiTokens(tenantId),
  }),
  createCompanyApiToken: operation('tenant', {
    body: apiTokenInput,
    response: apiTokenCreated,
    run: async ({ tenantId, caller, body }) =>
      reply(201, await companyTokens.createCompanyApiToken(tenantId, caller.user.userId, body)),
  }),
  revokeCompanyApiToken: operation('tenant', {
    params: idParams,
    response: apiTokenRevoked,
    run: ({ tenantId, params }) => companyTokens.revokeCompanyApiToken(tenantId, params.id),
  }),
  // The help panel reads every edited page at once; admins edit one page's help at a time.
  listSiteHelp: operation('user', { response: siteHelpResponse, run: () => help.listSiteHelp() }),
  saveSiteHelp: operation('admin', {
    response: messageResponse,
    params: pageParams,
    body: siteHelpInput,
    run: ({ params, body, caller }) => help.saveSiteHelp(params.page, body, caller.user.userId),
  }),
  resetSiteHelp: operation('admin', {
    response: messageResponse,
    params: pageParams,
    run: ({ params }) => help.resetSiteHelp(params.page),
  }),
} satisfies AreaOperations<'support'>;

export const handler = areaHandler('support', operations, planGate);
