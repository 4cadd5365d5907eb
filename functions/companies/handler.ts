import { areaHandler, idParams, operation, reply, type AreaOperations } from '../lib/http.js';
import * as answers from '../../shared/schemas/responses-companies.js';
import { messageResponse, presignedUploadResponse } from '../../shared/schemas/responses.js';
import { planGate } from '../plans/gate.js';
import * as companies from './companies.js';
import * as admin from './admin-companies.js';
import { companyInput, companyUpdate } from '../../shared/schemas/company.js';
import { presignFileUpload, uploadRequestFor } from '../reference/record-files.js';
import { companyShape } from './company-shape.js';
import { distributionOperations } from './distribution-operations.js';
import { presignOwnCompanyFile, updateOwnCompany } from './company-self-service.js';
import { changeMemberRole, removeMember } from './team.js';
import { MEMBER_COMPANY_FILES, teamRoleInput } from '../../shared/schemas/company-team.js';
import { onboardingOperations } from './onboarding-operations.js';
import { crmOperations } from '../crm/index.js';

/** Companies area: the user's companies (Choose Current Company), a company page, the admin list. */
const operations = {
  listMyCompanies: operation('user', {
    response: answers.myCompaniesResponse,
    run: ({ caller }) => companies.listMyCompanies(caller),
  }),
  getCompany: operation('user', {
    response: answers.companyPageResponse,
    params: idParams,
    run: ({ caller, params }) => companies.getCompany(caller, params.id),
  }),
  listAllCompanies: operation('admin', {
    response: answers.adminCompanyListResponse,
    query: companies.adminCompaniesQuery,
    run: ({ query }) => companies.listAllCompanies(query),
  }),
  adminCreateCompany: operation('admin', {
    response: answers.companyPageSavedResponse,
    body: companyInput,
    run: async ({ body }) => {
      const { companyId, message } = await admin.createCompany(body);
      return reply(201, { ...(await companies.companyPage(companyId)), message });
    },
  }),
  adminGetCompany: operation('admin', {
    response: answers.companyPageResponse,
    params: idParams,
    run: ({ params }) => companies.companyPage(params.id),
  }),
  adminUpdateCompany: operation('admin', {
    response: answers.companyPageSavedResponse,
    params: idParams,
    body: companyUpdate,
    run: async ({ params, body }) => ({
      ...(await admin.updateCompany(params.id, body)),
      ...(await companies.companyPage(params.id)),
    }),
  }),
  adminDeleteCompany: operation('admin', {
    response: messageResponse,
    params: idParams,
    run: ({ params }) => admin.deleteCompany(params.id),
  }),
  /** A presigned PUT for the company's logo, contract or self-billing agreement. */
  adminPresignCompanyFile: operation('admin', {
    response: presignedUploadResponse,
    params: idParams,
    body: uploadRequestFor(companyShape('any').files ?? []),
    run: async ({ params, body }) => {
      await companies.companyPage(params.id);
      return presignFileUpload(
        companyShape(params.id).files ?? [],
        body as { field: string; filename: string; content_type: string; size: number },
      );
    },
  }),
  /** The company's own managers (company.manage): PATCH /companies/{id}, `{id}` the current company. */
  updateOwnCompany: operation('tenant', {
    response: answers.companyPageSavedResponse,
    params: idParams,
    body: companyUpdate,
    run: async ({ caller, tenantId, params, body }) => ({
      ...(await updateOwnCompany(caller, tenantId, params.id, body)),
      ...(await companies.companyPage(params.id)),
    }),
  }),
  presignOwnCompanyFile: operation('tenant', {
    response: presignedUploadResponse,
    params: idParams,
    body: uploadRequestFor(
      (companyShape('any').files ?? []).filter((f) => MEMBER_COMPANY_FILES.some((m) => m === f.field)),
    ),
    run: ({ tenantId, params, body }) => presignOwnCompanyFile(tenantId, params.id, body),
  }),
  changeMemberRole: operation('tenant', {
    response: answers.memberSavedResponse,
    params: idParams,
    body: teamRoleInput,
    run: ({ tenantId, params, body }) => changeMemberRole(tenantId, params.id, body.role),
  }),
  removeMember: operation('tenant', {
    response: messageResponse,
    params: idParams,
    run: ({ tenantId, params }) => removeMember(tenantId, params.id),
  }),
  ...distributionOperations,
  ...onboardingOperations,
  ...crmOperations,
} satisfies AreaOperations<'companies'>;

export const handler = areaHandler('companies', operations, planGate);
