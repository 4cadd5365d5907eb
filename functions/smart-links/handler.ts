import { z } from 'zod';
import {
  fanLinkParams,
  fanSignupInput,
  fanUnsubscribeParams,
  smartLinkClickQuery,
  smartLinkCreate,
  smartLinkListQuery,
  smartLinkSlugParams,
  smartLinkStoreParams,
  smartLinkUpdate,
} from '../../shared/schemas/smart-links.js';
import { checkOneClickBody } from '../lib/one-click-unsubscribe.js';
import { areaHandler, idParams, operation, reply, type AreaOperations } from '../lib/http.js';
import { planGate } from '../plans/gate.js';
import * as links from './index.js';
import * as pages from '../../shared/schemas/responses-promos.js';
import {
  messageResponse,
  recordResponse,
  rowsResponse,
  savedResponse,
  smartLinkRow,
  totals,
} from '../../shared/schemas/responses.js';

const labelParams = z.strictObject({ labelId: z.string().min(1).max(80) });

/**
 * Smart links area: a company's links (catalogue rights, like the releases they point at), and the public
 * addresses a fan opens — the landing page, the store redirects, a label's store page — kept in a Lambda of
 * their own so a redirect loads nothing else.
 */
const operations = {
  listSmartLinks: operation('tenant', {
    query: smartLinkListQuery,
    response: rowsResponse('smart_links', smartLinkRow, { total_count: totals.total_count }),
    run: ({ tenantId, query }) => links.listSmartLinks(tenantId, query.release_id),
  }),
  createSmartLink: operation('tenant', {
    response: savedResponse('smart_link', smartLinkRow),
    body: smartLinkCreate,
    run: async ({ tenantId, body }) => reply(201, await links.createSmartLink(tenantId, body.smart_link)),
  }),
  getSmartLink: operation('tenant', {
    params: idParams,
    response: recordResponse('smart_link', smartLinkRow).extend({
      analytics: z.looseObject({}),
      fans: z.looseObject({}),
    }),
    run: ({ tenantId, params }) => links.getSmartLink(tenantId, params.id),
  }),
  updateSmartLink: operation('tenant', {
    response: savedResponse('smart_link', smartLinkRow),
    params: idParams,
    body: smartLinkUpdate,
    run: ({ tenantId, params, body }) => links.updateSmartLink(tenantId, params.id, body.smart_link),
  }),
  deleteSmartLink: operation('tenant', {
    response: messageResponse,
    params: idParams,
    run: ({ tenantId, params }) => links.deleteSmartLink(tenantId, params.id),
  }),
  viewSmartLink: operation('public', {
    response: pages.linkPageResponse,
    params: smartLinkSlugParams,
    run: ({ params, headers }) => links.landingPage(params.slug, headers),
  }),
  followSmartLink: operation('public', {
    params: smartLinkSlugParams,
    query: smartLinkClickQuery,
    run: ({ params, headers, query }) => links.followLink(params.slug, headers, query.ref),
  }),
  followSmartLinkStore: operation('public', {
    params: smartLinkStoreParams,
    query: smartLinkClickQuery,
    run: ({ params, headers, query }) => links.followStore(params.slug, params.store, headers, query.ref),
  }),
  notifyMeOnRelease: operation('public', {
    response: messageResponse,
    params: fanLinkParams,
    body: fanSignupInput,
    run: async ({ params, body }) => reply(201, await links.captureFan(params.slug, body.fan.email)),
  }),
  unsubscribeFan: operation('public', {
    params: fanUnsubscribeParams,
    // A one-click mail client posts the form `List-Unsubscribe=One-Click` (RFC 8058), the page an empty body.
    rawBody: true,
    run: ({ params, rawBody }) => {
      checkOneClickBody(rawBody);
      return links.unsubscribeFan(params.slug, params.token);
    },
  }),
  viewLabelStore: operation('public', {
    response: pages.labelStorePageResponse,
    params: labelParams,
    run: ({ params }) => links.labelStore(params.labelId),
  }),
} satisfies AreaOperations<'smart-links'>;

export const handler = areaHandler('smart-links', operations, planGate);
