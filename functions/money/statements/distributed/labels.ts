import { ulid } from 'ulid';
import type { z } from 'zod';
import type {
  DistributedLabel,
  distributedLabelInput,
  distributedLabelUpdate,
} from '../../../../shared/schemas/distributed-labels.js';
import { createLabel, updateLabel } from '../../../catalogue/labels.js';
import { getCompanies, listCompanyNames } from '../../../data/access/companies.js';
import { findLabelAnyTenant, labelsOf, listAllLabels } from '../../../data/access/labels.js';
import type { LabelItem } from '../../../data/entities/label.js';
import { InvalidField, NotFound } from '../../../lib/errors.js';
import { listAnswer, pageOfQuery, type ListQuery } from '../../../lib/list-query.js';

/**
 * Distributed labels, as the platform's admins run them across companies: a label flagged
 * distributed, with its deal percentage (its share of each sale) and the settings its distribution
 * statements are made with. The label itself is the catalogue's: made and changed through the
 * catalogue's own label code, so there is one label record and one set of rules for it.
 */

/** Labels keep their deal as a number with at most two decimals; pages show it as "15.00". */
const dealText = (deal: number | undefined | null) => (typeof deal === 'number' ? deal.toFixed(2) : null);

function present(label: LabelItem, companyName: string): DistributedLabel {
  const settings = label.statement_settings ?? {};
  return {
    id: label.labelId,
    company_id: label.tenantId,
    company_name: companyName,
    name: label.name,
    email: label.email || null,
    active: label.active ?? true,
    deal_percentage: dealText(label.deal_percentage),
    statement_settings: {
      default_summaries: settings.default_summaries ?? [],
      formats: settings.formats ?? [],
      frequency: settings.frequency ?? '',
      // Graphs are on for a label unless its settings turn them off.
      graphs: settings.graphs ?? true,
    },
    created_at: label.createdAt ?? '',
  };
}

async function companyName(companyId: string): Promise<string> {
  return (await getCompanies([companyId]))[0]?.name ?? '';
}

/** A distributed label of any company; a label that is not distributed is not found here. */
export async function distributedLabelItem(labelId: string): Promise<LabelItem> {
  const label = await findLabelAnyTenant(labelId);
  if (!label?.distributed) throw new NotFound('Distributed label');
  return label;
}

export type DistributedLabelQuery = ListQuery & { company?: string };

/**
 * The distributed labels a filter asks for, each with its company's name. Filtered by company (or label) it reads
 * only that company's labels (or that label) and name, not every company's: the admin's filtered lists stay as quick
 * with a thousand client companies as with one.
 */
export async function distributedLabelsWithCompany(filter: {
  company?: string;
  label_id?: string;
}): Promise<{ label: LabelItem; companyName: string }[]> {
  const companyOnly = filter.company;
  const filtered = Boolean(companyOnly || filter.label_id);
  const [found, everyName] = await Promise.all([
    filter.label_id
      ? findLabelAnyTenant(filter.label_id).then((label) => (label ? [label] : []))
      : companyOnly
        ? labelsOf(companyOnly)
        : listAllLabels(),
    // Unfiltered, every company's name is wanted anyway: read beside the labels, not after them.
    filtered ? undefined : listCompanyNames(),
  ]);
  const labels = found.filter((label) => label.distributed && (!companyOnly || label.tenantId === companyOnly));
  const names = everyName ?? (await getCompanies([...new Set(labels.map((l) => l.tenantId))]));
  const nameOf = new Map(names.map((c) => [c.companyId, c.name]));
  return labels.map((label) => ({ label, companyName: nameOf.get(label.tenantId) ?? '' }));
}

/** GET admin/distributed_labels: every company's distributed labels, by company when `company` is given. */
export async function listDistributedLabels(query: DistributedLabelQuery) {
  const rows = (await distributedLabelsWithCompany({ company: query.company })).map(({ label, companyName }) =>
    present(label, companyName),
  );
  return listAnswer(
    'distributed_labels',
    pageOfQuery(rows, query, { searchFields: ['name', 'company_name'], tieBreaker: 'id' }),
  );
}

export async function getDistributedLabel(labelId: string): Promise<DistributedLabel> {
  const label = await distributedLabelItem(labelId);
  return present(label, await companyName(label.tenantId));
}

/** POST admin/distributed_labels: a label of the chosen company, flagged distributed. */
export async function createDistributedLabel(input: z.infer<typeof distributedLabelInput>) {
  const { company_id, ...fields } = input;
  const name = await companyName(company_id);
  if (!name) throw new InvalidField('company_id', 'Company was not found');
  const labelId = ulid();
  await createLabel(company_id, { ...fields, distributed: true }, labelId);
  return getDistributedLabel(labelId);
}

/** PATCH admin/distributed_labels/{id}: name, e-mail, active, deal and statement settings. */
export async function updateDistributedLabel(labelId: string, changes: z.infer<typeof distributedLabelUpdate>) {
  const label = await distributedLabelItem(labelId);
  await updateLabel(label.tenantId, labelId, changes);
  return getDistributedLabel(labelId);
}
