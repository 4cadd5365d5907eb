import { ulid } from 'ulid';
import type { LabelInput, LabelScope, LabelUpdate, LabelView } from '../../shared/schemas/label.js';
import { removeLabelFiles } from '../artwork/remove-files.js';
import { listCompanyNames } from '../data/access/companies.js';
import * as store from '../data/access/labels.js';
import type { LabelItem } from '../data/entities/label.js';
import { cachedList, LISTS } from '../data/list-cache.js';
import { NotFound } from '../lib/errors.js';
import { listAnswer, pageOf, type SortSpec } from '../lib/list-query.js';
import { presignDownload, presignUpload, uploadedObject } from '../uploads/presign.js';
import { contractPrefix, labelDepthFields, presentLabelDepth } from './label-depth.js';

/** What list rows carry; detail pages load the whole label. */
export type LabelSummary = {
  id: string;
  company_id: string;
  name: string;
  active: boolean;
  distributed: boolean;
  requested: boolean;
  email?: string;
  country_id?: string;
  has_logo: boolean;
  created_at: string;
  updated_at: string;
};

/** Where a label's logo objects live: the tenant and label are part of the key. */
const logoPrefix = (tenantId: string, labelId: string) => `logos/${tenantId}/labels/${labelId}/`;

function summary(item: LabelItem): LabelSummary {
  return {
    id: item.labelId,
    company_id: item.tenantId,
    name: item.name,
    active: item.active ?? true,
    distributed: item.distributed ?? false,
    requested: item.requested ?? false,
    email: item.email,
    country_id: item.country_id,
    has_logo: Boolean(item.logo?.key),
    created_at: item.createdAt ?? '',
    updated_at: item.updatedAt ?? item.createdAt ?? '',
  };
}

async function view(item: LabelItem): Promise<LabelView> {
  const { tenantId, labelId, createdAt, updatedAt, logo, contract, ...fields } = item;
  return {
    ...fields,
    ...(await presentLabelDepth(item)),
    id: labelId,
    company_id: tenantId,
    active: item.active ?? true,
    distributed: item.distributed ?? false,
    requested: item.requested ?? false,
    logo: logo?.key
      ? {
          url: await presignDownload(logo.key, logo.content_type),
          content_type: logo.content_type,
          size: logo.size,
          filename: logo.filename,
        }
      : null,
    created_at: createdAt ?? '',
    updated_at: updatedAt ?? createdAt ?? '',
  };
}

const SCOPE_TEST: Record<LabelScope, (l: LabelSummary) => boolean> = {
  active: (l) => l.active,
  inactive: (l) => !l.active,
  distributed: (l) => l.distributed,
  requested: (l) => l.requested,
};

export type LabelListQuery = { page: number; per_page: number; sort: SortSpec<string>; q?: string; scope?: LabelScope };

const SORT_COLUMN: Record<string, keyof LabelSummary> = { created_at: 'created_at', updated_at: 'updated_at' };

function listPage(all: LabelSummary[], query: LabelListQuery) {
  const page = pageOf(all, {
    filter: query.scope ? SCOPE_TEST[query.scope] : undefined,
    page: query.page,
    perPage: query.per_page,
    sort: { field: SORT_COLUMN[query.sort.field] ?? query.sort.field, direction: query.sort.direction },
    q: query.q,
    searchFields: ['name', 'email'],
    tieBreaker: 'id',
  });
  return listAnswer('labels', page);
}

/** A company's labels as lists show them, from memory while the list version is current (releases link to them too). */
export function tenantLabelSummaries(tenantId: string, knownVersion?: string): Promise<LabelSummary[]> {
  return cachedList(
    LISTS.tenantLabels(tenantId),
    async () => (await store.labelsOf(tenantId)).map(summary),
    knownVersion,
  );
}

/** One tenant's labels, paged, sorted, searched and scoped on the server. */
export async function listLabels(tenantId: string, query: LabelListQuery, listVersions?: Record<string, string>) {
  return listPage(await tenantLabelSummaries(tenantId, listVersions?.[LISTS.tenantLabels(tenantId)]), query);
}

/** Every tenant's labels (LabelsAdmin), with the company name beside each. */
export async function listAllLabels(query: LabelListQuery) {
  const all = await cachedList(LISTS.allLabels, async () => {
    const [labels, companies] = await Promise.all([store.listAllLabels(), listCompanyNames()]);
    const names = new Map(companies.map((c) => [c.companyId, c.name]));
    return labels.map((item) => ({ ...summary(item), company_name: names.get(item.tenantId) ?? '' }));
  });
  return listPage(all, query);
}

async function load(tenantId: string, labelId: string): Promise<LabelItem> {
  const found = await store.getLabel(tenantId, labelId);
  if (!found) throw new NotFound('Label');
  return found;
}

export async function getLabel(tenantId: string, labelId: string): Promise<LabelView> {
  return view(await load(tenantId, labelId));
}

/** Finds a label of any tenant (admin detail) through its id index. */
export async function findLabelAnyTenant(labelId: string): Promise<LabelItem> {
  const item = await store.findLabelAnyTenant(labelId);
  if (!item) throw new NotFound('Label');
  return item;
}

/**
 * The label id a logo is uploaded under before its label exists (`POST /labels/new/logo_upload`),
 * so a new label and its logo are saved in one request: a refused logo leaves no label behind.
 */
const NEW_LABEL = 'new';

/** A presigned PUT for a label's contract document: an existing label's, or one for a label about to be created. */
export async function presignLabelContract(
  tenantId: string,
  labelId: string,
  file: Parameters<typeof presignUpload>[1],
) {
  if (labelId !== NEW_LABEL) await load(tenantId, labelId);
  return presignUpload(contractPrefix(tenantId, labelId), file);
}

/** A presigned PUT for a label's logo: an existing label's, or one for a label about to be created. */
export async function presignLabelLogo(tenantId: string, labelId: string, file: Parameters<typeof presignUpload>[1]) {
  if (labelId !== NEW_LABEL) await load(tenantId, labelId);
  return presignUpload(logoPrefix(tenantId, labelId), file);
}

/**
 * Resolves `logo_key` into the stored logo facts (the file checked to be a raster image), or
 * removes the logo when null. Runs before any write, so a refused logo saves nothing.
 */
async function logoFields(tenantId: string, labelId: string, logoKey: string | null | undefined) {
  if (logoKey === undefined) return {};
  if (logoKey === null) return { logo: undefined, removeLogo: true };
  const object = await uploadedObject(logoPrefix(tenantId, labelId), logoKey, 'logo_key');
  return { logo: object };
}

/** `labelId` is given by imports, which derive it from the import so a retried chunk creates nothing twice. */
export async function createLabel(tenantId: string, input: LabelInput, labelId: string = ulid()): Promise<LabelView> {
  const { logo_key, contract_key, distribution_agreements, fulfilment_agreements, ...fields } = input;
  const { logo } = await logoFields(tenantId, NEW_LABEL, logo_key);
  const depth = { contract_key, distribution_agreements, fulfilment_agreements };
  const { changes } = await labelDepthFields(tenantId, NEW_LABEL, depth);
  const record = { ...fields, ...changes, tenantId, labelId, ...(logo ? { logo } : {}) };
  await store.createLabel(record);
  return getLabel(tenantId, labelId);
}

export async function updateLabel(tenantId: string, labelId: string, input: LabelUpdate): Promise<LabelView> {
  await load(tenantId, labelId);
  const { logo_key, contract_key, distribution_agreements, fulfilment_agreements, ...fields } = input;
  const { logo, removeLogo } = await logoFields(tenantId, labelId, logo_key);
  const depth = { contract_key, distribution_agreements, fulfilment_agreements };
  const { changes: depthChanges, removeContract } = await labelDepthFields(tenantId, labelId, depth);
  const changes = { ...fields, ...depthChanges, ...(logo ? { logo } : {}) };
  await store.patchLabel(tenantId, labelId, changes, removeLogo, removeContract);
  return getLabel(tenantId, labelId);
}

export async function deleteLabel(tenantId: string, labelId: string): Promise<{ message: string }> {
  const label = await load(tenantId, labelId);
  await store.deleteLabel(tenantId, labelId);
  // The record is gone first: a file that cannot be removed is logged, never un-deletes the label.
  await removeLabelFiles(tenantId, label);
  return { message: `Label ${label.name} deleted` };
}
