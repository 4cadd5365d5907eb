import { ulid } from 'ulid';
import { GUIDE_CONTENT_TYPES, MAX_GUIDE_BYTES } from '../../shared/constants.js';
import type { CompanyDistributorInput } from '../../shared/schemas/distribution.js';
import { getCompany, updateCompanyAndMembers } from '../data/access/companies.js';
import { distributorNames } from '../data/access/distribution.js';
import type { CompanyItem } from '../data/entities/company.js';
import { InvalidField, NotFound } from '../lib/errors.js';
import { presignDownload, uploadedObject } from '../uploads/presign.js';
import type { FileField } from '../reference/record-files.js';
import { listCompanyConnections } from './dsp-connections.js';

/**
 * A company's distributor links with their contract files (POST
 * companies/{id}/distributors, GET companies/{id}/distribution). The links are the
 * company's `company_distributors` rows (the company form edits the same rows).
 */

type Row = NonNullable<CompanyItem['company_distributors']>[number];

/** Where a company's distributor contracts are uploaded (POST companies/{id}/distributors/uploads). */
export const distributorContractFile = (companyId: string): FileField => ({
  field: 'contract',
  prefix: `documents/companies/${companyId}/distributors/`,
  contentTypes: GUIDE_CONTENT_TYPES,
  maxBytes: MAX_GUIDE_BYTES,
});

async function loadCompany(companyId: string): Promise<CompanyItem> {
  const company = await getCompany(companyId);
  if (!company) throw new NotFound('Company');
  return company;
}

/**
 * Adds or changes one distributor link (found by its id, else by distributor). A link marked base
 * becomes the company's only base distributor. A contract key must name a file uploaded under the
 * company's own prefix.
 */
export async function saveCompanyDistributor(companyId: string, input: CompanyDistributorInput) {
  const company = await loadCompany(companyId);
  const rows: Row[] = [...(company.company_distributors ?? [])];
  if (!(await distributorNames([input.distributor_id])).has(input.distributor_id))
    throw new InvalidField('distributor_id', 'Distributor not found');
  const index = input.id
    ? rows.findIndex((r) => r.id === input.id)
    : rows.findIndex((r) => r.distributor_id === input.distributor_id);
  if (input.id && index < 0) throw new NotFound('Company distributor');
  const clash = rows.findIndex((r, i) => i !== index && r.distributor_id === input.distributor_id);
  if (clash >= 0) throw new InvalidField('distributor_id', 'This distributor is already linked to the company');
  const { contract_key: contractKey, id: _id, ...fields } = input;
  const before: Row = index >= 0 ? rows[index] : { id: ulid(), active: true, base: false, terminated: false };
  const row: Row = { ...before, ...fields };
  if (contractKey === null) delete row.contract;
  else if (contractKey)
    row.contract = await uploadedObject(distributorContractFile(companyId).prefix, contractKey, 'contract_key');
  if (index >= 0) rows[index] = row;
  else rows.push(row);
  const saved = row.base ? rows.map((r) => (r.id === row.id ? r : { ...r, base: false })) : rows;
  await updateCompanyAndMembers(companyId, {
    set: { company_distributors: saved },
    remove: [],
    put: [],
    removeUsers: [],
  });
  const [view] = await presentRows([row]);
  return {
    company_distributor: { ...view, company_id: companyId, company_name: company.name },
    message: index >= 0 ? 'Distributor Updated' : 'Distributor Added',
  };
}

/** The rows as the API names their fields: distributor_name, contract_file_name, contract_data_uri (a short-lived link). */
async function presentRows(rows: readonly Row[]) {
  const names = await distributorNames(rows.map((r) => r.distributor_id ?? ''));
  return Promise.all(
    rows.map(async ({ contract, ...row }) => ({
      ...row,
      distributor_name: names.get(row.distributor_id ?? '') ?? '',
      contract_file_name: contract?.filename ?? null,
      contract_data_uri: contract?.key
        ? await presignDownload(contract.key, contract.content_type, contract.filename)
        : null,
    })),
  );
}

/**
 * GET company/distributors: the current company's distributor links as its members see them on the
 * connections page, with each distributor's name and a short-lived link to the signed contract.
 */
export async function myCompanyDistributors(companyId: string) {
  const company = await loadCompany(companyId);
  const company_distributors = await presentRows(company.company_distributors ?? []);
  return { company_distributors, total_count: company_distributors.length };
}

/** GET companies/{id}/distribution (CompanyDistribution): the company's distributors and its store links. */
export async function companyDistribution(companyId: string) {
  const company = await loadCompany(companyId);
  const { dsp_connections } = await listCompanyConnections(companyId);
  return {
    company: { id: company.companyId, name: company.name, distributed: company.distributed ?? false },
    company_distributors: (await presentRows(company.company_distributors ?? [])).map((r) => ({
      ...r,
      company_id: company.companyId,
      company_name: company.name,
    })),
    dsp_connections,
  };
}
