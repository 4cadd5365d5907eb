import { z } from 'zod';
import { invitationSetupInput, invitationTokenParams } from '../../shared/schemas/onboarding.js';
import { userInvite } from '../../shared/schemas/user.js';
import { areaHandler, idParams, operation, reply, type AreaOperations } from '../lib/http.js';
import { planGate } from '../plans/gate.js';
import { dateRange, financeQuery } from '../money/index.js';
import * as label from './portal-users.js';
import { scopedArtist, tokenArtist, type ScopedArtist } from './scope.js';
import * as views from './views.js';

/**
 * The artist portal (docs/artist-portal.md): the label's artist users and token links
 * (tenant routes on an artist), the artist user's dashboard (artist_user routes) and the token
 * link's page (public routes with ?token=). Every artist_user and token operation first turns
 * the path's artist into a ScopedArtist (scope.ts) and reads only through it.
 */
const id = z.string().min(1).max(80);
const artistParams = z.strictObject({ artistId: id });
const statementParams = z.strictObject({ artistId: id, statementId: id });
const tokenQuery = z.strictObject({ token: z.string().min(1).max(200).optional() });
const earningsQuery = financeQuery.pick({ start_date: true, end_date: true, year: true });

/** An artist user's operation on one of their artists. */
const mine = <Q>(query: z.ZodType<Q> | undefined, view: (s: ScopedArtist, q: Q) => Promise<unknown>) =>
  operation('artist_user', {
    params: artistParams,
    query,
    run: async ({ caller, params, query: q }) => view(await scopedArtist(caller, params.artistId), q as Q),
  });

const operations = {
  listPortalUsers: operation('tenant', {
    params: idParams,
    run: ({ tenantId, params }) => label.listPortalUsers(tenantId, params.id),
  }),
  addPortalUser: operation('tenant', {
    params: idParams,
    body: userInvite.omit({ role: true }),
    run: async ({ tenantId, caller, params, body }) =>
      reply(201, await label.addPortalUser(tenantId, params.id, body, caller.user.userId)),
  }),
  withdrawPortalInvitation: operation('tenant', {
    params: z.strictObject({ id, invitationId: id }),
    run: ({ tenantId, params }) => label.withdrawPortalInvitation(tenantId, params.id, params.invitationId),
  }),
  describePortalInvitation: operation('public', {
    params: invitationTokenParams,
    run: ({ params }) => label.describePortalInvitation(params.token),
  }),
  acceptPortalInvitation: operation('user', {
    params: invitationTokenParams,
    run: ({ caller, params }) => label.acceptPortalUserInvitation(caller, params.token),
  }),
  setUpPortalAccount: operation('public', {
    params: invitationTokenParams,
    body: invitationSetupInput,
    run: ({ params, body }) => label.setUpPortalAccount(params.token, body.password),
  }),
  removePortalUser: operation('tenant', {
    params: z.strictObject({ id, userId: id }),
    run: ({ tenantId, params }) => label.removePortalUser(tenantId, params.id, params.userId),
  }),
  listPortalLinks: operation('tenant', {
    params: idParams,
    run: ({ tenantId, params }) => label.listPortalLinks(tenantId, params.id),
  }),
  createPortalLink: operation('tenant', {
    params: idParams,
    run: async ({ tenantId, caller, params }) =>
      reply(201, await label.createLink(tenantId, params.id, caller.user.userId)),
  }),
  revokePortalLink: operation('tenant', {
    params: z.strictObject({ id, linkId: id }),
    run: ({ tenantId, params }) => label.revokeLink(tenantId, params.id, params.linkId),
  }),
  portalArtists: operation('artist_user', { run: ({ caller }) => views.portalArtists(caller) }),
  portalReleases: mine(undefined, (s) => views.portalReleases(s)),
  portalEarnings: mine(earningsQuery, (s, q) => views.portalEarnings(s, dateRange(q))),
  portalBalance: mine(undefined, (s) => views.portalBalance(s)),
  portalStatements: mine(undefined, (s) => views.portalStatements(s)),
  portalStatementPdf: operation('artist_user', {
    params: statementParams,
    run: async ({ caller, params }) =>
      views.portalStatementPdf(await scopedArtist(caller, params.artistId), params.statementId),
  }),
  homeProfile: operation('public', {
    params: artistParams,
    query: tokenQuery,
    run: async ({ params, query }) => views.portalProfile(await tokenArtist(query.token, params.artistId)),
  }),
  homeStatements: operation('public', {
    params: artistParams,
    query: tokenQuery,
    run: async ({ params, query }) => views.portalStatements(await tokenArtist(query.token, params.artistId)),
  }),
  homeStatementPdf: operation('public', {
    params: statementParams,
    query: tokenQuery,
    run: async ({ params, query }) =>
      views.portalStatementPdf(await tokenArtist(query.token, params.artistId), params.statementId),
  }),
} satisfies AreaOperations<'artist-portal'>;

export const handler = areaHandler('artist-portal', operations, planGate);
