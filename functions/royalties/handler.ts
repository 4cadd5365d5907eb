import { z } from 'zod';
import * as money from '../../shared/schemas/responses-money.js';
import { humanizeField, MESSAGES, VALIDATION } from '../../shared/messages.js';
import { areaHandler, idParams, operation, reply, type AreaOperations } from '../lib/http.js';
import { planGate } from '../plans/gate.js';
import { licensingOperations, withLineLicences } from '../licensing/index.js';
import { BadRequest, InvalidField } from '../lib/errors.js';
import { listQuerySchema } from '../lib/list-query.js';
import { LISTS } from '../data/list-cache.js';
import { distinctValues, listRoyalties, SORT_FIELDS } from './ledger/query.js';
import { LEDGER_COLUMNS } from './ledger/schema.js';
import { MAPPING_COLUMNS } from '../../shared/schemas/royalty-map.js';
import { royaltyFilterShape, type RoyaltyFilter } from './ledger/filter.js';
import { newSale, royaltyFields, royaltyUpdate } from '../../shared/schemas/royalty.js';
import {
  bulkUpdateRoyalties,
  createRoyalty,
  deleteRoyalty,
  getRoyalty,
  markRoyalties,
  selection,
  updateRoyalty,
  type StateAction,
} from './api/changes.js';
import { deleteImport, getImport, listImports, presignReport, reportUpload } from './api/imports.js';
import {
  createMap,
  deleteMap,
  getMap,
  listMaps,
  previewInput,
  previewMap,
  royaltyMapInput,
  updateMap,
} from './api/maps.js';
import { exchangeRateOperations, importOperations } from './api/import-operations.js';
import { adminRoyaltyOperations } from './api/admin-operations.js';
import { listSplit } from './api/list-split.js';
import { termsLists } from '../money/index.js';
import { largeLedgerList } from './ledger/engine/large-ledger.js';
import { companyMoneyTerms } from '../data/access/royalty-catalogue.js';
import { DEFAULT_CURRENCY } from '../../shared/constants.js';
import { clientCompanyOfLabel } from '../crm/index.js';
import { royaltiesUpdatedResponse, royaltyAttributesResponse } from '../../shared/schemas/responses-statements.js';
import {
  messageResponse,
  presignedUploadResponse,
  recordResponse,
  royaltyImportRow,
  royaltyListResponse,
  royaltyResponse,
  royaltySavedResponse,
} from '../../shared/schemas/responses.js';

/**
 * Royalties area: the ledger list with its sums, changes on top of it,
 * column maps, report uploads and imports, exchange rates. Every operation works in the caller's
 * current company (route auth 'tenant'), so no line, import, map or rate of another company is
 * reachable.
 */
const listQuery = listQuerySchema(SORT_FIELDS, {
  ...royaltyFilterShape,
  unscoped: z.enum(['true', 'false']).optional(),
});
type ListQuery = z.infer<typeof listQuery>;

const filterOf = (query: ListQuery): RoyaltyFilter => {
  const {
    page: _p,
    per_page: _pp,
    sort_field: _sf,
    sort_order: _so,
    order: _o,
    sort: _s,
    unscoped: _u,
    ...filter
  } = query;
  return filter;
};
/** The list's default order is the newest pay period first (as the statement royalties reload sorts). */
const sortOf = (query: ListQuery) =>
  query.sort_field || query.order ? query.sort : { field: 'pay_period' as const, direction: 'desc' as const };
/** A ledger above the configured size goes to Athena in AWS (ledger/engine/large-ledger.ts); else the company path. */
const list = async (
  tenantId: string,
  query: ListQuery,
  versions: Record<string, string> | undefined,
  extra: RoyaltyFilter = {},
) => {
  const request = {
    filter: { ...filterOf(query), ...extra },
    page: query.page,
    per_page: query.per_page,
    sort: sortOf(query),
  };
  const version = versions?.[LISTS.royalties(tenantId)];
  // The sums are in the company's currency: the page names it rather than assuming one.
  // The page and the split of its filter's lines are read side by side: each is a pass of its own.
  const paging = (async () =>
    (await largeLedgerList(tenantId, request, version)) ?? (await listRoyalties(tenantId, request, version)))();
  const [page, terms, split] = await Promise.all([
    paging,
    companyMoneyTerms(tenantId),
    listSplit(tenantId, request.filter, version, versions ?? {}),
  ]);
  // A line paid by a licence names it (the list and a statement figure's drill-down are this list).
  const royalties = await withLineLicences(tenantId, page.royalties);
  return { ...page, royalties, ...split, currency: (terms?.currency ?? DEFAULT_CURRENCY).toUpperCase() };
};
/**
 * The ledger state's version comes with the auth check, so an unchanged ledger costs no further reads;
 * so do the terms' versions, which the sums' split of the label share follows (api/list-split.ts).
 */
const listLists = (tenantId: string) => [LISTS.royalties(tenantId), ...termsLists(tenantId)];

const bulkBody = selection;
const mark = (action: StateAction) =>
  operation('tenant', {
    body: bulkBody,
    response: royaltiesUpdatedResponse,
    run: ({ tenantId, caller, body }) =>
      markRoyalties(tenantId, caller.user.userId, action, body.ids ? { ids: body.ids } : { filter: body.filter ?? {} }),
  });

const operations = {
  listRoyalties: operation('tenant', {
    lists: listLists,
    query: listQuery,
    response: royaltyListResponse,
    run: ({ tenantId, query, listVersions }) => list(tenantId, query, listVersions),
  }),
  /** A label's royalties: a label is required. */
  labelRoyalties: operation('tenant', {
    response: royaltyListResponse,
    lists: listLists,
    query: listQuery.and(z.object({ label_id: z.string().min(1).max(64).optional() })),
    run: ({ tenantId, query, listVersions }) => {
      const labelId = (query as { label_id?: string }).label_id ?? query.by_label;
      if (!labelId) throw new BadRequest(MESSAGES.noLabelSelected, { label_id: [MESSAGES.noLabelSelected] });
      const { label_id: _l, ...rest } = query as ListQuery & { label_id?: string };
      return list(tenantId, rest, listVersions, { by_label: labelId });
    },
  }),
  /**
   * A distributor's client label: the same list, read in the client company the label belongs to
   * (404 for a label that is not one of the distributor's clients'), scoped to the label.
   */
  clientLabelRoyalties: operation('tenant', {
    response: royaltyListResponse,
    params: idParams,
    query: listQuery,
    run: async ({ tenantId, params, query }) => {
      const companyId = await clientCompanyOfLabel(tenantId, params.id);
      return list(companyId, query, undefined, { by_label: params.id });
    },
  }),
  releaseRoyalties: operation('tenant', {
    response: royaltyListResponse,
    lists: listLists,
    query: listQuery.and(z.object({ id: z.string().min(1).max(64).optional() })),
    run: ({ tenantId, query, listVersions }) => {
      const releaseId = (query as { id?: string }).id ?? query.release_id;
      if (!releaseId) throw new InvalidField('release_id', VALIDATION.required(humanizeField('release_id')));
      const { id: _i, ...rest } = query as ListQuery & { id?: string };
      return list(tenantId, rest, listVersions, { release_id: releaseId });
    },
  }),
  getRoyalty: operation('tenant', {
    response: royaltyResponse,
    params: idParams,
    run: async ({ tenantId, params }) => ({
      royalty: (await withLineLicences(tenantId, [await getRoyalty(tenantId, params.id)]))[0],
    }),
  }),
  updateRoyalty: operation('tenant', {
    response: royaltySavedResponse,
    params: idParams,
    body: z.strictObject({ royalty: royaltyUpdate }),
    run: ({ tenantId, caller, params, body }) => updateRoyalty(tenantId, caller.user.userId, params.id, body.royalty),
  }),
  deleteRoyalty: operation('tenant', {
    response: messageResponse,
    params: idParams,
    run: ({ tenantId, caller, params }) => deleteRoyalty(tenantId, caller.user.userId, params.id),
  }),
  createRoyalty: operation('tenant', {
    response: royaltySavedResponse,
    body: z.strictObject({ royalty: newSale }),
    run: async ({ tenantId, caller, body }) =>
      reply(201, await createRoyalty(tenantId, caller.user.userId, body.royalty)),
  }),
  markAsPaid: mark('mark_as_paid'),
  markAsUnpaid: mark('mark_as_unpaid'),
  markAsArtistPaid: mark('mark_as_artist_paid'),
  markAsArtistUnpaid: mark('mark_as_artist_unpaid'),
  bulkUpdateRoyalties: operation('tenant', {
    response: royaltiesUpdatedResponse,
    body: z.strictObject({ ids: z.array(z.string().min(1).max(80)).min(1).max(1000), royalty: royaltyFields }),
    run: ({ tenantId, caller, body }) => bulkUpdateRoyalties(tenantId, caller.user.userId, body.ids, body.royalty),
  }),
  royaltyAttributes: operation('tenant', {
    response: royaltyAttributesResponse,
    run: async () => ({ attributes: Object.keys(LEDGER_COLUMNS), mapping_columns: MAPPING_COLUMNS }),
  }),
  deliveredBy: operation('tenant', {
    response: money.wordsResponse('delivered_by'),
    run: async ({ tenantId }) => ({ delivered_by: await distinctValues(tenantId, 'delivered_by') }),
  }),
  delivererPayPeriods: operation('tenant', {
    response: money.wordsResponse('pay_periods'),
    body: z.strictObject({ delivered_by: z.string().trim().min(1).max(200) }),
    run: async ({ tenantId, body }) => ({
      pay_periods: await distinctValues(tenantId, 'pay_period', { delivered_by: body.delivered_by }),
    }),
  }),
  payPeriods: operation('tenant', {
    response: money.wordsResponse('pay_periods'),
    run: async ({ tenantId }) => ({ pay_periods: await distinctValues(tenantId, 'pay_period') }),
  }),
  payPeriodYears: operation('tenant', {
    response: money.wordsResponse('years'),
    run: async ({ tenantId }) => ({
      years: [...new Set((await distinctValues(tenantId, 'pay_period')).map((p) => p.slice(0, 4)))],
    }),
  }),

  presignReport: operation('tenant', {
    response: presignedUploadResponse,
    body: reportUpload,
    run: ({ tenantId, caller, body }) => presignReport(tenantId, caller.user.userId, body),
  }),
  listImports: operation('tenant', {
    response: money.royaltyImportListResponse,
    query: listQuerySchema(['created_at'], {}),
    run: ({ tenantId, query }) => listImports(tenantId, query.page, query.per_page),
  }),
  getImport: operation('tenant', {
    params: idParams,
    response: recordResponse('royalty_import', royaltyImportRow),
    run: ({ tenantId, params }) => getImport(tenantId, params.id),
  }),
  deleteImport: operation('tenant', {
    response: messageResponse,
    params: idParams,
    run: ({ tenantId, params }) => deleteImport(tenantId, params.id),
  }),
  ...importOperations,

  listMaps: operation('tenant', {
    response: money.royaltyMapListResponse,
    run: ({ tenantId }) => listMaps(tenantId),
  }),
  getMap: operation('tenant', {
    params: idParams,
    response: money.royaltyMapResponse,
    run: ({ tenantId, params }) => getMap(tenantId, params.id),
  }),
  createMap: operation('tenant', {
    response: money.royaltyMapSavedResponse,
    body: royaltyMapInput,
    run: async ({ tenantId, body }) => reply(201, await createMap(tenantId, body)),
  }),
  updateMap: operation('tenant', {
    response: money.royaltyMapSavedResponse,
    params: idParams,
    body: royaltyMapInput,
    run: ({ tenantId, params, body }) => updateMap(tenantId, params.id, body),
  }),
  deleteMap: operation('tenant', {
    params: idParams,
    response: messageResponse,
    run: ({ tenantId, params }) => deleteMap(tenantId, params.id),
  }),
  previewMap: operation('tenant', {
    response: money.royaltyMapPreviewResponse,
    body: previewInput,
    run: ({ tenantId, body }) => previewMap(tenantId, body),
  }),
  ...exchangeRateOperations,
  ...adminRoyaltyOperations,
  ...licensingOperations,
} satisfies AreaOperations<'royalties'>;

export const handler = areaHandler('royalties', operations, planGate);
