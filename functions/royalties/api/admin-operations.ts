import { z } from 'zod';
import * as answers from '../../../shared/schemas/responses-statements.js';
import { royaltySavedResponse } from '../../../shared/schemas/responses.js';
import { newSale, royaltyUpdate } from '../../../shared/schemas/royalty.js';
import { operation, reply, type AreaOperations } from '../../lib/http.js';
import {
  adminListQuery,
  STATE_ACTION_NAMES,
  createAdminRoyalty,
  getAdminRoyalty,
  listAdminRoyalties,
  updateAdminRoyalty,
} from './admin-royalties.js';

/** A line of the admin royalties: its company and its royalty id. */
const lineParams = z.strictObject({ companyId: z.string().min(1).max(80), id: z.string().min(1).max(80) });

/** The admin royalties, admins only (route auth 'admin'). */
export const adminRoyaltyOperations = {
  listAdminRoyalties: operation('admin', {
    response: answers.adminRoyaltyListResponse,
    query: adminListQuery,
    run: ({ query }) => listAdminRoyalties(query),
  }),
  getAdminRoyalty: operation('admin', {
    response: answers.adminRoyaltyResponse,
    params: lineParams,
    run: ({ params }) => getAdminRoyalty(params.companyId, params.id),
  }),
  createAdminRoyalty: operation('admin', {
    response: royaltySavedResponse,
    body: z.strictObject({ company_id: z.string().trim().min(1, 'Company is required').max(80), royalty: newSale }),
    run: async ({ caller, body }) =>
      reply(201, await createAdminRoyalty(caller.user.userId, body.company_id, body.royalty)),
  }),
  updateAdminRoyalty: operation('admin', {
    response: royaltySavedResponse,
    params: lineParams,
    // marks: the paid checkboxes the edit changed (the company pages send them as mark_as_* calls).
    body: z.strictObject({ royalty: royaltyUpdate, marks: z.array(z.enum(STATE_ACTION_NAMES)).max(2).optional() }),
    run: ({ caller, params, body }) =>
      updateAdminRoyalty(caller.user.userId, params.companyId, params.id, body.royalty, body.marks),
  }),
} satisfies Partial<AreaOperations<'royalties'>>;
