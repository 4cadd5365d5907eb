import * as tools from '../../shared/schemas/responses-labels.js';
import { z } from 'zod';
import {
  mailingListInput,
  mailingListUpdate,
  memberCsvInput,
  memberInput,
  memberParams,
  memberUpdate,
  promoCreateInput,
  promoDownloadInput,
  promoFeedbackInput,
  promoListQuery,
  promoSendInput,
  promoFollowUpInput,
  deactivateMembersInput,
  promoTraceInput,
  promoTrackInput,
  promoUpdateInput,
} from '../../shared/schemas/promos.js';
import { checkOneClickBody } from '../lib/one-click-unsubscribe.js';
import {
  promoTemplateInput,
  promoTemplatePreviewInput,
  promoTemplateUpdate,
} from '../../shared/schemas/promo-templates.js';
import { areaHandler, idParams, operation, reply, type AreaOperations } from '../lib/http.js';
import { planGate } from '../plans/gate.js';
import * as promos from './index.js';
import * as sends from '../../shared/schemas/responses-promos.js';
import {
  fileLinkResponse,
  messageResponse,
  promoRow,
  recordResponse,
  rowsResponse,
  savedResponse,
  totals,
} from '../../shared/schemas/responses.js';

/** A recipient's link: the promo's id and the access token (recipient id, a dot, the secret). */
const linkParams = z.strictObject({ id: z.string().min(1).max(64), accessToken: z.string().min(1).max(200) });
/** A test send may borrow a promo's words; without one it uses a sample. */
const testSendInput = z.strictObject({ promo_id: z.string().trim().min(1).max(64).optional() });
const recipientParams = z.strictObject({ id: z.string().min(1).max(64), recipientId: z.string().min(1).max(64) });

/** Promos area: mailing lists, promos made from releases, their sends and analysis, and the public page. */
const operations = {
  listMailingLists: operation('tenant', {
    response: tools.mailingListsResponse,
    run: ({ tenantId }) => promos.listMailingLists(tenantId),
  }),
  createMailingList: operation('tenant', {
    response: tools.mailingListSavedResponse,
    body: mailingListInput,
    run: async ({ tenantId, body }) => reply(201, await promos.createMailingList(tenantId, body)),
  }),
  getMailingList: operation('tenant', {
    response: tools.mailingListResponse,
    params: idParams,
    run: ({ tenantId, params }) => promos.getMailingList(tenantId, params.id),
  }),
  updateMailingList: operation('tenant', {
    response: tools.mailingListSavedResponse,
    params: idParams,
    body: mailingListUpdate,
    run: ({ tenantId, params, body }) => promos.updateMailingList(tenantId, params.id, body),
  }),
  addMailingListMember: operation('tenant', {
    response: tools.memberAddedResponse,
    params: idParams,
    body: memberInput,
    run: ({ tenantId, params, body }) => promos.addMember(tenantId, params.id, body),
  }),
  importMailingListMembers: operation('tenant', {
    response: tools.membersImportedResponse,
    params: idParams,
    body: memberCsvInput,
    run: ({ tenantId, params, body }) => promos.importMembers(tenantId, params.id, body.csv),
  }),
  updateMailingListMember: operation('tenant', {
    response: tools.memberUpdatedResponse,
    params: memberParams,
    body: memberUpdate,
    run: ({ tenantId, params, body }) => promos.updateMember(tenantId, params.id, params.email, body),
  }),
  removeMailingListMember: operation('tenant', {
    response: tools.memberRemovedResponse,
    params: memberParams,
    run: ({ tenantId, params }) => promos.removeMember(tenantId, params.id, params.email),
  }),
  unengagedListMembers: operation('tenant', {
    response: tools.unengagedMembersResponse,
    params: idParams,
    run: ({ tenantId, params }) => promos.unengagedMembers(tenantId, params.id),
  }),
  deactivateListMembers: operation('tenant', {
    response: tools.membersDeactivatedResponse,
    params: idParams,
    body: deactivateMembersInput,
    run: ({ tenantId, params, body }) => promos.deactivateMembers(tenantId, params.id, body.emails),
  }),
  listPromos: operation('tenant', {
    query: promoListQuery,
    response: rowsResponse('promos', promoRow, totals),
    run: ({ tenantId, query }) => promos.listPromos(tenantId, query.release_id),
  }),
  createPromo: operation('tenant', {
    response: savedResponse('promo', promoRow),
    body: promoCreateInput,
    run: async ({ tenantId, body }) => reply(201, await promos.createPromo(tenantId, body)),
  }),
  getPromo: operation('tenant', {
    params: idParams,
    response: recordResponse('promo', promoRow),
    run: ({ tenantId, params }) => promos.getPromo(tenantId, params.id),
  }),
  updatePromo: operation('tenant', {
    response: savedResponse('promo', promoRow),
    params: idParams,
    body: promoUpdateInput,
    run: ({ tenantId, params, body }) => promos.updatePromo(tenantId, params.id, body),
  }),
  deletePromo: operation('tenant', {
    response: messageResponse,
    params: idParams,
    run: ({ tenantId, params }) => promos.deletePromo(tenantId, params.id),
  }),
  sendPromo: operation('tenant', {
    response: z.union([sends.promoSentResponse, sends.promoScheduledResponse]),
    params: idParams,
    body: promoSendInput,
    run: ({ tenantId, caller, params, body }) =>
      body.send_at
        ? promos.scheduleSend(tenantId, params.id, { ...body, send_at: body.send_at })
        : promos.sendPromo(tenantId, params.id, body, caller.user.role === 'admin'),
  }),
  followUpPromo: operation('tenant', {
    response: sends.promoFollowUpResponse,
    params: idParams,
    body: promoFollowUpInput,
    run: async ({ tenantId, caller, params, body }) =>
      reply(201, await promos.followUpPromo(tenantId, params.id, body, caller)),
  }),
  cancelScheduledPromoSend: operation('tenant', {
    response: messageResponse,
    params: idParams,
    run: ({ tenantId, params }) => promos.cancelScheduledSend(tenantId, params.id),
  }),
  promoRecipients: operation('tenant', {
    response: sends.promoRecipientsResponse,
    params: idParams,
    run: ({ tenantId, params }) => promos.promoRecipients(tenantId, params.id),
  }),
  promoRecipientsCsv: operation('tenant', {
    response: sends.promoRecipientsCsvResponse,
    params: idParams,
    run: ({ tenantId, params }) => promos.recipientsCsv(tenantId, params.id),
  }),
  revokePromoRecipient: operation('tenant', {
    response: messageResponse,
    params: recipientParams,
    run: ({ tenantId, params }) => promos.revokeRecipient(tenantId, params.id, params.recipientId),
  }),
  whosePromoFile: operation('tenant', {
    body: promoTraceInput,
    run: ({ tenantId, body }) => promos.whoseFile(tenantId, body),
  }),
  viewPromo: operation('public', {
    response: sends.promoPageResponse,
    params: linkParams,
    run: async ({ params }) =>
      reply(200, await promos.viewPromo(params.id, params.accessToken), { 'Cache-Control': 'no-store' }),
  }),
  playPromoTrack: operation('public', {
    response: sends.playCountedResponse,
    params: linkParams,
    body: promoTrackInput,
    run: ({ params, body }) => promos.countPlay(params.id, params.accessToken, body.recording_id),
  }),
  givePromoFeedback: operation('public', {
    response: messageResponse,
    params: linkParams,
    body: promoFeedbackInput,
    run: ({ params, body }) => promos.giveFeedback(params.id, params.accessToken, body),
  }),
  downloadPromoTrack: operation('public', {
    params: linkParams,
    body: promoDownloadInput,
    run: ({ params, body }) => promos.downloadTrack(params.id, params.accessToken, body.recording_id, body.format),
  }),
  promoCover: operation('public', {
    params: linkParams,
    run: async ({ params }) => {
      const url = await promos.coverLink(params.id, params.accessToken);
      return reply(302, { location: url }, { Location: url, 'Cache-Control': 'no-store' });
    },
  }),
  unsubscribeFromPromos: operation('public', {
    response: messageResponse,
    params: linkParams,
    // A one-click client posts the form `List-Unsubscribe=One-Click` (RFC 8058), not JSON; the page posts
    // an empty body. Anything else is refused before the link is looked at.
    rawBody: true,
    run: ({ params, rawBody }) => {
      checkOneClickBody(rawBody);
      return promos.unsubscribe(params.id, params.accessToken);
    },
  }),
  listPromoTemplates: operation('tenant', {
    response: tools.promoTemplatesResponse,
    run: ({ tenantId }) => promos.listTemplates(tenantId),
  }),
  createPromoTemplate: operation('tenant', {
    response: tools.promoTemplateSavedResponse,
    body: promoTemplateInput,
    run: async ({ tenantId, body }) => reply(201, await promos.createTemplate(tenantId, body)),
  }),
  getPromoTemplate: operation('tenant', {
    response: tools.promoTemplateResponse,
    params: idParams,
    run: ({ tenantId, params }) => promos.getTemplate(tenantId, params.id),
  }),
  updatePromoTemplate: operation('tenant', {
    response: tools.promoTemplateSavedResponse,
    params: idParams,
    body: promoTemplateUpdate,
    run: ({ tenantId, params, body }) => promos.updateTemplate(tenantId, params.id, body),
  }),
  previewPromoTemplate: operation('tenant', {
    response: sends.renderedMailResponse,
    body: promoTemplatePreviewInput,
    run: ({ tenantId, body }) => promos.previewTemplate(tenantId, body),
  }),
  testSendPromoTemplate: operation('tenant', {
    response: messageResponse,
    params: idParams,
    body: testSendInput,
    run: ({ tenantId, caller, params, body }) =>
      promos.testSendTemplate(tenantId, params.id, caller.user.email, body.promo_id),
  }),
  promoReportPdf: operation('tenant', {
    response: fileLinkResponse,
    params: idParams,
    run: ({ tenantId, params }) => promos.reportPdfLink(tenantId, params.id),
  }),
} satisfies AreaOperations<'promos'>;

export const handler = areaHandler('promos', operations, planGate);
