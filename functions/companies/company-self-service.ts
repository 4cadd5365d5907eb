import { MESSAGES } from '../../shared/messages.js';
import { humanizeField } from '../../shared/messages.js';
import type { CompanyUpdate } from '../../shared/schemas/company.js';
import { MEMBER_COMPANY_FIELDS, MEMBER_COMPANY_FILES, missingVatNumber } from '../../shared/schemas/company-team.js';
import { getCompany } from '../data/access/companies.js';
import type { Caller } from '../lib/auth-context.js';
import { HttpError, InvalidField, NotFound } from '../lib/errors.js';
import { presignFileUpload, type FileField } from '../reference/record-files.js';
import { updateCompany } from './admin-companies.js';
import { companyShape } from './company-shape.js';

/**
 * A company's own managers edit it: the tenant
 * route PATCH /companies/{id}, where `{id}` must be the company the call works in. Members change
 * their company's details; the distributor's terms (tags, deal, contract, links) stay with admins.
 */

/** `{id}` names the current company, or the record is not one the caller can reach here. */
function assertCurrentCompany(tenantId: string, id: string): void {
  if (id !== tenantId) throw new NotFound('Company');
}

const MEMBER_FIELDS: ReadonlySet<string> = new Set(MEMBER_COMPANY_FIELDS);

/** The fields of an update only a platform admin may change, in the order sent. */
export function adminOnlyFields(input: object): string[] {
  return Object.keys(input).filter((key) => !MEMBER_FIELDS.has(key));
}

/** 403 naming each field a company member may not change. */
function refuseAdminOnly(fields: string[]): never {
  const name = (f: string) => humanizeField(f.replace(/_(attributes|key)$/, ''));
  const message = `Only a platform admin can change ${fields.map(name).join(', ')}`;
  throw new HttpError(
    403,
    message,
    Object.fromEntries(fields.map((f) => [f, [`Only a platform admin can change ${name(f)}`]])),
  );
}

/** PATCH /companies/{id} (company.manage): the company's own details; "Company Updated". */
export async function updateOwnCompany(caller: Caller, tenantId: string, id: string, input: CompanyUpdate) {
  assertCurrentCompany(tenantId, id);
  const refused = adminOnlyFields(input);
  if (refused.length && caller.user.role !== 'admin') refuseAdminOnly(refused);
  const before = await getCompany(id);
  if (!before) throw new NotFound('Company');
  const after = {
    vat_registered: input.vat_registered ?? before.vat_registered,
    vat_number: input.vat_number ?? before.vat_number,
  };
  if (missingVatNumber(after)) throw new InvalidField('vat_number', 'VAT number is required when VAT registered');
  await updateCompany(id, input);
  return { message: MESSAGES.companyUpdated };
}

/** The company's files its managers upload: logo and self-billing agreement (the contract is the admin's). */
const memberFiles = (companyId: string): FileField[] =>
  (companyShape(companyId).files ?? []).filter((f) => (MEMBER_COMPANY_FILES as readonly string[]).includes(f.field));

/** POST /companies/{id}/uploads (company.manage): a presigned PUT under the company's own prefix. */
export function presignOwnCompanyFile(
  tenantId: string,
  id: string,
  body: { field: string; filename: string; content_type: string; size: number },
) {
  assertCurrentCompany(tenantId, id);
  return presignFileUpload(memberFiles(id), body);
}
