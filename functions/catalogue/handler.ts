import { sizeLimitWords } from '../../shared/format.js';
import { z } from 'zod';
import {
  companyRecordRow,
  labelRow,
  listResponse,
  messageResponse,
  presignedUploadResponse,
  recordResponse,
  savedResponse,
} from '../../shared/schemas/responses.js';
import * as answers from '../../shared/schemas/responses-labels.js';
import { bulkUpdateReleases, releaseBulkUpdateBody } from './release-bulk-update.js';
import { LABEL_SCOPES, LABEL_SORT_FIELDS, labelInput, labelUpdate } from '../../shared/schemas/label.js';
import {
  AUDIO_CONTENT_TYPES,
  COVER_ART_CONTENT_TYPES,
  LOGO_CONTENT_TYPES,
  MAX_AUDIO_BYTES,
  MAX_ASSET_BYTES,
  MAX_COVER_ART_BYTES,
  MAX_LOGO_BYTES,
} from '../../shared/constants.js';
import { presignRecordingAudio } from '../audio/recording-audio.js';
import { presignReleaseCoverArt } from '../artwork/cover-art.js';
import * as assets from './record-assets.js';
import { uploadRequest } from '../../shared/schemas/uploads.js';
import { CONTRACT_CONTENT_TYPES, MAX_CONTRACT_BYTES } from './label-depth.js';
import { VALIDATION } from '../../shared/messages.js';
import { areaHandler, generatedOperations, idParams, operation, reply, type AreaOperations } from '../lib/http.js';
import { planGate } from '../plans/gate.js';
import { listQuerySchema } from '../lib/list-query.js';
import { LISTS } from '../data/list-cache.js';
import * as labels from './labels.js';
import { labelToolsOperations } from '../label-tools/index.js';
import * as labelRequests from './label-requests.js';
import { labelRejectInput, labelRequestInput } from '../../shared/schemas/company-team.js';
import { TENANT_RESOURCES } from './tenant-resources.js';
import { checkReleaseOf, lastRelease } from './release-check.js';
import { RELEASE_STATUS_REFUSED, RELEASE_STATUSES } from '../../shared/catalogue.js';
import { changeReleaseStatus, releaseTenant } from './release-qc.js';
import { adminOperations, tenantOperations } from './tenant-resource.js';
import { assertLabelRoom } from '../plans/limits.js';
import type { CatalogueCollectionOperation } from '../operation-names.js';

/** Catalogue area: labels, and the generic catalogue collections (artists, contributors, payees; releases and recordings join here). */

const labelListQuery = listQuerySchema(LABEL_SORT_FIELDS, {
  scope: z.enum(LABEL_SCOPES).optional(),
  /** Pickers ask for every label at once: selectable=true answers up to 1000 by name. */
  selectable: z.enum(['true', 'false']).optional(),
  inactive: z.enum(['true', 'false']).optional(),
});

/** selectable=true (pickers) answers the first 1000 by name; inactive=true is the inactive scope. */
function withShortcuts<
  Q extends { selectable?: string; inactive?: string; page: number; per_page: number; scope?: string },
>(query: Q): Q {
  const scoped = query.inactive === 'true' ? { ...query, scope: 'inactive' } : query;
  return scoped.selectable === 'true' ? { ...scoped, page: 1, per_page: 1000 } : scoped;
}
/** Release and label files (booklets, press shots, contracts): any declared type, served as a download unless harmless. */
const assetRequest = z.strictObject({
  filename: z.string().trim().min(1).max(200),
  content_type: z.string().regex(/^[\w.+-]+\/[\w.+-]+$/, 'Content type must be a MIME type such as application/pdf'),
  size: z
    .number()
    .int()
    .min(1)
    .max(MAX_ASSET_BYTES, VALIDATION.maxValue('Size', sizeLimitWords(MAX_ASSET_BYTES))),
});
const assetKey = z.strictObject({ file_key: z.string().min(1).max(400) });
const assetParams = z.strictObject({ id: z.string().min(1).max(80), assetId: z.string().min(1).max(80) });
const ownerOf =
  (kind: assets.AssetOwner['kind']) =>
  (id: string): assets.AssetOwner => ({ kind, id });
/** A label's files reached from the admin area, in the label's own company. */
const labelOf = ownerOf('labels');

/** The four calls of a record's other files (booklets, press shots, contracts): releases and labels alike. */
function assetOperations(kind: assets.AssetOwner['kind']) {
  const owner = ownerOf(kind);
  return {
    presign: operation('tenant', {
      params: idParams,
      response: presignedUploadResponse,
      body: assetRequest,
      run: ({ tenantId, params, body }) => assets.presignAsset(tenantId, owner(params.id), body),
    }),
    list: operation('tenant', {
      params: idParams,
      response: answers.assetListResponse,
      run: ({ tenantId, params }) => assets.listAssets(tenantId, owner(params.id)),
    }),
    add: operation('tenant', {
      params: idParams,
      response: answers.assetSavedResponse,
      body: assetKey,
      run: async ({ tenantId, caller, params, body }) =>
        reply(201, await assets.addAsset(tenantId, caller.user.userId, owner(params.id), body.file_key)),
    }),
    remove: operation('tenant', {
      params: assetParams,
      response: messageResponse,
      run: ({ tenantId, params }) => assets.deleteAsset(tenantId, owner(params.id), params.assetId),
    }),
  };
}
const releaseAssets = assetOperations('releases');
const labelAssets = assetOperations('labels');
/** The company of a label, for the admin's calls across companies. */
const labelTenant = async (id: string) => (await labels.findLabelAnyTenant(id)).tenantId;

const logoRequest = uploadRequest(LOGO_CONTENT_TYPES, MAX_LOGO_BYTES);
const contractRequest = uploadRequest(CONTRACT_CONTENT_TYPES, MAX_CONTRACT_BYTES);
/** PATCH …/update_status: the new status; a rejection's reasons (one per line on the form), a note. */
const statusChange = z.strictObject({
  status: z.enum(RELEASE_STATUSES, RELEASE_STATUS_REFUSED),
  reasons: z
    .array(z.string().max(1000, 'Each reason must be at most 1000 characters'))
    .max(20, 'Give at most 20 reasons')
    .optional(),
  note: z.string().max(1000, 'Note must be at most 1000 characters').optional(),
});
/** A release whose status changed, and the notice of its new status. */
const releaseStatusResponse = savedResponse('release', companyRecordRow);
const adminLabelInput = labelInput.extend({ company_id: z.string().min(1).max(64) });

const operations = {
  ...generatedOperations<CatalogueCollectionOperation>(
    TENANT_RESOURCES.flatMap((resource) => [tenantOperations(resource), adminOperations(resource)]),
  ),
  listLabels: operation('tenant', {
    lists: (tenantId) => [LISTS.tenantLabels(tenantId)],
    query: labelListQuery,
    response: listResponse('labels', labelRow),
    run: ({ tenantId, query, listVersions }) =>
      labels.listLabels(tenantId, withShortcuts(query) as typeof query, listVersions),
  }),
  getLabel: operation('tenant', {
    params: idParams,
    response: recordResponse('label', labelRow),
    run: async ({ tenantId, params }) => ({ label: await labels.getLabel(tenantId, params.id) }),
  }),
  createLabel: operation('tenant', {
    response: answers.labelSavedResponse,
    body: labelInput,
    run: async ({ tenantId, caller, body }) => {
      // The plan's max_labels (functions/plans); admins are not limited by plans.
      await assertLabelRoom(tenantId, caller.user.role === 'admin');
      return reply(201, { label: await labels.createLabel(tenantId, body), message: 'Label Added' });
    },
  }),
  updateLabel: operation('tenant', {
    response: answers.labelSavedResponse,
    params: idParams,
    body: labelUpdate,
    run: async ({ tenantId, params, body }) => {
      labelRequests.refuseSelfApproval(await labels.getLabel(tenantId, params.id), body);
      return { label: await labels.updateLabel(tenantId, params.id, body), message: 'Label Updated' };
    },
  }),
  requestLabel: operation('tenant', {
    response: answers.labelSavedResponse,
    body: labelRequestInput,
    run: async ({ tenantId, caller, body }) => {
      // A requested label counts against max_labels like any other: approval must not pass the plan's limit.
      await assertLabelRoom(tenantId, caller.user.role === 'admin');
      return reply(201, await labelRequests.requestLabel(tenantId, caller.user.userId, body));
    },
  }),
  adminApproveLabel: operation('admin', {
    response: answers.labelSavedResponse,
    params: idParams,
    run: ({ params }) => labelRequests.approveLabel(params.id),
  }),
  adminRejectLabel: operation('admin', {
    response: messageResponse,
    params: idParams,
    body: labelRejectInput,
    run: ({ params, body }) => labelRequests.rejectLabel(params.id, body.reason),
  }),
  deleteLabel: operation('tenant', {
    response: messageResponse,
    params: idParams,
    run: ({ tenantId, params }) => labels.deleteLabel(tenantId, params.id),
  }),
  updateReleaseStatus: operation('tenant', {
    response: releaseStatusResponse,
    params: idParams,
    body: statusChange,
    run: ({ tenantId, caller, params, body }) => changeReleaseStatus(tenantId, params.id, caller, body),
  }),
  sendToQualityControl: operation('tenant', {
    response: releaseStatusResponse,
    params: idParams,
    run: ({ tenantId, caller, params }) =>
      changeReleaseStatus(tenantId, params.id, caller, { status: 'quality_control' }),
  }),
  adminCheckRelease: operation('admin', {
    response: answers.releaseCheckResponse,
    params: idParams,
    run: async ({ params }) => checkReleaseOf(await releaseTenant(params.id), params.id),
  }),
  // POST releases/bulk_update (admin): one change to many releases, each through its own edit or move.
  bulkUpdateReleases: operation('admin', {
    response: answers.releasesBulkUpdatedResponse,
    body: releaseBulkUpdateBody,
    run: ({ caller, body }) => bulkUpdateReleases(caller, body),
  }),
  adminUpdateReleaseStatus: operation('admin', {
    response: releaseStatusResponse,
    params: idParams,
    body: statusChange,
    run: async ({ caller, params, body }) =>
      changeReleaseStatus(await releaseTenant(params.id), params.id, caller, body),
  }),
  presignRecordingAudio: operation('tenant', {
    response: presignedUploadResponse,
    params: idParams,
    body: uploadRequest(AUDIO_CONTENT_TYPES, MAX_AUDIO_BYTES),
    run: ({ tenantId, caller, params, body }) => presignRecordingAudio(tenantId, caller.user.userId, params.id, body),
  }),
  presignReleaseCoverArt: operation('tenant', {
    response: presignedUploadResponse,
    params: idParams,
    body: uploadRequest(COVER_ART_CONTENT_TYPES, MAX_COVER_ART_BYTES),
    run: ({ tenantId, caller, params, body }) => presignReleaseCoverArt(tenantId, caller.user.userId, params.id, body),
  }),
  presignReleaseAsset: releaseAssets.presign,
  listReleaseAssets: releaseAssets.list,
  addReleaseAsset: releaseAssets.add,
  deleteReleaseAsset: releaseAssets.remove,
  presignLabelAsset: labelAssets.presign,
  listLabelAssets: labelAssets.list,
  addLabelAsset: labelAssets.add,
  deleteLabelAsset: labelAssets.remove,
  checkRelease: operation('tenant', {
    response: answers.releaseCheckResponse,
    params: idParams,
    run: ({ tenantId, params }) => checkReleaseOf(tenantId, params.id),
  }),
  lastRelease: operation('tenant', {
    response: answers.lastReleaseResponse,
    params: idParams,
    run: ({ tenantId, params }) => lastRelease(tenantId, params.id),
  }),
  presignLabelLogo: operation('tenant', {
    response: presignedUploadResponse,
    params: idParams,
    body: logoRequest,
    run: ({ tenantId, params, body }) => labels.presignLabelLogo(tenantId, params.id, body),
  }),
  presignLabelContract: operation('tenant', {
    response: presignedUploadResponse,
    params: idParams,
    body: contractRequest,
    run: ({ tenantId, params, body }) => labels.presignLabelContract(tenantId, params.id, body),
  }),

  listAllLabels: operation('admin', {
    response: answers.adminLabelListResponse,
    query: labelListQuery,
    run: ({ query }) => labels.listAllLabels(withShortcuts(query) as typeof query),
  }),
  adminCreateLabel: operation('admin', {
    response: answers.labelSavedResponse,
    body: adminLabelInput,
    run: async ({ body: { company_id, ...input } }) =>
      reply(201, { label: await labels.createLabel(company_id, input), message: 'Label Added' }),
  }),
  adminGetLabel: operation('admin', {
    response: recordResponse('label', labelRow),
    params: idParams,
    run: async ({ params }) => {
      const found = await labels.findLabelAnyTenant(params.id);
      return { label: await labels.getLabel(found.tenantId, params.id) };
    },
  }),
  adminUpdateLabel: operation('admin', {
    response: answers.labelSavedResponse,
    params: idParams,
    body: labelUpdate,
    run: async ({ params, body }) => {
      const found = await labels.findLabelAnyTenant(params.id);
      return { label: await labels.updateLabel(found.tenantId, params.id, body), message: 'Label Updated' };
    },
  }),
  adminPresignLabelAsset: operation('admin', {
    response: presignedUploadResponse,
    params: idParams,
    body: assetRequest,
    run: async ({ params, body }) => assets.presignAsset(await labelTenant(params.id), labelOf(params.id), body),
  }),
  adminListLabelAssets: operation('admin', {
    response: answers.assetListResponse,
    params: idParams,
    run: async ({ params }) => assets.listAssets(await labelTenant(params.id), labelOf(params.id)),
  }),
  adminAddLabelAsset: operation('admin', {
    response: answers.assetSavedResponse,
    params: idParams,
    body: assetKey,
    run: async ({ caller, params, body }) =>
      reply(
        201,
        await assets.addAsset(await labelTenant(params.id), caller.user.userId, labelOf(params.id), body.file_key),
      ),
  }),
  adminDeleteLabelAsset: operation('admin', {
    response: messageResponse,
    params: assetParams,
    run: async ({ params }) => assets.deleteAsset(await labelTenant(params.id), labelOf(params.id), params.assetId),
  }),
  ...labelToolsOperations,
  adminDeleteLabel: operation('admin', {
    response: messageResponse,
    params: idParams,
    run: async ({ params }) => {
      const found = await labels.findLabelAnyTenant(params.id);
      return labels.deleteLabel(found.tenantId, params.id);
    },
  }),
} satisfies AreaOperations<'catalogue'>;

export const handler = areaHandler('catalogue', operations, planGate);
