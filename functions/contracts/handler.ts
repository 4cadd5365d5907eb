import { z } from 'zod';
import {
  contractAmendInput,
  contractCreateInput,
  contractListQuery,
  contractPreviewInput,
  contractUpdateInput,
  documentTemplateUpdate,
} from '../../shared/schemas/contracts.js';
import { uploadRequest } from '../../shared/schemas/uploads.js';
import { MAX_CONTRACT_BYTES, SIGNED_COPY_CONTENT_TYPES, SIGNED_COPY_TYPE_REFUSAL } from '../catalogue/label-depth.js';
import { areaHandler, idParams, operation, reply, type AreaOperations } from '../lib/http.js';
import { planGate } from '../plans/gate.js';
import * as contracts from './contracts.js';
import { checkContractImport, importContracts } from './import.js';
import {
  contractImportCheckResponse,
  contractImportFile,
  contractImportResponse,
} from '../../shared/schemas/contract-imports.js';
import * as documents from '../../shared/schemas/responses-licensing.js';
import { contractTemplates, documentTemplates, saveDocumentTemplate } from './company-templates.js';
import {
  contractRow,
  fileLinkResponse,
  messageResponse,
  presignedUploadResponse,
  recordResponse,
  rowsResponse,
  savedResponse,
} from '../../shared/schemas/responses.js';

/** Contracts area: a company's deals on its releases, labels and artists, their templates and documents. */
const operations = {
  listContracts: operation('tenant', {
    query: contractListQuery,
    response: rowsResponse('contracts', contractRow),
    run: ({ tenantId, query }) => contracts.listContracts(tenantId, query),
  }),
  getContract: operation('tenant', {
    params: idParams,
    response: recordResponse('contract', contractRow),
    run: ({ tenantId, params }) => contracts.getContract(tenantId, params.id),
  }),
  createContract: operation('tenant', {
    response: savedResponse('contract', contractRow),
    body: contractCreateInput,
    run: async ({ tenantId, body }) => reply(201, await contracts.createContract(tenantId, body)),
  }),
  checkContractImport: operation('tenant', {
    response: contractImportCheckResponse,
    body: contractImportFile,
    run: ({ tenantId, body }) => checkContractImport(tenantId, body),
  }),
  importContracts: operation('tenant', {
    response: contractImportResponse,
    body: contractImportFile,
    run: async ({ tenantId, caller, body }) => reply(201, await importContracts(tenantId, caller.user.userId, body)),
  }),
  previewContract: operation('tenant', {
    response: documents.contractPreviewResponse,
    body: contractPreviewInput,
    run: ({ tenantId, body }) => contracts.previewContract(tenantId, body),
  }),
  updateContract: operation('tenant', {
    response: savedResponse('contract', contractRow),
    params: idParams,
    body: contractUpdateInput,
    run: ({ tenantId, params, body }) => contracts.updateContract(tenantId, params.id, body),
  }),
  amendContract: operation('tenant', {
    response: savedResponse('contract', contractRow),
    params: idParams,
    body: contractAmendInput,
    run: ({ tenantId, params, body }) => contracts.amendContract(tenantId, params.id, body),
  }),
  deleteContract: operation('tenant', {
    response: messageResponse,
    params: idParams,
    run: ({ tenantId, params }) => contracts.deleteContract(tenantId, params.id),
  }),
  listContractTemplates: operation('tenant', {
    response: documents.contractTemplatesResponse,
    run: ({ tenantId }) => contractTemplates(tenantId),
  }),
  listDocumentTemplates: operation('tenant', {
    response: documents.documentTemplatesResponse,
    run: ({ tenantId }) => documentTemplates(tenantId),
  }),
  updateDocumentTemplate: operation('tenant', {
    response: documents.documentTemplateSavedResponse,
    params: idParams,
    body: documentTemplateUpdate,
    run: ({ tenantId, caller, params, body }) =>
      saveDocumentTemplate(tenantId, caller.user.userId, params.id, body.text),
  }),
  regenerateContractDocument: operation('tenant', {
    response: savedResponse('contract', contractRow),
    params: idParams,
    run: ({ tenantId, params }) => contracts.regenerateDocument(tenantId, params.id),
  }),
  contractDocument: operation('tenant', {
    response: fileLinkResponse,
    params: idParams,
    query: z.strictObject({ format: z.enum(['pdf', 'docx'], 'Format must be pdf or docx').default('pdf') }),
    run: ({ tenantId, params, query }) => contracts.documentLink(tenantId, params.id, query.format),
  }),
  presignSignedContract: operation('tenant', {
    response: presignedUploadResponse,
    params: idParams,
    body: uploadRequest(SIGNED_COPY_CONTENT_TYPES, MAX_CONTRACT_BYTES, SIGNED_COPY_TYPE_REFUSAL),
    run: ({ tenantId, params, body }) => contracts.presignSignedCopy(tenantId, params.id, body),
  }),
  attachSignedContract: operation('tenant', {
    response: savedResponse('contract', contractRow),
    params: idParams,
    body: z.strictObject({
      signed_copy_key: z.string('Signed copy is required').trim().min(1, 'Signed copy is required').max(400),
    }),
    run: ({ tenantId, params, body }) => contracts.attachSignedCopy(tenantId, params.id, body.signed_copy_key),
  }),
  signedContractCopy: operation('tenant', {
    response: fileLinkResponse,
    params: idParams,
    run: ({ tenantId, params }) => contracts.signedCopyLink(tenantId, params.id),
  }),
} satisfies AreaOperations<'contracts'>;

export const handler = areaHandler('contracts', operations, planGate);
