import { z } from 'zod';
import { invitationSetupInput, invitationTokenParams } from '../../shared/schemas/onboarding.js';
import { userInvite } from '../../shared/schemas/user.js';
import { areaHandler, idParams, operation, reply, type AreaOperations } from '../lib/http.js';
import { planGate } from '../plans/gate.js';
import { dateRange, financeQuery } from '../money/index.js';
import * as label from './portal-users.js';
import { type LinkAccount, scopedArtist, tokenArtist, tokenPayee, type ScopedArtist } from './scope.js';
import * as views from './views.js';
import * as answers from '../../shared/schemas/responses-portal.js';
import { messageResponse } from '../../shared/schemas/responses.js';

/**
 * The artist portal (docs/artist-portal.md): the label's artist users and token links
 * (tenant routes on an artist or a payee), the artist user's dashboard (artist_user routes) and the
 * token links' pages (public routes with ?token=). Every artist_user and token operation first turns
 * the path's artist into a ScopedArtist, or payee into a ScopedPayee (scope.ts), and reads only through it.
 */
const id = z.string().min(1).max(80);
const artistParams = z.strictObject({ artistId: id });
const statementParams = z.strictObject({ artistId: id, statementId: id });
const payeeParams = z.strictObject({ payeeId: id });
const payeeStatementParams = z.strictObject({ payeeId: id, statementId: id });
const tokenQuery = z.strictObject({ token: z.string().min(1).max(200).optional() });
const earningsQuery = financeQuery.pick({ start_date: true, end_date: true, year: true });

/** A statement's PDF or CSV download, for an artist user of the artist, or for its token link. */
const userStatementFile = (kind: 'pdf' | 'csv') =>
  operation('artist_user', {
    response: answers.portalPdfResponse,
    params: statementParams,
    run: async ({ caller, params }) =>
      views.portalStatementFile(await scopedArtist(caller, params.artistId), params.statementId, kind),
  });
const tokenStatementFile = (kind: 'pdf' | 'csv') =>
  operation('public', {
    response: answers.portalPdfResponse,
    params: statementParams,
    query: tokenQuery,
    run: async ({ params, query }) =>
      views.portalStatementFile(await tokenArtist(query.token, params.artistId), params.statementId, kind),
  });

/** A statement's PDF or CSV download, for a payee's token link. */
const payeeStatementFile = (kind: 'pdf' | 'csv') =>
  operation('public', {
    response: answers.portalPdfResponse,
    params: payeeStatementParams,
    query: tokenQuery,
    run: async ({ params, query }) =>
      views.portalStatementFile(await tokenPayee(query.token, params.payeeId), params.statementId, kind),
  });

/** The label's token links to one kind of account (an artist's, a payee's): listed, made (answered once), revoked. */
function linkOperations(type: LinkAccount['type']) {
  const account = (accountId: string): LinkAccount => ({ type, id: accountId });
  return {
    list: operation('tenant', {
      response: answers.portalLinksResponse,
      params: idParams,
      run: ({ tenantId, params }) => label.listPortalLinks(tenantId, account(params.id)),
    }),
    create: operation('tenant', {
      response: answers.portalLinkMadeResponse,
      params: idParams,
      run: async ({ tenantId, caller, params }) =>
        reply(201, await label.createLink(tenantId, account(params.id), caller.user.userId)),
    }),
    revoke: operation('tenant', {
      response: messageResponse,
      params: z.strictObject({ id, linkId: id }),
      run: ({ tenantId, params }) => label.revokeLink(tenantId, account(params.id), params.linkId),
    }),
  };
}
const artistLinks = linkOperations('Artist');
const payeeLinks = linkOperations('Payee');

/** An artist user's operation on one of their artists. */
const mine = <Q>(
  query: z.ZodType<Q> | undefined,
  response: z.ZodType,
  view: (s: ScopedArtist, q: Q) => Promise<unknown>,
) =>
  operation('artist_user', {
    params: artistParams,
    response,
    query,
    run: async ({ caller, params, query: q }) => view(await scopedArtist(caller, params.artistId), q as Q),
  });

const operations = {
  listPortalUsers: operation('tenant', {
    response: answers.portalUsersResponse,
    params: idParams,
    run: ({ tenantId, params }) => label.listPortalUsers(tenantId, params.id),
  }),
  addPortalUser: operation('tenant', {
    response: answers.portalInvitedResponse,
    params: idParams,
    body: userInvite.omit({ role: true }),
    run: async ({ tenantId, caller, params, body }) =>
      reply(201, await label.addPortalUser(tenantId, params.id, body, caller.user.userId)),
  }),
  withdrawPortalInvitation: operation('tenant', {
    response: messageResponse,
    params: z.strictObject({ id, invitationId: id }),
    run: ({ tenantId, params }) => label.withdrawPortalInvitation(tenantId, params.id, params.invitationId),
  }),
  describePortalInvitation: operation('public', {
    response: answers.portalInvitationViewResponse,
    params: invitationTokenParams,
    run: ({ params }) => label.describePortalInvitation(params.token),
  }),
  acceptPortalInvitation: operation('user', {
    response: answers.portalAcceptedResponse,
    params: invitationTokenParams,
    run: ({ caller, params }) => label.acceptPortalUserInvitation(caller, params.token),
  }),
  setUpPortalAccount: operation('public', {
    response: answers.portalAcceptedResponse,
    params: invitationTokenParams,
    body: invitationSetupInput,
    run: ({ params, body }) => label.setUpPortalAccount(params.token, body.password),
  }),
  removePortalUser: operation('tenant', {
    response: messageResponse,
    params: z.strictObject({ id, userId: id }),
    run: ({ tenantId, params }) => label.removePortalUser(tenantId, params.id, params.userId),
  }),
  listPortalLinks: artistLinks.list,
  createPortalLink: artistLinks.create,
  revokePortalLink: artistLinks.revoke,
  portalArtists: operation('artist_user', {
    response: answers.portalArtistsResponse,
    run: ({ caller }) => views.portalArtists(caller),
  }),
  portalReleases: mine(undefined, answers.portalReleasesResponse, (s) => views.portalReleases(s)),
  portalEarnings: mine(earningsQuery, answers.portalEarningsResponse, (s, q) => views.portalEarnings(s, dateRange(q))),
  portalBalance: mine(undefined, answers.portalBalanceResponse, (s) => views.portalBalance(s)),
  portalStatements: mine(undefined, answers.portalStatementsResponse, (s) => views.portalStatements(s)),
  portalStatementPdf: userStatementFile('pdf'),
  portalStatementCsv: userStatementFile('csv'),
  homeProfile: operation('public', {
    response: answers.portalProfileResponse,
    params: artistParams,
    query: tokenQuery,
    run: async ({ params, query }) => views.portalProfile(await tokenArtist(query.token, params.artistId)),
  }),
  homeStatements: operation('public', {
    response: answers.portalStatementsResponse,
    params: artistParams,
    query: tokenQuery,
    run: async ({ params, query }) => views.portalStatements(await tokenArtist(query.token, params.artistId)),
  }),
  homeStatementPdf: tokenStatementFile('pdf'),
  homeStatementCsv: tokenStatementFile('csv'),
  listPayeePortalLinks: payeeLinks.list,
  createPayeePortalLink: payeeLinks.create,
  revokePayeePortalLink: payeeLinks.revoke,
  payeeHome: operation('public', {
    response: answers.payeeHomeResponse,
    params: payeeParams,
    query: tokenQuery,
    run: async ({ params, query }) => views.payeeHome(await tokenPayee(query.token, params.payeeId)),
  }),
  payeeHomeStatements: operation('public', {
    response: answers.portalStatementsResponse,
    params: payeeParams,
    query: tokenQuery,
    run: async ({ params, query }) => views.portalStatements(await tokenPayee(query.token, params.payeeId)),
  }),
  payeeHomeStatementPdf: payeeStatementFile('pdf'),
  payeeHomeStatementCsv: payeeStatementFile('csv'),
} satisfies AreaOperations<'artist-portal'>;

export const handler = areaHandler('artist-portal', operations, planGate);
